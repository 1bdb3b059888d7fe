// The reference server as `npm start` runs it, without building or serving the front ends: the API, the
// dev sign-in provider, the scheduler and the mailer, configured by the environment as always (PORT,
// DATABASE_URL, DATA_DIR…). For the API benchmark and the two-instance script, which drive the API only.
import { enableCompileCache, flushCompileCache } from 'node:module'

// V8's compiled code is kept between starts, as by `npm start` (scripts/start.mjs) and the release's server.mjs.
enableCompileCache()
const { start } = await import('@mashura/server')
const server = await start()
flushCompileCache()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await server.stop()
    process.exit(0)
  })
}

// `npm start`: builds what the server serves (core, the host app, the widgets, the examples) when its sources
// changed since the last build, then starts the
// reference server with the embedded database (seeded on first start) and the
// development sign-in provider, and prints the address to open.
// PORT sets the port (default 8080); DATABASE_URL switches to PostgreSQL.
import { fileURLToPath } from 'node:url'
import { buildSite } from './build-site.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

// Builds once: a restart with unchanged sources serves the last build (scripts/build-site.mjs).
await buildSite()

const { start } = await import('@mashura/server')
const server = await start({
  siteRoot: `${root}host-app/dist`,
  siteServerEntry: `${root}host-app/dist-server/entry-server.js`,
  examplesRoot: `${root}examples/dist`,
  widgetsRoot: `${root}widgets/dist`,
})
console.log('  stop with Ctrl+C')
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await server.stop()
    process.exit(0)
  })
}

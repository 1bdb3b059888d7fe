// `npm start`: builds what the server serves (core, the host app, the widgets, the examples), then starts the
// reference server with the embedded database (seeded on first start) and the
// development sign-in provider, and prints the address to open.
// PORT sets the port (default 8080); DATABASE_URL switches to PostgreSQL.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { precompressDir } from './precompress.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
console.log('building core, the site, the widgets and the examples…')
execFileSync('npx', ['tsc', '-b', 'packages/core'], { cwd: root, stdio: 'inherit' })
// Vite's build sets NODE_ENV=production when it is unset; the server reads NODE_ENV to
// choose development or production, so put back what the user started us with.
const nodeEnv = process.env.NODE_ENV
await build({ configFile: `${root}examples/vite.config.ts`, root: `${root}examples`, logLevel: 'warn' })
// The agency's site, served at /.
await build({ configFile: `${root}host-app/vite.config.ts`, logLevel: 'warn' })
// Its server renderer of the public pages (host-app/dist-server): they arrive drawn (issue 15).
await build({
  configFile: `${root}host-app/vite.config.ts`,
  logLevel: 'warn',
  build: { ssr: `${root}host-app/src/entry-server.tsx` },
})
// The widget bundles, served at /widgets/ for the examples and partner pages; the same build makes the Zoom
// page in widgets/dist/zoom/ (served at /widgets/zoom/) once the widgets are done.
await build({ configFile: `${root}widgets/vite.config.ts`, logLevel: 'warn' })
if (nodeEnv === undefined) delete process.env.NODE_ENV
else process.env.NODE_ENV = nodeEnv
// Brotli and gzip copies beside the built files: the server sends them to browsers that accept them.
for (const dir of ['host-app/dist', 'examples/dist', 'widgets/dist']) precompressDir(`${root}${dir}`)

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

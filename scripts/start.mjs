// `npm start`: builds what the server serves (core, the host app, the widgets, the examples) when its sources
// changed since the last build, then starts the reference server with the embedded database (seeded on first
// start) and the development sign-in provider, and prints the address to open.
// PORT sets the port (default 8080); DATABASE_URL switches to PostgreSQL.
import { enableCompileCache, flushCompileCache } from 'node:module'
import { buildSite } from './build-site.mjs'

// V8's compiled code is kept between starts (in NODE_COMPILE_CACHE, else the system's temporary folder), as the
// release's server.mjs keeps it: a restart compiles the server and its packages again only where they changed.
enableCompileCache()

// Builds once: a restart with unchanged sources serves the last build (scripts/build-site.mjs). VITE_* settings
// in the environment get a site built with them, in a folder of its own.
const { roots } = await buildSite({ separate: true })

const { start, stopOnSignals } = await import('@mashura/server')
const server = await start(roots)
flushCompileCache()
if (server.config.development) console.log('  stop with Ctrl+C')
// A drain with a deadline (SHUTDOWN_TIMEOUT_MS) on SIGINT or SIGTERM, as the release's server.mjs does.
stopOnSignals(server)

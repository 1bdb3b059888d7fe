// `npm start`: runs whatever of the platform exists so far and prints the address.
// Today that is the core playground (examples/), served by Vite from core's source.
// PORT sets the port (default 8080; 0 picks a free one).
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const root = fileURLToPath(new URL('../examples/', import.meta.url))
const port = Number(process.env.PORT ?? 8080)

const server = await createServer({
  configFile: fileURLToPath(new URL('../examples/vite.config.ts', import.meta.url)),
  root,
  server: { port, strictPort: port !== 0, host: process.env.HOST ?? 'localhost' },
  logLevel: 'warn',
})
await server.listen()
const address = server.httpServer?.address()
const actualPort = typeof address === 'object' && address ? address.port : port
console.log(`Mashura is running at http://localhost:${actualPort}/`)
console.log(
  '  core playground: language and direction, Riyadh and Hijri dates, navigation rules, rating tokens',
)
console.log('  stop with Ctrl+C')

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await server.close()
    process.exit(0)
  })
}

// The ceiling for `npm run bench:api`: a Fastify hello world in its own process, on the port given as the
// first argument. What this machine can answer at all, measured in the same run as the API's figures.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' })
console.log('ready')

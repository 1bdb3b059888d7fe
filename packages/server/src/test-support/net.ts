import { createServer } from 'node:net'

/** Ports this process has handed out already: never hand one out twice. */
const handedOut = new Set<number>()

/** Whether nobody listens on `port` on the loopback address right now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * A loopback TCP port nobody listens on right now, chosen below the kernel's ephemeral range (32768–60999 on
 * Linux). A port the kernel gave out (listen on 0) can be taken again by any outgoing connection (a browser's,
 * a database client's) before a slow starter such as `npm start`, which builds for a minute first, listens on
 * it; a port outside that range is only taken by someone who asks for it by number.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (handedOut.has(port)) continue
    if (await free(port)) {
      handedOut.add(port)
      return port
    }
  }
  throw new Error('no free port between 20000 and 32000')
}

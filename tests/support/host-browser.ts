/**
 * The `host` project's pieces that vitest.config.ts needs when it is read: the reference server's port, the
 * proxy to it and the browser command that reaches it. Vite bundles the config with what it imports, so
 * nothing here may import the server: the global setup (tests/support/host-setup.ts) starts it and hands
 * its command runner over through {@link HOST_COMMANDS}.
 */

import { freePort } from '@mashura/server/testing'
import type { ProxyOptions } from 'vite'

/** Where the global setup leaves its command runner: the config and the setup are separate module graphs. */
export const HOST_COMMANDS = Symbol.for('mashura.hostCommands')

/** Runs a `mashura-*` (or `host-*`) command in Node with its payload. */
export type HostCommandRunner = (name: string, payload: Record<string, unknown>) => Promise<unknown>

/**
 * The port the server listens on, chosen once per run: the proxy's target must be known when the config is
 * read, before the global setup starts the server.
 */
export async function hostServerPort(): Promise<number> {
  process.env.MASHURA_HOST_TEST_PORT ??= String(await freePort())
  return Number(process.env.MASHURA_HOST_TEST_PORT)
}

/**
 * The Vite proxy entry that forwards the site's `/api` (HTTP and the realtime socket) to the server. It
 * presents the requests as the server's own origin's: the server only redeems app links and hand-offs made
 * for its site's origin, and the test page stands in for that site.
 */
export function hostApiProxy(port: number): Record<string, ProxyOptions> {
  const origin = `http://localhost:${port}`
  return {
    '^/api/': {
      target: `http://127.0.0.1:${port}`,
      changeOrigin: true,
      ws: true,
      configure(proxy) {
        proxy.on('proxyReq', (request) => request.setHeader('origin', origin))
        proxy.on('proxyReqWs', (request) => request.setHeader('origin', origin))
      },
    },
  }
}

/** The browser commands of the host project: `mashuraCommand(name, payload)` runs a command in Node. */
export const hostCommands = {
  async mashuraCommand(_context: unknown, name: string, payload?: Record<string, unknown>): Promise<unknown> {
    const run = (globalThis as { [HOST_COMMANDS]?: HostCommandRunner })[HOST_COMMANDS]
    if (!run) throw new Error('The reference server is not running (tests/support/host-setup.ts)')
    return run(name, payload ?? {})
  },
}

/**
 * Test helper: a WebSocket client of `/api/realtime` that records what it receives,
 * so tests can wait for a message or check that none came.
 */
import WebSocket from 'ws'

/** A server message. */
export interface RealtimeMessage {
  type: string
  data: Record<string, unknown> & { code?: string }
}

/** A connected test socket. */
export interface TestSocket {
  socket: WebSocket
  /** Everything received so far. */
  messages: RealtimeMessage[]
  send(message: unknown): void
  /** The next message of a type not yet taken (waits up to `timeoutMs`). */
  next(type: string, timeoutMs?: number): Promise<RealtimeMessage>
  /** Resolves with the close code. */
  closed(timeoutMs?: number): Promise<number>
  /** The reason the socket was closed with, once it has closed. */
  closeReason(): string | null
  close(): void
}

/** Why the upgrade was refused: the HTTP status, or the close code of an accepted socket. */
export async function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('open', () => reject(new Error('the upgrade was accepted')))
    socket.on('error', () => undefined)
  })
}

/** Opens a socket (not yet signed in). */
export async function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const socket = new WebSocket(url, { headers })
  const messages: RealtimeMessage[] = []
  const taken = new Set<RealtimeMessage>()
  const waiters = new Set<() => void>()
  let closeCode: number | null = null
  let closeReason: string | null = null
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()) as RealtimeMessage)
    for (const w of waiters) w()
  })
  socket.on('close', (code, reason) => {
    closeCode = code
    closeReason = reason.toString()
    for (const w of waiters) w()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)))
  })

  function waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check()
        if (found === undefined) return false
        clearTimeout(timer)
        waiters.delete(onChange)
        resolve(found)
        return true
      }
      const onChange = () => void attempt()
      const timer = setTimeout(() => {
        waiters.delete(onChange)
        reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`))
      }, timeoutMs)
      if (!attempt()) waiters.add(onChange)
    })
  }

  return {
    socket,
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    next(type, timeoutMs = 1000) {
      return waitFor(
        () => {
          const m = messages.find((x) => x.type === type && !taken.has(x))
          if (m) taken.add(m)
          return m
        },
        timeoutMs,
        `"${type}" message`,
      )
    },
    closed(timeoutMs = 1000) {
      return waitFor(() => closeCode ?? undefined, timeoutMs, 'close')
    },
    closeReason: () => closeReason,
    close: () => socket.close(),
  }
}

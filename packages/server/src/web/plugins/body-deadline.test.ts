/**
 * Bodies that never end (issue 30): a real client on a real socket, against the server listening, since what is
 * proved is that the server closes the connection. A body trickling in past its deadline gets 408 and its
 * connection closed; one still arriving at the minimum rate goes through; a request refused before its body is
 * read (no token, a bad API key, an Origin the key does not allow) is answered at once and its connection
 * closed, without the client sending the body it declared. No test sleeps: each waits for the close.
 */
import { connect, type Socket } from 'node:net'
import { serverTranslator } from '@mashura/core/i18n/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEV_API_KEY } from '../../config.ts'
import { eachDatabase, type TestPerson, useTestContext } from '../../test-support/context.ts'

/** The short deadline the suite's server runs with, and the rate that extends it. */
const BODY_MS = 500
const MIN_RATE = 1000

/** A signed-in JSON call (the other party does not exist: a body that arrives is answered 403). */
const CHAT_PATH = '/api/schedule/notifiable-id/999999/chat-notification'
const CHAT_BODY = '{"notifiable_user":"contributor","type":"text","message":"مرحبا"}'

/** A raw connection that has sent `head` (request line and headers) and records the answer until it closes. */
interface Raw {
  socket: Socket
  /** Everything the server sent, once the connection has closed. */
  closed: Promise<string>
}

/** Every raw connection made: cut before the server closes, so that a failing test cannot hold its close. */
const opened: Socket[] = []

function rawRequest(port: number, head: string[]): Raw {
  const socket = connect(port, '127.0.0.1')
  opened.push(socket)
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    received += chunk
  })
  // A reset after the answer closes the connection all the same.
  socket.on('error', () => undefined)
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)))
  socket.write(`${head.join('\r\n')}\r\n\r\n`)
  return { socket, closed }
}

/** Writes `chunk` every `everyMs` until the connection closes or `chunks` run out. */
function trickle(socket: Socket, chunks: string[], everyMs: number): void {
  const timer = setInterval(() => {
    const chunk = chunks.shift()
    if (chunk === undefined || socket.destroyed || !socket.writable) clearInterval(timer)
    else socket.write(chunk)
  }, everyMs)
  socket.once('close', () => clearInterval(timer))
}

/** The status and JSON body of a raw answer. */
function answerOf(raw: string): { status: number; headers: string; body: { error?: { code: string } } } {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body || 'null') }
}

eachDatabase('bodies that never end', (dialect) => {
  const ctx = useTestContext(dialect, {
    timeouts: { headersMs: 5000, bodyMs: BODY_MS, bodyMinRate: MIN_RATE, requestMs: 600_000 },
  })
  // Registered after the context: after-hooks run last first, so this runs before the server closes.
  afterAll(() => {
    for (const socket of opened) socket.destroy()
  })
  let port: number
  let person: TestPerson
  beforeAll(async () => {
    port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port)
    person = await ctx.person()
  })

  const chatHead = (length: number) => [
    `POST ${CHAT_PATH} HTTP/1.1`,
    'Host: 127.0.0.1',
    `X-API-Key: ${DEV_API_KEY}`,
    `Authorization: Bearer ${person.token}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
  ]

  it('gives Node its own bounds on the headers and the whole request', () => {
    expect(ctx.app.server.headersTimeout).toBe(5000)
    expect(ctx.app.server.requestTimeout).toBe(600_000)
  })

  it('answers 408 and closes the connection of a body trickling in a byte at a time past its deadline', {
    timeout: 15_000,
  }, async () => {
    const started = performance.now()
    const { socket, closed } = rawRequest(port, chatHead(1000))
    socket.write('{')
    trickle(socket, Array(1000).fill(' '), 200)
    const answer = answerOf(await closed)
    expect(performance.now() - started).toBeGreaterThanOrEqual(BODY_MS)
    expect(answer.status).toBe(408)
    expect(answer.headers).toContain('connection: close')
    expect(answer.body.error).toEqual({
      code: 'request_timeout',
      message: serverTranslator('ar').t('errors.requestTimeout'),
    })
    expect(socket.bytesWritten).toBeLessThan(1000)
  })

  it('takes a body that keeps arriving at the minimum rate after its deadline', {
    timeout: 15_000,
  }, async () => {
    // 3,000 bytes in a second: past the 500 ms deadline, at three times the minimum rate.
    const body = `${CHAT_BODY}${' '.repeat(3000)}`
    const chunks = Array.from({ length: Math.ceil(body.length / 300) }, (_, i) =>
      body.slice(i * 300, (i + 1) * 300),
    )
    const { socket, closed } = rawRequest(port, [...chatHead(Buffer.byteLength(body)), 'Connection: close'])
    trickle(socket, chunks, 100)
    const answer = answerOf(await closed)
    expect(answer.status).toBe(403)
    expect(answer.body.error?.code).toBe('chat_not_allowed')
  })

  it('answers a refused upload at once and closes its connection, without reading the body it declared', {
    timeout: 15_000,
  }, async () => {
    const declared = 50_000_000
    const upload = (headers: string[]) => [
      'POST /api/uploader/attachments/upload HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${declared}`,
      ...headers,
    ]
    for (const [headers, status, code] of [
      [[`X-API-Key: ${DEV_API_KEY}`], 401, 'unauthorized'],
      [['X-API-Key: not-a-key', `Authorization: Bearer ${person.token}`], 401, 'invalid_api_key'],
      [[`X-API-Key: ${DEV_API_KEY}`, 'Origin: https://evil.example'], 403, 'origin_not_allowed'],
    ] as const) {
      const { socket, closed } = rawRequest(port, upload([...headers]))
      socket.write(`--x\r\n${'a'.repeat(64 * 1024)}`)
      const answer = answerOf(await closed)
      expect(answer.status, code).toBe(status)
      expect(answer.body.error?.code, code).toBe(code)
      expect(answer.headers, code).toContain('connection: close')
      expect(socket.bytesWritten, code).toBeLessThan(declared / 100)
    }
  })
})

/**
 * Catalogue reads answered through the catalogue cache (catalogue-cache.ts), with ETags. The ETag is a hash
 * of what the answer is made of (the route and its query, the language, the versions of the scopes it
 * depends on and the next slot start), so a matching `If-None-Match` gets its 304 before anything is read
 * from the database. `Cache-Control: no-cache`: a client (or a proxy) keeps the answer but asks each time,
 * and a write shows at once. An answer is kept serialized, with its brotli or gzip copy made the first time a
 * client asks for it, so a cache hit neither serializes nor compresses.
 */
import { hash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AnswerStamp, CacheScope, LoadOptions } from './catalogue-cache.ts'

/** Answers smaller than this many bytes are sent uncompressed (as @fastify/compress does for the others). */
export const COMPRESS_THRESHOLD = 1024

/** The encodings the API answers in, preferred first when the client weighs them equally. */
export const API_ENCODINGS = ['br', 'gzip'] as const

/** Brotli at 4: a fraction of the time of the maximum for most of the gain (as @fastify/compress). */
const KEPT_QUALITY = 4

/**
 * Brotli at 1 for an answer made for one request and not kept (a search nobody asked for before): half the
 * time of 4 for about a fifth more bytes, where the time would buy nothing for later requests.
 */
const ONCE_QUALITY = 1

/**
 * Brotli's options for a body of `bytes`: its size told, and a window no bigger than the body (at least
 * brotli's smallest, 2^10). The default window (4 MB) is set up for every answer of a few kilobytes and cost
 * a fifth of the compression's time, for an answer as small.
 */
function brotliOptions(quality: number, bytes: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_MAX_WINDOW_BITS,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
      ),
    },
  }
}

/** A serialized answer, with its compressed copies made on first demand. */
interface CachedBody {
  /** The answer's JSON: text as serialized, or its UTF-8 bytes when it was assembled ({@link Serialized}). */
  json: string | Buffer
  bytes: number
  /** Whether the cache keeps it: one that is not is compressed faster. */
  kept: boolean
  br?: Buffer
  gzip?: Buffer
}

/**
 * An answer already serialized, exactly as the route's response schema would serialize it (a page assembled
 * from its items' kept JSON, say), as UTF-8 bytes: sent as it is. Bytes, because joining kept strings made by
 * the serializer (ropes of many pieces) cost a quarter of a millisecond a page, where copying bytes costs none.
 */
export class Serialized {
  readonly json: Buffer
  constructor(json: Buffer) {
    this.json = json
  }
}

/** A catalogue read: what it depends on, what identifies it, and how to answer it. */
export interface CachedRead<T> {
  /** The scopes whose versions the answer depends on. */
  scopes: CacheScope[]
  /** Whether the answer depends on which slots are still in the future. */
  timed?: boolean
  /** What identifies the answer besides the versions and the language: the route, its path and query. */
  key: string
  /** The answer (before serialization) at `now`. */
  compute(now: Date): Promise<T>
}

/** The weak ETag of an answer made of `basis`. */
export function etagOf(basis: string): string {
  // The one-shot hash: no Hash object per request.
  return `W/"${hash('sha256', basis, 'base64url').slice(0, 27)}"`
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as GET revalidation uses). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false
  const value = Array.isArray(header) ? header.join(',') : header
  if (value.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}

/** The encoding to answer in, negotiated the way @fastify/compress does; null for none. */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  if (request.headers['x-no-compression'] !== undefined) return null
  const header = request.headers['accept-encoding']
  if (header === undefined) return null
  // `*` and x-gzip mean gzip, as @fastify/compress reads them.
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...API_ENCODINGS])
}

/** Adds header names to `Vary`, keeping those already there (CORS adds `Origin`). */
function vary(reply: FastifyReply, ...names: string[]): FastifyReply {
  const current = reply.getHeader('vary')
  // Most answers have none yet: no lists to build.
  if (current === undefined) return reply.header('vary', names.join(', '))
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const lower = new Set(listed.map((name) => name.toLowerCase()))
  for (const name of names) if (!lower.has(name)) listed.push(name)
  return reply.header('vary', listed.join(', '))
}

/**
 * Sends a kept answer, compressed when it is big enough and the client takes brotli or gzip, varying by the
 * language and, for a body that may be compressed, the encoding (named at once: one `Vary` made, not two).
 */
function sendBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8')
  if (body.bytes < COMPRESS_THRESHOLD) return vary(reply, 'accept-language').send(body.json)
  vary(reply, 'accept-language', 'accept-encoding')
  const encoding = encodingFor(request)
  if (encoding === 'br') {
    body.br ??= brotliCompressSync(
      body.json,
      brotliOptions(body.kept ? KEPT_QUALITY : ONCE_QUALITY, body.bytes),
    )
    return reply.header('content-encoding', 'br').send(body.br)
  }
  if (encoding === 'gzip') {
    body.gzip ??= gzipSync(body.json, body.kept ? {} : { level: 1 })
    return reply.header('content-encoding', 'gzip').send(body.gzip)
  }
  return reply.send(body.json)
}

/**
 * What a read was answered under, to remember the answer by: where answers stood when it began and the next
 * slot start its versions named (ISO text, `none`, or `-` for a read that is not timed).
 */
export interface MemoBasis {
  stamp: AnswerStamp
  boundary: string
}

/** The instant an answer made before `boundary` stops holding by itself (ms; Infinity for never). */
function untilOf(boundary: string): number {
  return boundary === '-' || boundary === 'none' ? Number.POSITIVE_INFINITY : Date.parse(boundary)
}

/** The longest URL (with its language and method) whose answer is remembered whole. */
const MEMO_KEY_CHARS = 2048

/** What names a request's answer among remembered ones: its language, method and URL (path and query). */
function memoKey(request: FastifyRequest): string {
  return `${request.lang}|${request.method} ${request.url}`
}

/**
 * Sends the answer remembered for this request (or a 304 for it) when it still stands; null when there is none.
 * A popular search asked again is then answered without its versions, keys or ETag being made anew (issue 37).
 */
export function sendRemembered(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const cache = request.server.catalogueCache
  // The ETag alone is remembered: the body stays where the cache keeps it, counted once for its size.
  const etag = cache.recall<string>(memoKey(request))
  if (etag === undefined) return null
  const body = cache.get<CachedBody>(`body|${etag}`)
  if (body === undefined) return null
  return sendNotModified(request, reply, etag) ?? sendTagged(request, reply, etag, body)
}

/** Remembers this request's answer by its ETag, unless its URL is oddly long. */
function remember(request: FastifyRequest, etag: string, memo: MemoBasis): void {
  const key = memoKey(request)
  if (key.length > MEMO_KEY_CHARS) return
  const { stamp, boundary } = memo
  request.server.catalogueCache.remember(key, etag, key.length * 2 + 128, stamp, untilOf(boundary))
}

/** A 304 when the client holds the answer tagged `etag`, else null. */
function sendNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): FastifyReply | null {
  // An ETag is only ever given with a 200, so a match means this answer was a 200 under these versions.
  if (!matchesEtag(request.headers['if-none-match'], etag)) return null
  return vary(reply.code(304), 'accept-language', 'accept-encoding')
    .header('etag', etag)
    .header('cache-control', 'no-cache')
    .send()
}

/** Sends an answer with its ETag. */
function sendTagged(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  body: CachedBody,
): FastifyReply {
  return sendBody(request, reply.header('etag', etag).header('cache-control', 'no-cache'), body)
}

/**
 * Answers a read whose versions are known: 304 when the client holds this very answer, else the kept answer
 * or a new one (kept for the next time, or as `options.keep` says). `basis` must name everything the answer is
 * made of. With `memo`, a kept answer is also remembered whole for this request's URL ({@link sendRemembered}).
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  basis: string,
  compute: () => Promise<unknown>,
  options?: LoadOptions,
  memo?: MemoBasis | null,
): Promise<FastifyReply> {
  const etag = etagOf(basis)
  const unchanged = sendNotModified(request, reply, etag)
  if (unchanged) return unchanged
  // Kept, or made once for every identical request that misses meanwhile (`load`). Under its ETag, a hash of
  // the basis: a short key is looked up faster than the basis itself, hundreds of characters made anew each time.
  const body = await request.server.catalogueCache.load<CachedBody>(
    `body|${etag}`,
    async (kept) => {
      // The route's response schema serializes it, exactly as a returned object would be.
      const answer = await compute()
      const json = answer instanceof Serialized ? answer.json : String(reply.serialize(answer))
      return { json, bytes: typeof json === 'string' ? Buffer.byteLength(json) : json.length, kept }
    },
    // Room for the text (two bytes a character in memory) and a compressed copy.
    (made) => (typeof made.json === 'string' ? made.json.length * 3 : made.bytes * 2) + 256,
    options,
  )
  // Only what the cache keeps: a search asked once is not remembered either.
  if (memo && body.kept) remember(request, etag, memo)
  return sendTagged(request, reply, etag, body)
}

/**
 * Answers a catalogue read through the cache: the versions of its scopes, then a 304, the kept answer, or
 * a new one. Without the cache (off, or its versions unreadable) the answer is computed as it always was,
 * without an ETag.
 */
export async function answerCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: CachedRead<T>,
): Promise<T | undefined> {
  const remembered = sendRemembered(request, reply)
  if (remembered) return remembered
  const cache = request.server.catalogueCache
  const stamp = cache.stamp()
  const versions = await cache.versions(read.scopes, { timed: read.timed ?? false })
  if (!versions) return read.compute(new Date())
  const basis = `${read.key}|${request.lang}|${versions.tokens.join(',')}|${versions.boundary}|${versions.epoch}`
  const memo = stamp && { stamp, boundary: versions.boundary }
  return sendVersioned(request, reply, basis, () => read.compute(versions.now), undefined, memo)
}

/** What identifies a read within its route: the route's path, its path parameters and its query. */
export function readKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url}|${JSON.stringify(request.params ?? {})}|${JSON.stringify(request.query ?? {})}`
}

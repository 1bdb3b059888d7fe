/**
 * A small gzipped tar writer and reader for the backups (issue 35). Tar rather than the ZIP writer of the data
 * exports (adapters/files/zip.ts): a backup holds every upload and can pass 4 GiB, which that writer (no ZIP64)
 * cannot; tar has no such bound (sizes past 8 GiB go in a PAX header), streams through `node:zlib`'s gzip in
 * one pass, and any machine can list or unpack it with `tar -xzf` when this code is not at hand. Only what a
 * backup needs: regular files, with long names and large sizes in PAX records.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

const BLOCK = 512
/** The largest size the octal field holds (11 digits). */
const OCTAL_MAX = 8 ** 11 - 1

/** A file to put in the archive: bytes, or a file on disk (read once, as it is written). */
export type TarSource = { name: string; data: Uint8Array } | { name: string; path: string; size: number }

/** What the writer saw of each file: its size and SHA-256, for the manifest. */
export interface TarWritten {
  name: string
  size: number
  sha256: string
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

/** A 512-byte ustar header. */
function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const b = Buffer.alloc(BLOCK)
  b.write(name, 0, 100, 'utf8')
  b.write(octal(0o600, 8), 100, 'ascii')
  b.write(octal(0, 8), 108, 'ascii')
  b.write(octal(0, 8), 116, 'ascii')
  b.write(octal(size, 12), 124, 'ascii')
  b.write(octal(mtime, 12), 136, 'ascii')
  b.write('        ', 148, 'ascii')
  b.write(type, 156, 'ascii')
  b.write('ustar\0', 257, 'ascii')
  b.write('00', 263, 'ascii')
  let sum = 0
  for (const byte of b) sum += byte
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return b
}

/** One PAX record, `<length> <key>=<value>\n`, its length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`
  let length = Buffer.byteLength(body) + 1
  while (`${length}${body}`.length !== length) length = Buffer.byteLength(`${length}${body}`)
  return `${length}${body}`
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** The headers of one file: a PAX header first when its name or size does not fit ustar's fields. */
function headersOf(name: string, size: number, mtime: number): Buffer[] {
  const long = Buffer.byteLength(name) > 99
  const large = size > OCTAL_MAX
  if (!long && !large) return [header(name, size, '0', mtime)]
  const pax = Buffer.from(
    (long ? paxRecord('path', name) : '') + (large ? paxRecord('size', String(size)) : ''),
    'utf8',
  )
  return [
    header('PaxHeader', pax.length, 'x', mtime),
    pax,
    padding(pax.length),
    header(long ? name.slice(0, 99) : name, large ? 0 : size, '0', mtime),
  ]
}

/**
 * Writes `sources`, then what `last(written)` gives (the manifest, which lists the others' checksums), as a
 * gzipped tar at `path` (created, never replaced, private to the server's user). A file on disk must keep the
 * size it had when listed: a backup of a file changing under it would be damaged.
 */
export async function writeTarGz(
  path: string,
  sources: AsyncIterable<TarSource> | Iterable<TarSource>,
  last: (written: TarWritten[]) => TarSource,
): Promise<TarWritten[]> {
  const written: TarWritten[] = []
  const mtime = Math.floor(Date.now() / 1000)
  async function* blocks(): AsyncGenerator<Buffer> {
    const one = async function* (source: TarSource): AsyncGenerator<Buffer> {
      const hash = createHash('sha256')
      if ('data' in source) {
        yield* headersOf(source.name, source.data.length, mtime)
        hash.update(source.data)
        yield Buffer.from(source.data)
        yield padding(source.data.length)
        written.push({ name: source.name, size: source.data.length, sha256: hash.digest('hex') })
        return
      }
      yield* headersOf(source.name, source.size, mtime)
      let seen = 0
      if (source.size > 0) {
        for await (const chunk of createReadStream(source.path, { end: source.size - 1 })) {
          const bytes = chunk as Buffer
          seen += bytes.length
          hash.update(bytes)
          yield bytes
        }
      }
      if (seen !== source.size)
        throw new Error(
          `${source.name} changed while it was being backed up (${seen} of ${source.size} bytes)`,
        )
      yield padding(source.size)
      written.push({ name: source.name, size: source.size, sha256: hash.digest('hex') })
    }
    for await (const source of sources) yield* one(source)
    yield* one(last([...written]))
    yield Buffer.alloc(BLOCK * 2)
  }
  await pipeline(blocks(), createGzip(), createWriteStream(path, { flags: 'wx', mode: 0o600 }))
  return written
}

/** Reads exactly n bytes at a time from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = []
  private buffered = 0
  private done = false
  private readonly source: AsyncIterator<Buffer>
  constructor(source: AsyncIterator<Buffer>) {
    this.source = source
  }

  /** Up to `n` bytes (fewer only at the end of the stream), at least one unless it ended. */
  async some(n: number): Promise<Buffer> {
    while (this.buffered === 0 && !this.done) {
      const next = await this.source.next()
      if (next.done) this.done = true
      else {
        this.chunks.push(next.value)
        this.buffered += next.value.length
      }
    }
    if (this.buffered === 0) return Buffer.alloc(0)
    const first = this.chunks[0]!
    const taken = first.subarray(0, n)
    if (taken.length === first.length) this.chunks.shift()
    else this.chunks[0] = first.subarray(n)
    this.buffered -= taken.length
    return taken
  }

  /** Exactly `n` bytes; throws when the stream ends first (a truncated archive). */
  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = []
    let got = 0
    while (got < n) {
      const part = await this.some(n - got)
      if (part.length === 0) throw new Error('the archive ends in the middle of a file: it is truncated')
      parts.push(part)
      got += part.length
    }
    return Buffer.concat(parts, n)
  }
}

/** A file of the archive, as the reader hands it over: its bytes are read by `read` (once), or skipped. */
export interface TarEntry {
  name: string
  size: number
  /** Streams the entry's bytes to `sink`, in order. */
  read(sink: (chunk: Buffer) => Promise<void> | void): Promise<void>
}

function field(b: Buffer, start: number, length: number): string {
  const raw = b.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

function parseOctal(b: Buffer, start: number, length: number, what: string): number {
  const text = field(b, start, length).trim()
  if (!/^[0-7]+$/.test(text)) throw new Error(`a damaged tar header (${what})`)
  return Number.parseInt(text, 8)
}

/**
 * Reads a gzipped tar at `path`, handing each regular file to `onEntry` in order (which must read it or leave
 * it: what is left is skipped). Throws on a damaged archive: a bad gzip stream or checksum, a header that does
 * not add up, a type other than a file, a truncated end.
 */
export async function readTarGz(path: string, onEntry: (entry: TarEntry) => Promise<void>): Promise<void> {
  const gunzip = createGunzip()
  const input = createReadStream(path)
  const piping = pipeline(input, gunzip).catch((error: unknown) => {
    gunzip.destroy(error as Error)
  })
  const reader = new ByteReader((gunzip as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer>)
  let pax: Record<string, string> = {}
  try {
    for (;;) {
      const block = await reader.exactly(BLOCK)
      if (block.every((byte) => byte === 0)) {
        // Read to the end, so that gzip checks its trailer (the CRC of everything) too.
        while ((await reader.some(1 << 20)).length > 0);
        break
      }
      let sum = 0
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!
      if (parseOctal(block, 148, 8, 'checksum') !== sum) throw new Error('a damaged tar header (checksum)')
      const type = String.fromCharCode(block[156]!)
      let size = parseOctal(block, 124, 12, 'size')
      const prefix = field(block, 345, 155)
      let name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100)
      if (type === 'x') {
        const text = (await reader.exactly(size)).toString('utf8')
        await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK)
        pax = {}
        for (const match of text.matchAll(/\d+ ([^=]+)=([^\n]*)\n/g)) pax[match[1]!] = match[2]!
        continue
      }
      if (type !== '0' && type !== '\0')
        throw new Error(`the archive holds something other than files (${name})`)
      if (pax.path) name = pax.path
      if (pax.size) size = Number(pax.size)
      pax = {}
      let left = size
      const drain = async (sink?: (chunk: Buffer) => Promise<void> | void) => {
        while (left > 0) {
          const chunk = await reader.some(Math.min(left, 1 << 20))
          if (chunk.length === 0) throw new Error('the archive ends in the middle of a file: it is truncated')
          left -= chunk.length
          if (sink) await sink(chunk)
        }
      }
      let read = false
      await onEntry({
        name,
        size,
        read: async (sink) => {
          if (read) throw new Error(`${name} read twice`)
          read = true
          await drain(sink)
        },
      })
      await drain()
      await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK)
    }
  } finally {
    input.destroy()
    gunzip.destroy()
    await piping
  }
}

/** Writes a stream of chunks to a new private file at `path`, answering the bytes' SHA-256 (hex). */
export async function fileSink(path: string) {
  const file = await open(path, 'wx', 0o600)
  const hash = createHash('sha256')
  let size = 0
  return {
    async write(chunk: Buffer) {
      hash.update(chunk)
      size += chunk.length
      await file.write(chunk)
    },
    async close(): Promise<{ size: number; sha256: string }> {
      await file.sync()
      await file.close()
      return { size, sha256: hash.digest('hex') }
    },
  }
}

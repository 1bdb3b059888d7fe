/**
 * A small ZIP writer (and reader, for tests and checks) for the data exports (issue 34). No dependency: Node has
 * CRC-32 (`zlib.crc32`) and raw deflate, and a ZIP of a few JSON files and some uploads needs nothing else.
 * JSON entries are deflated; files are stored as they are (photos, voice notes and PDFs are compressed already)
 * and streamed from storage, never held whole in memory: the local header is written first with zero CRC and
 * sizes, which are written into it once the bytes have passed. Names are UTF-8 (flag bit 11). No ZIP64: an
 * export stays far below 4 GiB and 65,535 entries (a person's uploads are bounded by `UPLOAD_QUOTA_MB`).
 */
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

/** One entry to write: bytes or text (deflated), or a stream (stored). */
export type ZipEntry = { name: string; data: Uint8Array | string } | { name: string; stream: Readable }

const LOCAL = 0x04034b50
const CENTRAL = 0x02014b50
const END = 0x06054b50
const UTF8 = 0x0800
const STORE = 0
const DEFLATE = 8

/** The MS-DOS time and date of `at` (local fields of its UTC time). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}

interface Written {
  name: Buffer
  method: number
  crc: number
  compressed: number
  size: number
  offset: number
}

/** Writes `entries` as a ZIP file at `path` (created, private to the server's user); answers its size. */
export async function writeZip(
  path: string,
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  at = new Date(),
) {
  const { time, date } = dosTime(at)
  const file = await open(path, 'wx', 0o600)
  const written: Written[] = []
  let position = 0
  const write = async (bytes: Uint8Array) => {
    await file.write(bytes, 0, bytes.length, position)
    position += bytes.length
  }
  const header = (entry: Omit<Written, 'offset'>) => {
    const b = Buffer.alloc(30)
    b.writeUInt32LE(LOCAL, 0)
    b.writeUInt16LE(20, 4)
    b.writeUInt16LE(UTF8, 6)
    b.writeUInt16LE(entry.method, 8)
    b.writeUInt16LE(time, 10)
    b.writeUInt16LE(date, 12)
    b.writeUInt32LE(entry.crc >>> 0, 14)
    b.writeUInt32LE(entry.compressed, 18)
    b.writeUInt32LE(entry.size, 22)
    b.writeUInt16LE(entry.name.length, 26)
    b.writeUInt16LE(0, 28)
    return b
  }
  try {
    for await (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8')
      const offset = position
      if ('data' in entry) {
        const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data
        const packed = deflateRawSync(raw)
        const record = { name, method: DEFLATE, crc: crc32(raw), compressed: packed.length, size: raw.length }
        await write(header(record))
        await write(name)
        await write(packed)
        written.push({ ...record, offset })
      } else {
        const record = { name, method: STORE, crc: 0, compressed: 0, size: 0 }
        await write(header(record))
        await write(name)
        for await (const chunk of entry.stream) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
          record.crc = crc32(bytes, record.crc)
          record.size += bytes.length
          await write(bytes)
        }
        record.compressed = record.size
        // The CRC and sizes, now known, go into the header written before the bytes.
        await file.write(header(record), 0, 30, offset)
        written.push({ ...record, offset })
      }
    }
    const start = position
    for (const entry of written) {
      const b = Buffer.alloc(46)
      b.writeUInt32LE(CENTRAL, 0)
      b.writeUInt16LE(20, 4)
      b.writeUInt16LE(20, 6)
      b.writeUInt16LE(UTF8, 8)
      b.writeUInt16LE(entry.method, 10)
      b.writeUInt16LE(time, 12)
      b.writeUInt16LE(date, 14)
      b.writeUInt32LE(entry.crc >>> 0, 16)
      b.writeUInt32LE(entry.compressed, 20)
      b.writeUInt32LE(entry.size, 24)
      b.writeUInt16LE(entry.name.length, 28)
      b.writeUInt32LE(entry.offset, 42)
      await write(b)
      await write(entry.name)
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(END, 0)
    end.writeUInt16LE(written.length, 8)
    end.writeUInt16LE(written.length, 10)
    end.writeUInt32LE(position - start, 12)
    end.writeUInt32LE(start, 16)
    await write(end)
    return position
  } finally {
    await file.close()
  }
}

/** Reads a whole ZIP (as `writeZip` makes them) into its entries' names and bytes, checking each CRC. */
export function readZip(zip: Uint8Array): Map<string, Buffer> {
  const b = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
  let end = b.length - 22
  while (end >= 0 && b.readUInt32LE(end) !== END) end--
  if (end < 0) throw new Error('not a ZIP file: no end of central directory')
  const count = b.readUInt16LE(end + 10)
  let at = b.readUInt32LE(end + 16)
  const out = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    if (b.readUInt32LE(at) !== CENTRAL) throw new Error('damaged ZIP central directory')
    const method = b.readUInt16LE(at + 10)
    const crc = b.readUInt32LE(at + 16)
    const compressed = b.readUInt32LE(at + 20)
    const nameLength = b.readUInt16LE(at + 28)
    const extra = b.readUInt16LE(at + 30)
    const comment = b.readUInt16LE(at + 32)
    const offset = b.readUInt32LE(at + 42)
    const name = b.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const dataAt = offset + 30 + b.readUInt16LE(offset + 26) + b.readUInt16LE(offset + 28)
    const packed = b.subarray(dataAt, dataAt + compressed)
    const data = method === DEFLATE ? inflateRawSync(packed) : Buffer.from(packed)
    if (crc32(data) >>> 0 !== crc) throw new Error(`ZIP entry ${name}: CRC mismatch`)
    out.set(name, data)
    at += 46 + nameLength + extra + comment
  }
  return out
}

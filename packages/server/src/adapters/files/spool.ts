/**
 * Writes an arriving upload to a temporary file as it comes, never holding more of it than the stream's own
 * buffers: its bytes are counted against the file's size limit and the uploader's remaining room as they
 * pass, and its first bytes are looked at before the rest is read, so a file too large, over the quota or of
 * a type not accepted is refused while it arrives and its temporary file deleted. An accepted file is then
 * checked from its temporary file (check-pool.ts) and moved into storage (`FileStorage.putFile`).
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { HEAD_BYTES } from './validate.ts'

/** The folder of arriving uploads' temporary files, under DATA_DIR: the same file system as the uploads, so moving one in is a rename. */
export const SPOOL_FOLDER = 'uploads-incoming'

/** Why an arriving file was refused: over its size limit, over the room left for the uploader, or not a type accepted. */
export type SpoolRefusal = 'too_large' | 'over_quota' | 'unsupported'

/** A file refused while it arrived; its temporary file is already gone. */
export class SpoolRefused extends Error {
  override readonly name = 'SpoolRefused'
  readonly reason: SpoolRefusal

  constructor(reason: SpoolRefusal) {
    super(`upload refused while arriving: ${reason}`)
    this.reason = reason
  }
}

/** How to write one arriving file. */
export interface SpoolOptions {
  /** The folder of temporary files (made when missing). */
  dir: string
  /** The most bytes the file may have. */
  maxBytes: number
  /** The most bytes the uploader may still store; past it the file is refused as `over_quota`. */
  room?: number
  /** Whether the file may be of an accepted type, from its first `HEAD_BYTES` (all of it when shorter). */
  accepts?: (head: Uint8Array) => Promise<boolean>
}

/** A file written to its temporary path. */
export interface SpooledFile {
  path: string
  size: number
}

/** The suffix of temporary files, which `sweepSpool` removes once they are old. */
const PART = '.part'

/**
 * Writes `source` to a new temporary file under `options.dir`, refusing it (`SpoolRefused`) as soon as it
 * passes `maxBytes` or `room`, or its first bytes are not of a type `accepts`. On any failure (a refusal, the
 * client going away) the temporary file is deleted and the error thrown.
 */
export async function spoolToDisk(source: Readable, options: SpoolOptions): Promise<SpooledFile> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 })
  const path = join(options.dir, `${randomUUID()}${PART}`)
  let size = 0
  // The first bytes, held until there are enough to tell the type (at most HEAD_BYTES and a chunk).
  let head: Buffer[] | null = options.accepts ? [] : null
  let headSize = 0
  const release = async (push: (chunk: Buffer) => void) => {
    const bytes = Buffer.concat(head!)
    head = null
    if (!(await options.accepts!(bytes.subarray(0, HEAD_BYTES)))) throw new SpoolRefused('unsupported')
    push(bytes)
  }
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > options.maxBytes) return done(new SpoolRefused('too_large'))
      if (options.room !== undefined && size > options.room) return done(new SpoolRefused('over_quota'))
      if (!head) return done(null, chunk)
      head.push(chunk)
      headSize += chunk.length
      if (headSize < HEAD_BYTES) return done()
      release((bytes) => this.push(bytes)).then(() => done(), done)
    },
    flush(done) {
      if (!head) return done()
      release((bytes) => this.push(bytes)).then(() => done(), done)
    },
  })
  try {
    await pipeline(source, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }))
  } catch (error) {
    await rm(path, { force: true })
    throw error
  }
  return { path, size }
}

/**
 * Removes temporary files older than `olderThanMs` from `dir`: those of uploads a crash or a restart cut off
 * (every refusal and abort deletes its own). Answers how many it removed.
 */
export async function sweepSpool(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    if (!name.endsWith(PART)) continue
    const path = join(dir, name)
    try {
      if (now - (await stat(path)).mtimeMs < olderThanMs) continue
      await rm(path, { force: true })
      removed++
    } catch {
      // Gone already: its upload finished or another instance swept it.
    }
  }
  return removed
}

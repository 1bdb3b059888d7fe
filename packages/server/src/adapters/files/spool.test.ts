/**
 * Arriving uploads are written to disk as they come (issue 30): never held whole in memory, refused while they
 * arrive past their size limit, past the uploader's room or by their first bytes, and their temporary file
 * deleted on every refusal or abort. Measured through what the writer pulls from its source and what has
 * reached the disk at each pull, not through the process's memory, which other work moves.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { SpoolRefused, spoolToDisk, sweepSpool } from './spool.ts'
import { pdfFile } from './test-files.ts'
import { mayBeAllowedType } from './validate.ts'

const CHUNK = 64 * 1024
const MB = 1024 * 1024

/**
 * A source of `total` bytes in chunks, made as they are pulled, that records how many bytes it handed out
 * and, at each pull, how far that ran ahead of what the temporary file in `dir` holds.
 */
function source(dir: string, total: number, first: Buffer = Buffer.alloc(0), failAt?: number) {
  const seen = { pulled: 0, ahead: 0 }
  const onDisk = () => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0)
  async function* chunks() {
    while (seen.pulled < total) {
      if (failAt !== undefined && seen.pulled >= failAt) throw new Error('the client went away')
      seen.ahead = Math.max(seen.ahead, seen.pulled - onDisk())
      const chunk = Buffer.alloc(Math.min(CHUNK, total - seen.pulled), 0x20)
      if (seen.pulled === 0) first.copy(chunk)
      seen.pulled += chunk.length
      yield chunk
    }
  }
  return { stream: Readable.from(chunks()), seen }
}

describe('writing arriving uploads to disk', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'mashura-spool-'))

  it('writes a file as it arrives, never more than the streams buffer ahead of the disk', async () => {
    const dir = fresh()
    const { stream, seen } = source(dir, 8 * MB)
    const file = await spoolToDisk(stream, { dir, maxBytes: 10 * MB })
    expect(file.size).toBe(8 * MB)
    expect(statSync(file.path).size).toBe(8 * MB)
    expect(statSync(file.path).mode & 0o777).toBe(0o600)
    expect(seen.ahead).toBeLessThanOrEqual(MB)
  })

  it('refuses a file past its size limit while it arrives, reading little past it, and deletes its temporary file', async () => {
    const dir = fresh()
    const { stream, seen } = source(dir, 50 * MB)
    const refused = await spoolToDisk(stream, { dir, maxBytes: 10 * MB }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SpoolRefused)
    expect((refused as SpoolRefused).reason).toBe('too_large')
    // The 40 MB after the limit were never asked for, let alone held.
    expect(seen.pulled).toBeLessThanOrEqual(11 * MB)
    expect(seen.ahead).toBeLessThanOrEqual(MB)
    expect(readdirSync(dir)).toEqual([])
  })

  it("refuses a file past the uploader's room while it arrives", async () => {
    const dir = fresh()
    const { stream, seen } = source(dir, 5 * MB)
    const refused = await spoolToDisk(stream, { dir, maxBytes: 10 * MB, room: 2 * MB }).catch(
      (e: unknown) => e,
    )
    expect((refused as SpoolRefused).reason).toBe('over_quota')
    expect(seen.pulled).toBeLessThanOrEqual(3 * MB)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a file by its first bytes before reading the rest, and keeps one whose first bytes fit', async () => {
    const dir = fresh()
    const junk = source(dir, 9 * MB, Buffer.from('MZ\x90\x00 not a document'))
    const accepts = (head: Uint8Array) => mayBeAllowedType(head, 'attachment')
    const refused = await spoolToDisk(junk.stream, { dir, maxBytes: 10 * MB, accepts }).catch(
      (e: unknown) => e,
    )
    expect((refused as SpoolRefused).reason).toBe('unsupported')
    expect(junk.seen.pulled).toBeLessThanOrEqual(4 * CHUNK)
    expect(readdirSync(dir)).toEqual([])
    // A file shorter than the look is looked at whole, at its end.
    const pdf = pdfFile()
    const kept = await spoolToDisk(Readable.from([pdf]), { dir, maxBytes: 10 * MB, accepts })
    expect(readFileSync(kept.path).equals(pdf)).toBe(true)
    const empty = await spoolToDisk(Readable.from([]), { dir, maxBytes: 10 * MB, accepts }).catch((e) => e)
    expect((empty as SpoolRefused).reason).toBe('unsupported')
  })

  it('deletes the temporary file when the upload breaks off', async () => {
    const dir = fresh()
    const { stream } = source(dir, 8 * MB, Buffer.alloc(0), 2 * MB)
    await expect(spoolToDisk(stream, { dir, maxBytes: 10 * MB })).rejects.toThrow('the client went away')
    expect(readdirSync(dir)).toEqual([])
  })

  it('sweeps the temporary files a crash left behind once they are old, and nothing else', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'old.part'), 'x')
    writeFileSync(join(dir, 'new.part'), 'x')
    writeFileSync(join(dir, 'keep.txt'), 'x')
    const hourAgo = (Date.now() - 2 * 3_600_000) / 1000
    utimesSync(join(dir, 'old.part'), hourAgo, hourAgo)
    expect(await sweepSpool(dir, 3_600_000)).toBe(1)
    expect(readdirSync(dir).sort()).toEqual(['keep.txt', 'new.part'])
    expect(await sweepSpool(join(dir, 'missing'), 0)).toBe(0)
  })
})

/**
 * Uploaded files live behind this small interface: on disk under DATA_DIR/uploads by
 * default; an S3-compatible store can implement the same calls.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'

/** Where file bytes are kept. Names are made by the server (never the uploader's). */
export interface FileStorage {
  /** Stores bytes under a server-made name. */
  put(name: string, data: Uint8Array): Promise<void>
  /**
   * Stores a checked upload's temporary file (under DATA_DIR, see spool.ts) under a server-made name, taking
   * it away from its temporary path: uploads never pass through memory whole.
   */
  putFile(name: string, temporaryPath: string): Promise<void>
  /** Reads a file as a stream; null when it does not exist. */
  get(name: string): Promise<Readable | null>
  /** Deletes a file (no error when it is already gone). */
  delete(name: string): Promise<void>
}

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/

/** The disk storage under a folder. */
export function diskStorage(root: string): FileStorage {
  const path = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`unsafe stored file name ${name}`)
    return join(root, name)
  }
  return {
    async put(name, data) {
      await mkdir(root, { recursive: true })
      await writeFile(path(name), data, { flag: 'wx', mode: 0o600 })
    },
    async putFile(name, temporaryPath) {
      const target = path(name)
      await mkdir(root, { recursive: true })
      // Both live under DATA_DIR: a rename, not a copy. Names are fresh uuids, so nothing is replaced.
      await rename(temporaryPath, target)
    },
    async get(name) {
      try {
        await stat(path(name))
      } catch {
        return null
      }
      return createReadStream(path(name))
    },
    async delete(name) {
      await rm(path(name), { force: true })
    },
  }
}

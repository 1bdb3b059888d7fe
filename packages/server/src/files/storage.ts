/**
 * Uploaded files live behind this small interface: on disk under DATA_DIR/uploads by
 * default; an S3-compatible store can implement the same four calls.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'

/** Where file bytes are kept. Names are made by the server (never the uploader's). */
export interface FileStorage {
  /** Stores bytes under a server-made name. */
  put(name: string, data: Uint8Array): Promise<void>
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

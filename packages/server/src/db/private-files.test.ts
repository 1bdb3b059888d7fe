import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { openStore } from './database.ts'

const mode = (path: string) => statSync(path).mode & 0o777

describe('the data directory and the SQLite files', () => {
  it('are their owner’s alone: the directory 0700, the database and its WAL and shared memory 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'mashura-private-'))
    const dataDir = join(parent, 'data')
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'test-secret-of-enough-length',
    })
    expect(mode(config.dataDir)).toBe(0o700)
    const store = await openStore({ databaseUrl: null, dataDir })
    await store.db
      .insertInto('settings' as never)
      .values({ key: 'probe', value: '1' } as never)
      .execute()
      .catch(() => {})
    for (const file of ['mashura.sqlite', 'mashura.sqlite-wal', 'mashura.sqlite-shm'])
      expect(mode(join(dataDir, file)), file).toBe(0o600)
    await store.destroy()
  })

  it('make an existing database private when it was not', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-private-'))
    const file = join(dataDir, 'mashura.sqlite')
    writeFileSync(file, '')
    chmodSync(file, 0o644)
    const store = await openStore({ databaseUrl: null, dataDir })
    expect(mode(file)).toBe(0o600)
    await store.destroy()
  })
})

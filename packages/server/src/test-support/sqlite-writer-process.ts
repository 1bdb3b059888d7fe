/**
 * Another server instance writing to one SQLite file, for tests of the SQLite dialect
 * (db/sqlite-dialect.test.ts). Prints `ready` once the file is open, then obeys lines on stdin:
 * - `write <count> <tag>`: runs `count` transactions that each read, then write (the shape that made a
 *   deferred transaction fail with SQLITE_BUSY when another process wrote in between), and prints
 *   `{ "ok": n }` or `{ "error": code, "message" }`;
 * - `hold`: begins a write transaction and prints `held`; `commit` commits it and prints `committed`;
 * - `exit`: closes the file and exits.
 * `node sqlite-writer-process.ts <dataDir> <sqliteFile>`.
 */
import { createInterface } from 'node:readline'
import { sql } from 'kysely'
import { openStore } from '../db/database.ts'
import { insertPerson } from './fixtures.ts'

const [dataDir, sqliteFile] = process.argv.slice(2)
const store = await openStore({ databaseUrl: null, dataDir: dataDir!, sqliteFile: sqliteFile! })
const say = (line: unknown) =>
  process.stdout.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`)
let commit = (): void => undefined
let held: Promise<unknown> | null = null

say('ready')
for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...args] = line.split(' ')
  if (command === 'write') {
    const [count, tag] = [Number(args[0]), args[1]]
    try {
      for (let i = 0; i < count; i++) {
        await store.db.transaction().execute(async (trx) => {
          // A read first: a deferred transaction takes only a read snapshot here.
          await sql`select count(*) as n from people`.execute(trx)
          await insertPerson(trx, { issuer: 'test', subject: `${tag}-${i}`, fullName: `${tag} ${i}` })
        })
      }
      say({ ok: count })
    } catch (error) {
      const e = error as { code?: string; errcode?: number; message?: string }
      say({ error: e.errcode ?? e.code, message: e.message })
    }
  } else if (command === 'hold') {
    const committed = new Promise<void>((resolve) => {
      commit = resolve
    })
    let markHeld!: () => void
    const isHeld = new Promise<void>((resolve) => {
      markHeld = resolve
    })
    held = store.db.transaction().execute(async (trx) => {
      await sql`update people set full_name = full_name where id = 0`.execute(trx)
      markHeld()
      await committed
    })
    await isHeld
    say('held')
  } else if (command === 'commit') {
    commit()
    await held
    say('committed')
  } else if (command === 'exit') {
    break
  }
}
await store.destroy()
process.stdin.destroy()

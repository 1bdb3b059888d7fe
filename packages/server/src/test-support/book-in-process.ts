/**
 * A booking from a process of its own, for tests of several server instances on one SQLite file:
 * `node book-in-process.ts <dataDir> <sqliteFile> <smeId> <subjectId> <slotId>`. It opens the file, prints
 * `ready`, waits for a line on stdin (so the test starts every process's booking at once, without a fixed
 * sleep), books, and prints the outcome as JSON: `{ "ok": id }`, or `{ "kind", "code" }` with the refusal's
 * kind (`crash` for anything that is not a refusal).
 */
import { once } from 'node:events'
import { openStore } from '../db/database.ts'
import { bookSlot } from '../domain/booking.ts'

const [dataDir, sqliteFile, smeId, subjectId, slotId] = process.argv.slice(2)
const store = await openStore({ databaseUrl: null, dataDir: dataDir!, sqliteFile: sqliteFile! })
process.stdout.write('ready\n')
await once(process.stdin, 'data')
let outcome: Record<string, unknown>
try {
  const row = await bookSlot(store.db, {
    slotId: Number(slotId),
    smeId: Number(smeId),
    bookerContributorId: null,
    communicationWay: 0,
    subjectId: Number(subjectId),
    description: null,
    meetingProvider: 'webrtc',
  })
  outcome = { ok: row.id }
} catch (error) {
  const e = error as { kind?: string; code?: string }
  outcome = { kind: e.kind ?? 'crash', code: e.code ?? String(error) }
}
process.stdout.write(`${JSON.stringify(outcome)}\n`)
await store.destroy()
process.stdin.destroy()

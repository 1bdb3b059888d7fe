/**
 * The audit trail (issue 33): every back-office action, and a person's own sensitive ones, recorded with who did
 * it, when, to what, and the value before and after. Call `recordAudit` in the transaction that makes the
 * change, so the trail holds exactly what happened: a change that rolls back leaves no entry, and no change
 * commits without one.
 */
import type { Kysely, Transaction } from 'kysely'
import { insertAuditEntry } from '../db/queries/audit.ts'
import { personName } from '../db/queries/people.ts'
import type { Database } from '../db/tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Who did it: a signed-in person (their name as it was then), or the command line. */
export type AuditActor = { personId: number; label: string } | { personId: null; label: 'command line' }

/** The command line's actor (`npm run admin`). */
export const COMMAND_LINE: AuditActor = { personId: null, label: 'command line' }

/** A signed-in person as the trail names them: their person and their name now (a business owner's own changes). */
export async function personActor(db: Db, personId: number): Promise<AuditActor> {
  const { full_name } = await personName(db, personId)
  return { personId, label: full_name }
}

/** One action to record. */
export interface AuditEntry {
  actor: AuditActor
  /** `<area>.<verb>`: `expert.invite`, `expert.update`, `faq.update`, `role.grant`, `deletion_request.decide`… */
  action: string
  /** What it was done to: `expert`, `person`, `faq`, `setting`, `deletion_request`… */
  targetType: string
  targetId?: string | number | null
  /** The value before the change; omit for a creation. Plain data, stored as JSON. */
  before?: unknown
  /** The value after the change; omit for a deletion. Plain data, stored as JSON. */
  after?: unknown
  /** The time of the action (tests pass their own). */
  now?: Date
}

/** Appends `entry` to the trail; call it inside the change's transaction. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<number> {
  const row = await insertAuditEntry(db, {
    occurred_at: (entry.now ?? new Date()).toISOString(),
    actor_person_id: entry.actor.personId,
    actor_label: entry.actor.label,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
  })
  return row.id
}

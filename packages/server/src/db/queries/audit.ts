/**
 * The audit trail's reads and writes (append-only: there is no update or delete here). What is recorded, and
 * by whom, is `domain/audit.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Appends one entry; returns its id. */
export function insertAuditEntry(db: Db, values: NewRow<'audit_log'>) {
  return db.insertInto('audit_log').values(values).returning('id').executeTakeFirstOrThrow()
}

/** What the trail can be filtered by; every field optional. */
export interface AuditFilter {
  /** From this time (inclusive), ISO 8601. */
  from?: string | undefined
  /** Until this time (exclusive), ISO 8601. */
  to?: string | undefined
  /** Exactly this action, or every action that starts with `<area>.` when it ends with a dot. */
  action?: string | undefined
  actorPersonId?: number | undefined
  targetType?: string | undefined
  targetId?: string | undefined
}

/** The trail's entries matching `filter`, newest first, as a query to page (not yet run). */
export function auditEntries(db: Db, filter: AuditFilter = {}) {
  let query = db.selectFrom('audit_log')
  if (filter.from) query = query.where('occurred_at', '>=', filter.from)
  if (filter.to) query = query.where('occurred_at', '<', filter.to)
  const action = filter.action
  if (action)
    // An area (`deletion_request.`) is compared as a prefix, not as a LIKE pattern, whose `_` would match anything.
    query = action.endsWith('.')
      ? query.where((eb) => eb(eb.fn('substr', ['action', eb.val(1), eb.val(action.length)]), '=', action))
      : query.where('action', '=', action)
  if (filter.actorPersonId !== undefined) query = query.where('actor_person_id', '=', filter.actorPersonId)
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType)
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId)
  return query
}

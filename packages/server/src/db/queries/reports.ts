/**
 * The reads of the back office's reports and audit search (issue 33), as rows. The figures are counted in
 * `domain/reports.ts`, in TypeScript, from these rows, so that both databases group times (Riyadh weeks,
 * months, hours) identically: no date function of either database is used.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'
import { type AuditFilter, auditEntries } from './audit.ts'
import { sessionRowsOnly } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A UTC range of times, ISO 8601: from included, to excluded. */
export interface TimeRange {
  from: string
  to: string
}

/**
 * The sessions (requests that never became sessions aside) starting in `range`, each with its expert's kind,
 * name and center and its subject: what the sessions report and the session list count and show. In start
 * order.
 */
export function reportSessionRows(db: Db, range: TimeRange) {
  return db
    .selectFrom('sessions')
    .innerJoin('contributors', 'contributors.id', 'sessions.contributor_id')
    .innerJoin('people as expert', 'expert.id', 'contributors.person_id')
    .leftJoin('centers', 'centers.id', 'contributors.center_id')
    .leftJoin('subjects', 'subjects.id', 'sessions.subject_id')
    .where(sessionRowsOnly)
    .where('sessions.start_at', '>=', range.from)
    .where('sessions.start_at', '<', range.to)
    .select([
      'sessions.id',
      'sessions.state',
      'sessions.request_state',
      'sessions.start_at',
      'sessions.end_at',
      'sessions.started_at',
      'sessions.ended_at',
      'sessions.end_reason',
      'sessions.cancel_reason',
      'sessions.communication_way',
      'sessions.is_instant',
      'sessions.sme_id',
      'sessions.contributor_id',
      'contributors.kind',
      'expert.full_name as expert_name',
      'contributors.center_id',
      'centers.name_ar as center_ar',
      'centers.name_en as center_en',
      'sessions.subject_id',
      'subjects.name_ar as subject_ar',
      'subjects.name_en as subject_en',
    ])
    .orderBy('sessions.start_at')
    .orderBy('sessions.id')
    .execute()
}

/** The requests (advisor bookings, in any request state) made in `range`: their state and times. */
export function reportRequestRows(db: Db, range: TimeRange) {
  return db
    .selectFrom('sessions')
    .where('request_state', 'is not', null)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .select(['id', 'request_state', 'created_at', 'answered_at'])
    .execute()
}

/** The ratings of sessions starting in `range`: their stars, and the expert and center rated. */
export function reportRatingRows(db: Db, range: TimeRange) {
  return db
    .selectFrom('ratings')
    .innerJoin('sessions', 'sessions.id', 'ratings.session_id')
    .innerJoin('contributors', 'contributors.id', 'ratings.contributor_id')
    .innerJoin('people as expert', 'expert.id', 'contributors.person_id')
    .leftJoin('centers', 'centers.id', 'contributors.center_id')
    .where('sessions.start_at', '>=', range.from)
    .where('sessions.start_at', '<', range.to)
    .select([
      'ratings.session_id',
      'ratings.stars',
      'ratings.contributor_id',
      'expert.full_name as expert_name',
      'contributors.center_id',
      'centers.name_ar as center_ar',
      'centers.name_en as center_en',
    ])
    .execute()
}

/**
 * The audit trail's entries matching `filter` (an `action` ending in a dot: every action of that area) and, when given, containing each word of `q` (in the author's
 * name, the action, the target or the values before and after; case aside), as a query to page (not yet run).
 */
export function auditSearch(db: Db, filter: AuditFilter, q?: string) {
  let query = auditEntries(db, filter)
  const words = (q ?? '')
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10)
  for (const word of words) {
    const pattern = `%${word}%`
    query = query.where((eb) =>
      eb.or(
        (['actor_label', 'action', 'target_type', 'target_id', 'before_json', 'after_json'] as const).map(
          (column) => eb(eb.fn('lower', [eb.fn.coalesce(column, eb.val(''))]), 'like', pattern),
        ),
      ),
    )
  }
  return query
}

/** Every entry of an audit query (a CSV export), newest first, at most `limit`. */
export function auditRowsAll(query: ReturnType<typeof auditSearch>, limit: number) {
  return query.selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}

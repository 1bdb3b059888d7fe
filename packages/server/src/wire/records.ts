/**
 * The back office's records (issue 33) on the wire: deletion requests in the queue, audit entries, and the
 * reports as CSV rows. The CSV of a report holds exactly the figures its JSON answer holds, one row a group.
 */
import type { calls } from '@mashura/core/contract'
import type { Static } from 'typebox'
import type { Row } from '../db/tables.ts'
import { deletionRequestTiming } from '../domain/deletion-requests.ts'
import type {
  RatingsReport,
  ReportSessionRow,
  RequestsReport,
  SessionsReport,
  StateCounts,
} from '../domain/reports.ts'
import { riyadhParts } from '../domain/reports.ts'
import { shownName } from './common.ts'
import type { CsvCell } from './csv.ts'

/** A deletion request as the queue shows it. */
export type DeletionRequestOut = Static<typeof calls.adminListDeletionRequests.response>['data'][number]
/** An audit entry on the wire. */
export type AuditEntryOut = Static<typeof calls.adminAuditLog.response>['data'][number]

/** A person as the queue names them. */
interface PersonRow {
  id: number
  full_name: string
  email: string | null
  erased_at?: string | null
}

/** A deletion request with its person, its decider and its place against the deadline at `now`. */
export function deletionRequestOut(
  row: Row<'deletion_requests'>,
  people: ReadonlyMap<number, PersonRow>,
  now: Date,
): DeletionRequestOut {
  const person = people.get(row.person_id)
  const decider = row.decided_by === null ? undefined : people.get(row.decided_by)
  return {
    id: row.id,
    person: { id: row.person_id, full_name: person ? shownName(person) : '', email: person?.email ?? null },
    reason: row.reason,
    created_at: row.created_at,
    ...deletionRequestTiming(row, now),
    decided_at: row.decided_at,
    decided_by:
      row.decided_by === null
        ? null
        : { person_id: row.decided_by, full_name: decider ? shownName(decider) : '' },
    decision_reason: row.decision_reason,
  }
}

function parsed(json: string | null): unknown {
  if (json === null) return null
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}

/** An audit entry, its values before and after as the data they were. */
export function auditEntryOut(row: Row<'audit_log'>): AuditEntryOut {
  return {
    id: row.id,
    occurred_at: row.occurred_at,
    actor: { person_id: row.actor_person_id, label: row.actor_label },
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
  }
}

/** The audit trail as CSV rows: a header, then one row an entry, the values as their JSON. */
export function auditCsvRows(rows: readonly Row<'audit_log'>[]): CsvCell[][] {
  return [
    [
      'id',
      'occurred_at',
      'actor_person_id',
      'actor',
      'action',
      'target_type',
      'target_id',
      'before',
      'after',
    ],
    ...rows.map((r) => [
      r.id,
      r.occurred_at,
      r.actor_person_id,
      r.actor_label,
      r.action,
      r.target_type,
      r.target_id,
      r.before_json,
      r.after_json,
    ]),
  ]
}

const COUNT_COLUMNS = ['total', 'booked', 'ongoing', 'ended', 'cancelled', 'sme_absent'] as const

/** The header of the sessions report's CSV. */
export const SESSIONS_CSV_HEADER = ['group', 'key', 'name_ar', 'name_en', ...COUNT_COLUMNS] as const

/**
 * The sessions report as CSV rows: a header, then one row a group (`totals`, `kind`, `center`, `subject`,
 * `week` or `month`) with its key, its names and its counts by state, as the JSON report has them.
 */
export function sessionsReportCsvRows(report: SessionsReport): CsvCell[][] {
  const counts = (c: StateCounts) => COUNT_COLUMNS.map((k) => c[k])
  return [
    [...SESSIONS_CSV_HEADER],
    ['totals', `${report.from}..${report.to}`, null, null, ...counts(report.totals)],
    ...report.by_kind.map((g) => ['kind', g.kind, null, null, ...counts(g)]),
    ...report.by_center.map((g) => ['center', g.center_id, g.name_ar, g.name_en, ...counts(g)]),
    ...report.by_subject.map((g) => ['subject', g.subject_id, g.name_ar, g.name_en, ...counts(g)]),
    ...report.by_period.map((g) => [report.period, g.period_start, null, null, ...counts(g)]),
  ]
}

const REQUEST_COLUMNS = ['total', 'waiting', 'accepted', 'rejected', 'expired', 'withdrawn'] as const

/**
 * The requests report as CSV rows: a header, the totals (with the median answer time), then one row a week or
 * month, as the JSON report has them.
 */
export function requestsReportCsvRows(report: RequestsReport): CsvCell[][] {
  const counts = (c: Record<(typeof REQUEST_COLUMNS)[number], number>) => REQUEST_COLUMNS.map((k) => c[k])
  return [
    ['group', 'key', ...REQUEST_COLUMNS, 'median_answer_minutes'],
    ['totals', `${report.from}..${report.to}`, ...counts(report), report.median_answer_minutes],
    ...report.by_period.map((g) => [report.period, g.period_start, ...counts(g), null]),
  ]
}

/**
 * The ratings report as CSV rows: a header, the overall figures, then one row an expert (their name in both
 * name columns) and one a center: how many rated, the average, and how many gave 1 … 5 stars.
 */
export function ratingsReportCsvRows(report: RatingsReport): CsvCell[][] {
  const stats = (s: RatingsReport['overall']) => [s.count, s.average, ...s.distribution]
  return [
    [
      'group',
      'key',
      'name_ar',
      'name_en',
      'count',
      'average',
      'stars_1',
      'stars_2',
      'stars_3',
      'stars_4',
      'stars_5',
    ],
    ['overall', `${report.from}..${report.to}`, null, null, ...stats(report.overall)],
    ...report.by_expert.map((g) => ['expert', g.contributor_id, g.full_name, g.full_name, ...stats(g)]),
    ...report.by_center.map((g) => ['center', g.center_id, g.name_ar, g.name_en, ...stats(g)]),
  ]
}

/** A time as Riyadh wall-clock text (`YYYY-MM-DD HH:mm`), as a spreadsheet shows it; empty for none. */
function riyadhTime(time: string | null): string | null {
  if (time === null) return null
  const p = riyadhParts(time)
  const minutes = new Date(Date.parse(time)).getUTCMinutes()
  return `${p.date} ${String(p.hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

/** The session list as CSV rows: a header, then one row a session, times in Riyadh. */
export function sessionListCsvRows(rows: readonly ReportSessionRow[]): CsvCell[][] {
  return [
    [
      'id',
      'start_riyadh',
      'end_riyadh',
      'state',
      'request_state',
      'way',
      'instant',
      'expert_id',
      'expert',
      'kind',
      'center_id',
      'center_ar',
      'center_en',
      'subject_id',
      'subject_ar',
      'subject_en',
      'sme_id',
      'started_riyadh',
      'ended_riyadh',
      'end_reason',
      'cancel_reason',
    ],
    ...rows.map((r) => [
      r.id,
      riyadhTime(r.start_at),
      riyadhTime(r.end_at),
      r.state,
      r.request_state,
      r.communication_way === 1 ? 'office' : 'online',
      r.is_instant === 1,
      r.contributor_id,
      r.expert_name,
      r.kind,
      r.center_id,
      r.center_ar,
      r.center_en,
      r.subject_id,
      r.subject_ar,
      r.subject_en,
      r.sme_id,
      riyadhTime(r.started_at),
      riyadhTime(r.ended_at),
      r.end_reason,
      r.cancel_reason,
    ]),
  ]
}

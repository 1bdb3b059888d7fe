/**
 * The schemas of the back office's records calls (issue 33), by the call's name; their methods and paths are in
 * `./records-endpoints.ts`. The deletion-request queue, the agency's reports (as JSON and as CSV) and the audit
 * trail. Names of centers and subjects come in both languages, as the back office shows and exports both.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import {
  DateTimeSchema,
  Envelope,
  IdParam,
  IdParamsSchema,
  Nullable,
  OneOf,
  Paged,
  PageQuery,
} from '../common.ts'
import { ContributorKindSchema } from '../contributors.ts'
import { REASON_MAX } from '../limits.ts'

/** How long the personal-data law gives to answer a deletion request, in days. */
export const DELETION_ANSWER_DAYS = 30
/** The longest range a report covers, in days (two years). */
export const REPORT_RANGE_MAX_DAYS = 731

/** The states of a deletion request in the queue. */
export const DELETION_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const
/** A deletion request's state. */
export type DeletionRequestState = (typeof DELETION_REQUEST_STATES)[number]
/** The decisions an admin can take on a deletion request. */
export const DELETION_DECISIONS = ['approved', 'rejected'] as const
/** A deletion decision. */
export type DeletionDecision = (typeof DELETION_DECISIONS)[number]
/** The periods a report groups by. */
export const REPORT_PERIODS = ['week', 'month'] as const
/** A report's period. */
export type ReportPeriod = (typeof REPORT_PERIODS)[number]

/** The media type of the CSV exports. */
export const CSV_MEDIA = 'text/csv'

/** A calendar date (`YYYY-MM-DD`), meant in Asia/Riyadh. */
const DateSchema = Type.String({ format: 'date', maxLength: 10 })

/** A deletion request as the queue shows it. */
export const DeletionRequestSchema = Type.Object({
  id: Type.Integer(),
  person: Type.Object({
    id: Type.Integer(),
    full_name: Type.String(),
    email: Nullable(Type.String()),
  }),
  reason: Type.String(),
  created_at: DateTimeSchema,
  deadline_at: Type.String({
    format: 'date-time',
    description: `When the answer is due: ${DELETION_ANSWER_DAYS} days after the request (the personal-data law).`,
  }),
  age_days: Type.Integer({ minimum: 0, description: 'Whole days since the request was made.' }),
  days_left: Type.Integer({ description: 'Whole days until the deadline; negative once it has passed.' }),
  overdue: Type.Boolean({ description: 'Still pending after the deadline.' }),
  state: OneOf(DELETION_REQUEST_STATES),
  decided_at: Nullable(DateTimeSchema),
  decided_by: Nullable(Type.Object({ person_id: Type.Integer(), full_name: Type.String() })),
  decision_reason: Nullable(Type.String()),
})

/** The query of `GET /admin/deletion-requests`: oldest first. */
export const DeletionRequestListQuerySchema = Type.Object({
  ...PageQuery,
  state: Type.Optional(
    OneOf(DELETION_REQUEST_STATES, { description: 'Only requests in this state; all without.' }),
  ),
})

/** The body of `POST /admin/deletion-requests/{id}/decision`. */
export const DeletionDecisionBodySchema = Type.Object(
  {
    decision: OneOf(DELETION_DECISIONS),
    reason: Type.String({
      minLength: 1,
      maxLength: REASON_MAX,
      pattern: '\\S',
      description: 'Why: mailed to the person with the decision.',
    }),
  },
  { additionalProperties: false },
)

/** The date range of a report: Riyadh calendar days, both included. */
const rangeQuery = {
  from: Type.Optional(
    Type.String({
      format: 'date',
      maxLength: 10,
      description: 'The first day; 29 days before `to` without.',
    }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date', maxLength: 10, description: 'The last day (included); today without.' }),
  ),
}

/** The query of the reports: a range of at most two years. */
export const ReportQuerySchema = Type.Object({
  ...rangeQuery,
  period: Type.Optional(
    OneOf(REPORT_PERIODS, {
      description: 'The periods of `by_period`: weeks (Sunday to Saturday) or months.',
    }),
  ),
})

/** How many sessions are in each state. */
const stateCounts = {
  total: Type.Integer({ minimum: 0 }),
  booked: Type.Integer({ minimum: 0 }),
  ongoing: Type.Integer({ minimum: 0 }),
  ended: Type.Integer({ minimum: 0 }),
  cancelled: Type.Integer({ minimum: 0 }),
  sme_absent: Type.Integer({ minimum: 0, description: 'The business owner did not come (a no-show).' }),
}

/** Counts of sessions by state. */
export const StateCountsSchema = Type.Object(stateCounts)

/** The range a report covers, as it was read. */
const reportRange = { from: DateSchema, to: DateSchema }

/** The sessions report: sessions (requests that never became sessions aside) starting in the range. */
export const SessionsReportSchema = Type.Object({
  ...reportRange,
  period: OneOf(REPORT_PERIODS),
  totals: StateCountsSchema,
  by_kind: Type.Array(Type.Object({ kind: ContributorKindSchema, ...stateCounts })),
  by_center: Type.Array(
    Type.Object({
      center_id: Nullable(Type.Integer()),
      name_ar: Nullable(Type.String()),
      name_en: Nullable(Type.String()),
      ...stateCounts,
    }),
    { description: "By the expert's center; `center_id` null: experts of no center." },
  ),
  by_subject: Type.Array(
    Type.Object({
      subject_id: Nullable(Type.Integer()),
      name_ar: Nullable(Type.String()),
      name_en: Nullable(Type.String()),
      ...stateCounts,
    }),
  ),
  by_period: Type.Array(
    Type.Object(
      { period_start: DateSchema, ...stateCounts },
      { description: 'Periods with sessions, in order.' },
    ),
  ),
  no_shows: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    rate: Nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'Of the sessions that were due to take place and did or not.',
      }),
    ),
    by_expert: Type.Array(
      Type.Object({
        contributor_id: Type.Integer(),
        full_name: Type.String(),
        sessions: Type.Integer({ minimum: 0 }),
        sme_absent: Type.Integer({ minimum: 0 }),
      }),
    ),
  }),
  busiest_hours: Type.Array(
    Type.Object({
      weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 Sunday … 6 Saturday, in Riyadh.' }),
      hour: Type.Integer({ minimum: 0, maximum: 23, description: 'The hour of the start, in Riyadh.' }),
      sessions: Type.Integer({ minimum: 1 }),
    }),
    { description: 'Sessions not cancelled, by their start; the busiest first.' },
  ),
})

/** The requests report: advisor requests made in the range. */
export const RequestsReportSchema = Type.Object({
  ...reportRange,
  period: OneOf(REPORT_PERIODS),
  total: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
  accepted: Type.Integer({ minimum: 0 }),
  rejected: Type.Integer({ minimum: 0 }),
  expired: Type.Integer({ minimum: 0 }),
  withdrawn: Type.Integer({ minimum: 0, description: 'Withdrawn by their business owner (issue 34).' }),
  median_answer_minutes: Nullable(
    Type.Number({
      minimum: 0,
      description: 'From the request to its acceptance or rejection; null: none answered.',
    }),
  ),
  by_period: Type.Array(
    Type.Object({
      period_start: DateSchema,
      total: Type.Integer({ minimum: 0 }),
      waiting: Type.Integer({ minimum: 0 }),
      accepted: Type.Integer({ minimum: 0 }),
      rejected: Type.Integer({ minimum: 0 }),
      expired: Type.Integer({ minimum: 0 }),
      withdrawn: Type.Integer({ minimum: 0 }),
    }),
  ),
})

/** Ratings counted: how many gave stars, their average, and how many gave 1 … 5 stars. */
const ratingStats = {
  count: Type.Integer({ minimum: 0 }),
  average: Nullable(Type.Number({ minimum: 1, maximum: 5 })),
  distribution: Type.Array(Type.Integer({ minimum: 0 }), {
    minItems: 5,
    maxItems: 5,
    description: 'How many ratings gave 1, 2, 3, 4 and 5 stars.',
  }),
}

/** The ratings report: ratings of sessions starting in the range. */
export const RatingsReportSchema = Type.Object({
  ...reportRange,
  overall: Type.Object(ratingStats),
  by_expert: Type.Array(
    Type.Object({ contributor_id: Type.Integer(), full_name: Type.String(), ...ratingStats }),
  ),
  by_center: Type.Array(
    Type.Object({
      center_id: Nullable(Type.Integer()),
      name_ar: Nullable(Type.String()),
      name_en: Nullable(Type.String()),
      ...ratingStats,
    }),
  ),
})

/** The query of the audit trail: every filter optional, combined with AND; newest first. */
const auditFilters = {
  from: Type.Optional(Type.String({ format: 'date-time', description: 'From this time (included).' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Until this time (excluded).' })),
  action: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'An action (`expert.update`), or every action of an area with a final dot (`expert.`).',
    }),
  ),
  actor_person_id: Type.Optional(IdParam),
  target_type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Words in the author's name, the action, the target or the values before and after.",
    }),
  ),
}

/** The query of `GET /admin/audit-log`. */
export const AuditLogQuerySchema = Type.Object({ ...PageQuery, ...auditFilters })
/** The query of `GET /admin/audit-log.csv`. */
export const AuditLogCsvQuerySchema = Type.Object(auditFilters)

/** One entry of the audit trail. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  occurred_at: DateTimeSchema,
  actor: Type.Object({
    person_id: Nullable(Type.Integer({ description: 'null: the command line.' })),
    label: Type.String({ description: 'The author as they were named then.' }),
  }),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Nullable(Type.String()),
  before: Type.Unknown({ description: 'The value before; null for a creation.' }),
  after: Type.Unknown({ description: 'The value after; null for a deletion.' }),
})

/** A CSV file: UTF-8 with a byte-order mark, RFC 4180. */
const Csv = Type.String({ description: 'UTF-8 with a byte-order mark; RFC 4180 (CRLF, double quotes).' })

/** A deletion request in the queue. */
export type DeletionRequest = Static<typeof DeletionRequestSchema>
/** The sessions report. */
export type SessionsReport = Static<typeof SessionsReportSchema>
/** The requests report. */
export type RequestsReport = Static<typeof RequestsReportSchema>
/** The ratings report. */
export type RatingsReport = Static<typeof RatingsReportSchema>
/** Counts of sessions by state. */
export type StateCounts = Static<typeof StateCountsSchema>
/** One entry of the audit trail. */
export type AuditEntry = Static<typeof AuditEntrySchema>

export const adminRecordsSchemas = {
  adminListDeletionRequests: {
    querystring: DeletionRequestListQuerySchema,
    response: Paged(DeletionRequestSchema),
  },
  adminDecideDeletionRequest: {
    params: IdParamsSchema,
    body: DeletionDecisionBodySchema,
    response: Envelope(DeletionRequestSchema),
  },
  adminSessionsReport: { querystring: ReportQuerySchema, response: Envelope(SessionsReportSchema) },
  adminSessionsReportCsv: { querystring: ReportQuerySchema, media: CSV_MEDIA, response: Csv },
  adminSessionListCsv: { querystring: ReportQuerySchema, media: CSV_MEDIA, response: Csv },
  adminRequestsReport: { querystring: ReportQuerySchema, response: Envelope(RequestsReportSchema) },
  adminRatingsReport: { querystring: ReportQuerySchema, response: Envelope(RatingsReportSchema) },
  adminRequestsReportCsv: { querystring: ReportQuerySchema, media: CSV_MEDIA, response: Csv },
  adminRatingsReportCsv: { querystring: ReportQuerySchema, media: CSV_MEDIA, response: Csv },
  adminAuditLog: { querystring: AuditLogQuerySchema, response: Paged(AuditEntrySchema) },
  adminAuditLogCsv: { querystring: AuditLogCsvQuerySchema, media: CSV_MEDIA, response: Csv },
} as const satisfies Record<string, CallSchemas>

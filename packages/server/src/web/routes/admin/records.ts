/**
 * The back office's records (issue 33). Changes are the admin's (`access: 'admin'`), reads of reports and
 * the audit trail the analyst's too (`access: 'analyst'`); every change records itself in the audit trail
 * (`domain/audit.ts`) in its own transaction.
 *
 * - The deletion-request queue, each request's age against the 30-day deadline, and the decision on one.
 * - The reports (sessions, requests, ratings) over a range of Riyadh days, and the sessions report and the
 *   session list as CSV.
 * - The audit trail, searched and filtered, and as CSV.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { answerPage } from '../../../db/paging.ts'
import { deletionQueuePeople, deletionRequestsIn } from '../../../db/queries/deletion-requests.ts'
import { personName } from '../../../db/queries/people.ts'
import { auditRowsAll, auditSearch } from '../../../db/queries/reports.ts'
import { decideDeletionRequest } from '../../../domain/deletion-requests.ts'
import { erasureDepsOf, finishErasures } from '../../../domain/erasure.ts'
import { recordContactReads } from '../../../domain/my-data.ts'
import {
  ratingsReport,
  reportRange,
  requestsReport,
  sessionList,
  sessionsReport,
} from '../../../domain/reports.ts'
import { csvHeaders, csvText } from '../../../wire/csv.ts'
import {
  auditCsvRows,
  auditEntryOut,
  deletionRequestOut,
  ratingsReportCsvRows,
  requestsReportCsvRows,
  sessionListCsvRows,
  sessionsReportCsvRows,
} from '../../../wire/records.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAdmin } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

/** The most entries one audit CSV holds (newest first): a wider export is cut by a narrower filter. */
const AUDIT_CSV_MAX = 100_000

const RANGE_DOC =
  '`from` and `to` are Riyadh calendar days, both included (`to` defaults to today, `from` to 29 days ' +
  'before `to`); a range longer than two years, or `from` after `to`, is 400.'

const CSV_DOC =
  "UTF-8 with a byte-order mark, RFC 4180; a text that a spreadsheet would run as a formula starts with `'`."

const admin = callRoutes({ tags: ['admin'], access: 'admin' })
const analyst = callRoutes({ tags: ['admin'], access: 'analyst' })

/** Registers the calls, as an encapsulated plugin under `/api`. */
export async function adminRecordsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  /** The people a page of requests names (their own and their deciders'), by id. */
  async function queuePeople(rows: readonly { person_id: number; decided_by: number | null }[]) {
    const ids = new Set<number>()
    for (const r of rows) {
      ids.add(r.person_id)
      if (r.decided_by !== null) ids.add(r.decided_by)
    }
    return new Map((await deletionQueuePeople(db, [...ids])).map((p) => [p.id, p]))
  }

  /**
   * Records that an admin read the e-mail addresses an answer of the queue shows (the requesters', not the
   * deciders': only their names are shown), one read per person, as every read of contact details is (issue 34).
   */
  async function recordQueueReads(
    readerPersonId: number,
    shown: readonly { person: { id: number; email: string | null } }[],
    via: string,
  ) {
    const withEmail = new Set(shown.filter(({ person }) => person.email).map(({ person }) => person.id))
    await recordContactReads(
      db,
      [...withEmail].map((subjectPersonId) => ({
        readerPersonId,
        readerRole: 'admin' as const,
        subjectPersonId,
        fields: ['email' as const],
        via,
      })),
    )
  }

  app.route({
    // Admins only: the queue names people (analysts read figures and the audit trail, not personal data).
    ...admin(calls.adminListDeletionRequests, {
      summary: 'The account-deletion requests, oldest first, with their age against the 30-day deadline.',
      description:
        'The personal-data law gives 30 days to answer a request: `deadline_at` is 30 days after it was made, ' +
        '`days_left` the whole days until then (negative after), `overdue` a pending request past it. ' +
        '`state` narrows the list (pending, approved or rejected).',
    }),
    handler: async (request) => {
      const auth = requireAdmin(request)
      const now = new Date()
      return answerPage(
        deletionRequestsIn(db, request.query.state),
        request.query,
        { orderBy: 'created_at', direction: 'asc' },
        async (rows) => {
          const people = await queuePeople(rows)
          const shown = rows.map((r) => deletionRequestOut(r, people, now))
          await recordQueueReads(auth.personId, shown, 'adminListDeletionRequests')
          return shown
        },
      )
    },
  })

  app.route({
    ...admin(calls.adminDecideDeletionRequest, {
      summary: 'Approves or rejects an account-deletion request, with a reason mailed to the person.',
      description:
        'Recorded with the deciding admin and the time, in the audit trail, and mailed to the person (Arabic ' +
        'and English) in the same transaction. A request is decided once: 409 deletion_already_decided after. ' +
        "Approval erases the person's data irreversibly, in the same transaction: name, addresses, companies, " +
        'chat, files, notices, tokens and push registrations go; their sessions stay as anonymous rows, ' +
        'shown as «مستخدم محذوف» / "Deleted user". The mail goes out before their address is deleted from the outbox.',
      errors: { 404: ErrorBody, 409: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireAdmin(request)
      const { full_name } = await personName(db, auth.personId)
      const row = await decideDeletionRequest(db, {
        requestId: request.params.id,
        decision: request.body.decision,
        reason: request.body.reason,
        actor: { personId: auth.personId, label: full_name },
        publicUrl: app.config.publicUrl,
      })
      // Sockets, caches and file bytes now; the mail's row and the compaction once the mail is sent (scheduler).
      if (row.decision === 'approved') await finishErasures(erasureDepsOf(app), { compact: false })
      const shown = deletionRequestOut(row, await queuePeople([row]), new Date())
      await recordQueueReads(auth.personId, [shown], 'adminDecideDeletionRequest')
      return { data: shown }
    },
  })

  app.route({
    ...analyst(calls.adminSessionsReport, {
      summary: 'Sessions by state, expert kind, center, subject and week or month; no-shows; busiest hours.',
      description:
        `Sessions starting in the range (requests that never became sessions aside). ${RANGE_DOC} Weeks run ` +
        "Sunday to Saturday, in Riyadh time; a center is the expert's. `no_shows.rate` is the share of " +
        'sessions that ended or whose business owner did not come that did not come; the busiest hours count ' +
        'sessions not cancelled by the weekday and hour of their start.',
    }),
    handler: async (request) => {
      const range = reportRange(request.query, new Date())
      return { data: await sessionsReport(db, range, request.query.period ?? 'month') }
    },
  })

  app.route({
    ...analyst(calls.adminSessionsReportCsv, {
      summary: 'The sessions report as CSV: one row a group, its counts by state.',
      description: `The figures of \`adminSessionsReport\`, one row a group (totals, kind, center, subject, week or month). ${RANGE_DOC} ${CSV_DOC}`,
    }),
    handler: async (request, reply) => {
      const range = reportRange(request.query, new Date())
      const report = await sessionsReport(db, range, request.query.period ?? 'month')
      return reply
        .headers(csvHeaders(`sessions-report-${range.from}-${range.to}.csv`))
        .send(csvText(sessionsReportCsvRows(report)))
    },
  })

  app.route({
    ...analyst(calls.adminSessionListCsv, {
      summary: 'The sessions starting in the range, one row each, as CSV.',
      description: `The sessions the sessions report counts, in start order, times in Riyadh. ${RANGE_DOC} ${CSV_DOC}`,
    }),
    handler: async (request, reply) => {
      const range = reportRange(request.query, new Date())
      const rows = await sessionList(db, range)
      return reply
        .headers(csvHeaders(`sessions-${range.from}-${range.to}.csv`))
        .send(csvText(sessionListCsvRows(rows)))
    },
  })

  app.route({
    ...analyst(calls.adminRequestsReport, {
      summary:
        'Requests made in the range: accepted, rejected, expired, waiting, and the median answer time.',
      description: `Advisor requests by the day they were made. ${RANGE_DOC} The answer time runs from the request to its acceptance or rejection.`,
    }),
    handler: async (request) => {
      const range = reportRange(request.query, new Date())
      return { data: await requestsReport(db, range, request.query.period ?? 'month') }
    },
  })

  app.route({
    ...analyst(calls.adminRatingsReport, {
      summary: 'Ratings of sessions in the range: average and distribution of stars, per expert and center.',
      description: `Ratings that gave stars, of sessions starting in the range. ${RANGE_DOC}`,
    }),
    handler: async (request) => {
      const range = reportRange(request.query, new Date())
      return { data: await ratingsReport(db, range) }
    },
  })

  app.route({
    ...analyst(calls.adminRequestsReportCsv, {
      summary: 'The requests report as CSV: the totals and median answer time, then one row a week or month.',
      description: `The figures of \`adminRequestsReport\`. ${RANGE_DOC} ${CSV_DOC}`,
    }),
    handler: async (request, reply) => {
      const range = reportRange(request.query, new Date())
      const report = await requestsReport(db, range, request.query.period ?? 'month')
      return reply
        .headers(csvHeaders(`requests-report-${range.from}-${range.to}.csv`))
        .send(csvText(requestsReportCsvRows(report)))
    },
  })

  app.route({
    ...analyst(calls.adminRatingsReportCsv, {
      summary: 'The ratings report as CSV: overall, then one row an expert and one a center.',
      description: `The figures of \`adminRatingsReport\`. ${RANGE_DOC} ${CSV_DOC}`,
    }),
    handler: async (request, reply) => {
      const range = reportRange(request.query, new Date())
      const report = await ratingsReport(db, range)
      return reply
        .headers(csvHeaders(`ratings-report-${range.from}-${range.to}.csv`))
        .send(csvText(ratingsReportCsvRows(report)))
    },
  })

  /** The audit filters of a query. */
  function auditFilter(query: {
    from?: string
    to?: string
    action?: string
    actor_person_id?: number
    target_type?: string
    target_id?: string
    q?: string
  }) {
    return auditSearch(
      db,
      {
        from: query.from === undefined ? undefined : new Date(query.from).toISOString(),
        to: query.to === undefined ? undefined : new Date(query.to).toISOString(),
        action: query.action,
        actorPersonId: query.actor_person_id,
        targetType: query.target_type,
        targetId: query.target_id,
      },
      query.q,
    )
  }

  app.route({
    ...analyst(calls.adminAuditLog, {
      summary: 'The audit trail, newest first: who did what to what, when, and the value before and after.',
      description:
        'Every filter is optional and they combine: a time range, an action (or every action of an area, ' +
        'given with a final dot: `expert.`), the author, the target, and words (`q`) found in the author, ' +
        'the action, the target or the values. The trail is append-only.',
    }),
    handler: async (request) =>
      answerPage(
        auditFilter(request.query),
        request.query,
        { orderBy: 'occurred_at', direction: 'desc' },
        (rows) => rows.map(auditEntryOut),
      ),
  })

  app.route({
    ...analyst(calls.adminAuditLogCsv, {
      summary: 'The audit trail as CSV, with the same filters, newest first.',
      description: `At most ${AUDIT_CSV_MAX.toLocaleString('en-US')} entries. ${CSV_DOC}`,
    }),
    handler: async (request, reply) => {
      const rows = await auditRowsAll(auditFilter(request.query), AUDIT_CSV_MAX)
      const stamp = new Date().toISOString().slice(0, 10)
      return reply.headers(csvHeaders(`audit-log-${stamp}.csv`)).send(csvText(auditCsvRows(rows)))
    },
  })
}

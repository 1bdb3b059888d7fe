/**
 * A person's own data (issue 34): ask for an export of everything the platform holds about them, read its
 * state, download its ZIP, and see who used their data. Every call is the signed-in person's own: there is no
 * id of a person anywhere, and an export id of someone else is 404. The rules are `domain/my-data.ts`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { formatDateTime } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { dataAccessesPage } from '../../../db/queries/my-data.ts'
import {
  exportDepsOf,
  exportStateOf,
  exportsStorage,
  openExport,
  prepareDueExports,
  requestExport,
} from '../../../domain/my-data.ts'
import { dataAccessOut, exportStateOut } from '../../../wire/my-data.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { DEFAULT_PER_PAGE, pageMeta } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoutes, SIGNED_IN } from '../call-route.ts'

const route = callRoutes({ tags: ['my-data'], access: 'signedIn' })

/** Registers the my-data calls. */
export async function myDataRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl, dataExports } = app.config
  const exports = exportsStorage(app.config.dataDir)

  app.route({
    ...route(calls.requestMyDataExport, {
      summary: 'Asks for an export of everything the platform holds about the caller.',
      description:
        'Starts preparing, in the background, a ZIP of JSON files (profile, sessions, requests, chat, ' +
        'recommendations, ratings given, uploads, consents, notifications, who read the contact details) and ' +
        "the caller's uploaded files. When it is ready the caller gets an in-app notice and a mail, and " +
        '`getMyDataExport` gives its `download_url`. Once every `EXPORT_EVERY_HOURS` hours (24 by default) ' +
        'per person, a failed export aside: sooner is 429 `export_rate_limited`, with `Retry-After` and the ' +
        'time from which a new request is accepted in the message.',
    }),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const now = new Date()
      const result = await requestExport(db, auth.personId, dataExports, now)
      if (!result.ok) {
        const seconds = Math.max(1, Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000))
        throw new ApiHttpError(429, 'export_rate_limited', 'errors.myDataExportTooSoon', {
          values: { when: formatDateTime(result.retryAt, request.lang) },
          headers: { 'retry-after': String(seconds) },
        })
      }
      // Prepared at once, after the answer; the scheduler takes over if this process stops first.
      const deps = exportDepsOf(app)
      setImmediate(() => {
        prepareDueExports(deps, new Date(), [result.row.id]).catch((error: unknown) =>
          app.log.error({ err: error }, 'data export failed'),
        )
      })
      reply.code(201)
      return { data: exportStateOut(await exportStateOf(db, auth.personId, dataExports, now), publicUrl) }
    },
  })

  app.route({
    ...route(calls.getMyDataExport, {
      summary: "The caller's latest data export, and when a new one may be asked for.",
      description:
        '`latest` is null before the first request. A ready export has `download_url` (the address of ' +
        '`downloadMyDataExport`, which wants the API key and the bearer token) until `expires_at`, when the ' +
        'ZIP is deleted (`EXPORT_KEEP_DAYS`, 7 by default). `next_request_at` is null when a request is ' +
        'accepted now.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      return { data: exportStateOut(await exportStateOf(db, auth.personId, dataExports), publicUrl) }
    },
  })

  app.route({
    ...route(calls.downloadMyDataExport, {
      summary: "The ZIP of one of the caller's ready data exports.",
      description:
        "Only the caller's own export, while it is ready: anyone else's, an unknown id, and one still " +
        'preparing, failed or expired are 404. Each download is recorded in the audit trail.',
      security: SIGNED_IN,
    }),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const { row, stream } = await openExport(db, exports, auth.personId, request.params.id)
      const day = row.requested_at.slice(0, 10)
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-length': String(row.size ?? 0),
          'content-disposition': `attachment; filename="mashura-my-data-${day}.zip"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        })
        .send(stream as never)
    },
  })

  app.route({
    ...route(calls.getMyDataAccesses, {
      summary: "Who used the caller's data, newest first.",
      description:
        "Each read of the caller's contact details (e-mail, mobile, companies) by someone else — an expert " +
        'with a session with her, the back office — with who, when, what and through which call; and the ' +
        "audit trail's entries about the caller: their exports and downloads, their consents, and what the " +
        'back office did to their account.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      const { rows, total } = await dataAccessesPage(db, auth.personId, {
        limit: perPage,
        offset: (page - 1) * perPage,
      })
      return {
        data: rows.map((row) => dataAccessOut(row, auth.personId)),
        meta: pageMeta(page, perPage, total),
      }
    },
  })
}

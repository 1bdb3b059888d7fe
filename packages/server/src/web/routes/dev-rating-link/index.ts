/**
 * Development only: a real rating link on demand, so that a newcomer can try the rating form without ending
 * a session and reading the e-mail it sends. Registered only when `config.development` is on (never with
 * NODE_ENV=production), outside `/api`: these are addresses a browser opens, not API calls.
 *
 * - `GET /examples/dev/` says which development conveniences this server offers (the rating landing page
 *   asks it before offering the link; in production it is a 404 like any missing example).
 * - `GET /examples/dev/rating-link` makes a fresh rating link for an ended, not yet rated session whose
 *   business owner has an e-mail address, with the server's own `createRatingLink` (so the e-mail is queued
 *   in `outbox` as usual), and redirects to the rating landing page with its token.
 *
 * The strings live here, not in core's catalogs: this is a development tool, as `adapters/oidc/pages.ts` is.
 */

import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Type } from 'typebox'
import { deleteUnusedRatingLink } from '../../../db/queries/ratings.ts'
import { sessionToRateRow } from '../../../db/queries/sessions.ts'
import type { Database } from '../../../db/tables.ts'
import { createRatingLink } from '../../../domain/rating.ts'

/** The address of the conveniences' index. */
export const DEV_INDEX_PATH = '/examples/dev/'
/** The address that makes a rating link and opens it. */
export const DEV_RATING_LINK_PATH = '/examples/dev/rating-link'
/** The page the link opens: the rating landing page of the examples. */
export const RATING_LANDING_PATH = '/examples/rating-landing.html'

/** Said when every ended session is rated, Arabic first. */
const NONE_LEFT =
  'لم تبقَ جلسة منتهية بلا تقييم لبريد صاحبها عنوان. أعد تعبئة البيانات التجريبية: npm run seed -- --force\n' +
  'No ended, unrated session with an e-mail address is left. Seed the demo data afresh: npm run seed -- --force\n'

/**
 * The ended, unrated session to make a link for: one that never had a link first, the latest first. Null
 * when every ended session (of a business owner with an e-mail address) is rated.
 */
async function sessionToRate(db: Kysely<Database>): Promise<{ id: number; linked: boolean } | null> {
  const row = await sessionToRateRow(db)
  return row ? { id: row.id, linked: row.link_id !== null } : null
}

/** Registers the development-only pages; call only in development. */
export async function devRatingLinkRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.store

  app.get(
    DEV_INDEX_PATH,
    {
      schema: {
        hide: true,
        summary: 'Development only: the conveniences this server offers.',
        response: { 200: Type.Object({ rating_link: Type.String() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { rating_link: DEV_RATING_LINK_PATH }
    },
  )

  app.get(
    DEV_RATING_LINK_PATH,
    {
      // A HEAD must not make a link.
      exposeHeadRoute: false,
      schema: {
        hide: true,
        summary:
          'Development only: makes a rating link of an ended session and opens the rating landing page.',
        description:
          '303 to the landing page with the new token; 409 (plain text) when no ended session is left to rate.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      // A session has one link at most (unique `rating_links.session_id`), and only its hash is kept: to hand
      // out a token again, an unused link is replaced. Two tries, in case a concurrent request took the session.
      for (let attempt = 0; attempt < 2; attempt++) {
        const session = await sessionToRate(db)
        if (!session) break
        if (session.linked) await deleteUnusedRatingLink(db, session.id)
        const link = await createRatingLink(db, { sessionId: session.id, publicUrl: app.config.publicUrl })
        if (link) return reply.redirect(`${RATING_LANDING_PATH}?token=${encodeURIComponent(link.token)}`, 303)
      }
      return reply.code(409).type('text/plain; charset=utf-8').send(NONE_LEFT)
    },
  )
}

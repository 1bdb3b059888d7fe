/**
 * Business owners' profiles as contributors see them: the person's own companies, and
 * a business owner's profile and past sessions. A business owner is visible to
 * themself and to contributors who have or had a session with them; everyone else
 * gets a 404, so the answer never reveals who exists.
 */
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { SmeCompany } from '@mashura/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database, Row } from '../../db/tables.ts'
import { fileRef } from '../../domain/serializers.ts'
import {
  PAST_STATES,
  SessionSchema,
  sessionRowsOnly,
  sessionsOut,
  UPCOMING_STATES,
} from '../../domain/sessions.ts'
import { notFound } from '../../http/errors.ts'
import {
  commonErrors,
  DEFAULT_PER_PAGE,
  Envelope,
  IdParams,
  Paged,
  PageQuery,
  pageMeta,
} from '../../http/schema.ts'
import { type Auth, requireAuth } from '../../plugins/auth.ts'
import { SIGNED_IN, SmeCompanySchema, SmeProfileSchema } from './schemas.ts'

/**
 * Whether someone may see a business owner (a person): the person themself, or a contributor
 * with a session with them in any state; a request the contributor rejected does not count.
 */
export async function canSeeSme(db: Kysely<Database>, auth: Auth, smeId: number): Promise<boolean> {
  if (auth.personId === smeId) return true
  if (auth.contributorId === null) return false
  const shared = await db
    .selectFrom('sessions')
    .select('sessions.id')
    .where('sessions.contributor_id', '=', auth.contributorId)
    .where('sessions.sme_id', '=', smeId)
    .where((eb) =>
      eb.or([eb('sessions.request_state', 'is', null), eb('sessions.request_state', '<>', 'rejected')]),
    )
    .limit(1)
    .executeTakeFirst()
  return shared !== undefined
}

/**
 * Whether someone may read a session's recommendations and the files written with them: its business
 * owner, its contributor, or another contributor who may see that business owner ({@link canSeeSme}), so an
 * expert meeting her next learns what earlier experts advised (the business owner's history of spec
 * section 2). Anyone else is answered as if the session did not exist.
 */
export async function canReadSessionRecords(
  db: Kysely<Database>,
  auth: Auth,
  sessionId: number,
): Promise<boolean> {
  const session = await db
    .selectFrom('sessions')
    .select(['sme_id', 'contributor_id'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
  if (!session) return false
  if (session.sme_id === auth.personId || session.contributor_id === auth.contributorId) return true
  return canSeeSme(db, auth, session.sme_id)
}

/** A company row on the wire. */
function companyOut(row: Row<'companies'>): SmeCompany {
  return {
    id: row.id,
    name: row.name,
    commercial_registration: row.cr_number,
    sector: null,
    city: row.city,
    phase: row.phase,
  }
}

/** Registers the business-owner calls: own companies, and a business owner's profile and history. */
export async function smeProfileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl } = app.config

  app.get(
    '/profile/sme/companies',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in person's own companies.",
        security: SIGNED_IN,
        response: { 200: Envelope(Type.Array(SmeCompanySchema)), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const rows = await db
        .selectFrom('companies')
        .selectAll()
        .where('person_id', '=', auth.personId)
        .orderBy('id')
        .execute()
      return { data: rows.map(companyOut) }
    },
  )

  app.get(
    '/profile/sme/:id/history/',
    {
      schema: {
        tags: ['profile'],
        summary: "A business owner's past sessions, newest first.",
        description:
          'Past: ended, cancelled or absent, or booked and over; requests never accepted are not sessions. Visible to the business owner and to contributors who have or had a session with them; 404 for everyone else. Meeting data are never included.',
        security: SIGNED_IN,
        params: IdParams,
        querystring: Type.Object(PageQuery),
        response: { 200: Paged(SessionSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const smeId = request.params.id
      if (!(await canSeeSme(db, auth, smeId))) throw notFound()
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      const now = new Date().toISOString()
      const past = db
        .selectFrom('sessions')
        .where('sessions.sme_id', '=', smeId)
        // A request that was never accepted never became a session, whatever its state says.
        .where(sessionRowsOnly)
        .where((eb) =>
          eb.or([
            eb('sessions.state', 'in', PAST_STATES),
            eb.and([eb('sessions.state', 'in', UPCOMING_STATES), eb('sessions.end_at', '<=', now)]),
          ]),
        )
      const { n } = await past.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const total = Number(n)
      const offset = (page - 1) * perPage
      const rows =
        offset >= total
          ? []
          : await past
              .selectAll('sessions')
              .orderBy('sessions.start_at', 'desc')
              .orderBy('sessions.id', 'desc')
              .limit(perPage)
              .offset(offset)
              .execute()
      return {
        // No viewer: meeting data are never part of a history, whoever reads it.
        data: await sessionsOut(db, rows, { lang: request.lang, publicUrl, viewer: null }),
        meta: pageMeta(page, perPage, total),
      }
    },
  )

  app.get(
    '/profile/v2/sme/show/:id',
    {
      schema: {
        tags: ['profile'],
        summary: "A business owner's profile.",
        description:
          'Visible to the business owner and to contributors who have or had a session with them; 404 for everyone else.',
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: Envelope(SmeProfileSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const smeId = request.params.id
      if (!(await canSeeSme(db, auth, smeId))) throw notFound()
      const [person, companies, held] = await Promise.all([
        db
          .selectFrom('people')
          .select(['id', 'full_name', 'photo_path', 'email', 'phone'])
          .where('id', '=', smeId)
          .executeTakeFirst(),
        db.selectFrom('companies').selectAll().where('person_id', '=', smeId).orderBy('id').execute(),
        db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sme_id', '=', smeId)
          .where('state', '=', 'ended')
          .executeTakeFirstOrThrow(),
      ])
      if (!person) throw notFound()
      return {
        data: {
          id: person.id,
          full_name: person.full_name,
          file: fileRef(person.photo_path, publicUrl),
          email: person.email,
          mobile: person.phone,
          companies: companies.map(companyOut),
          sessions_count: Number(held.n),
        },
      }
    },
  )
}

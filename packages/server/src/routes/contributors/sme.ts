/**
 * Business owners' profiles as contributors see them: the person's own companies, and
 * a business owner's profile and past sessions. A business owner is visible to
 * themself and to contributors who have or had a session with them; everyone else
 * gets a 404, so the answer never reveals who exists.
 */
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Language, SmeCompany, SubjectType } from '@mashura/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database, Row } from '../../db/tables.ts'
import {
  contributorSummaries,
  fileRef,
  officeOut,
  smeSummaries,
  subjectOut,
} from '../../domain/serializers.ts'
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
import { HistorySessionSchema, SIGNED_IN, SmeCompanySchema, SmeProfileSchema } from './schemas.ts'

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

/**
 * The session type when a session has no subject: the field its contributor's kind serves
 * (the inverse of KIND_FOR_SUBJECT_TYPE); bsa, which serves no single field, counts as consulting.
 */
const TYPE_FOR_KIND: Record<Row<'contributors'>['kind'], SubjectType> = {
  consultant: 1,
  advisor: 2,
  partner: 4,
  bsa: 1,
}

/** Session rows as a history shows them, in their order, in a fixed number of queries. */
async function historySessions(
  db: Kysely<Database>,
  rows: readonly Row<'sessions'>[],
  lang: Language,
  publicUrl: string,
) {
  const ids = <K extends keyof Row<'sessions'>>(key: K) => [
    ...new Set(rows.flatMap((r) => (r[key] === null ? [] : [r[key] as number]))),
  ]
  const subjectIds = ids('subject_id')
  const officeIds = ids('office_id')
  const reasonIds = ids('cancel_reason_id')
  const [contributors, smes, subjects, offices, reasons] = await Promise.all([
    contributorSummaries(db, ids('contributor_id'), publicUrl),
    smeSummaries(db, ids('sme_id'), publicUrl),
    subjectIds.length ? db.selectFrom('subjects').selectAll().where('id', 'in', subjectIds).execute() : [],
    officeIds.length ? db.selectFrom('offices').selectAll().where('id', 'in', officeIds).execute() : [],
    reasonIds.length
      ? db.selectFrom('cancel_reasons').selectAll().where('id', 'in', reasonIds).execute()
      : [],
  ])
  const subjectBy = new Map(subjects.map((s) => [s.id, s]))
  const officeBy = new Map(offices.map((o) => [o.id, officeOut(o, lang)]))
  const reasonBy = new Map(reasons.map((r) => [r.id, lang === 'en' ? r.label_en : r.label_ar]))
  return rows.flatMap((r) => {
    const contributor = contributors.get(r.contributor_id)
    const sme = smes.get(r.sme_id)
    if (!contributor || !sme) return []
    const subject = r.subject_id === null ? undefined : subjectBy.get(r.subject_id)
    const cancelled = r.state === 'cancelled'
    return [
      {
        id: r.id,
        type: subject ? subject.type : TYPE_FOR_KIND[contributor.role],
        communication_way: r.communication_way,
        schedule_id: r.is_instant === 1 ? null : r.slot_id,
        state: r.state,
        is_instant: r.is_instant === 1,
        start: r.start_at,
        end: r.end_at,
        started_at: r.started_at,
        ended_at: r.ended_at,
        subject: subject ? subjectOut(subject, lang) : null,
        description: r.description,
        contributor,
        sme,
        office: r.office_id === null ? null : (officeBy.get(r.office_id) ?? null),
        meeting: null,
        recommendations: null,
        request_id: r.request_state === null ? null : r.id,
        cancel_reason: cancelled
          ? (r.cancel_reason ??
            (r.cancel_reason_id === null ? null : (reasonBy.get(r.cancel_reason_id) ?? null)))
          : null,
        end_reason: r.end_reason,
      },
    ]
  })
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
        response: { 200: Paged(HistorySessionSchema), ...commonErrors },
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
        .where((eb) =>
          eb.or([eb('sessions.request_state', 'is', null), eb('sessions.request_state', '=', 'accepted')]),
        )
        .where((eb) =>
          eb.or([
            eb('sessions.state', 'in', ['ended', 'cancelled', 'sme_absent']),
            eb.and([eb('sessions.state', 'in', ['booked', 'ongoing']), eb('sessions.end_at', '<=', now)]),
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
        data: await historySessions(db, rows, request.lang, publicUrl),
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

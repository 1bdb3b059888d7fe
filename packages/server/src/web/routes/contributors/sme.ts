/**
 * Business owners' profiles as contributors see them: the person's own companies, and
 * a business owner's profile and past sessions. Who sees what is decided by `domain/access.ts`:
 * her history, and her profile with contact details, to herself and to experts with a booked,
 * ongoing or past session with her; her profile without contact details to an advisor whose
 * request from her still waits; everyone else gets a 404, so the answer never reveals who exists.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { SmeCompany, SmeProfile } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import {
  companiesOf,
  countEndedSessionsOfSme,
  countPastSessionsOfSme,
  pastSessionsOfSmePage,
  smePerson,
} from '../../../db/queries/people.ts'
import type { Database, Row } from '../../../db/tables.ts'
import { smeAccess } from '../../../domain/access.ts'
import { contactFieldsOf, recordContactRead } from '../../../domain/my-data.ts'
import { fileRef } from '../../../wire/common.ts'
import { sessionsOut } from '../../../wire/sessions.ts'
import { notFound } from '../../http/errors.ts'
import { DEFAULT_PER_PAGE, pageMeta } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

// The uploads routes import it from here.
export { canReadSessionRecords } from '../../../domain/access.ts'

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
 * A business owner's profile (core's `SmeProfile`), or undefined for an unknown id. Without `contact`,
 * her e-mail and mobile number are null: only experts with a session with her may have them
 * (`domain/access.ts`).
 */
export async function smeProfileOut(
  db: Kysely<Database>,
  smeId: number,
  options: { contact: boolean; publicUrl: string },
): Promise<SmeProfile | undefined> {
  const [person, companies, held] = await Promise.all([
    smePerson(db, smeId),
    companiesOf(db, smeId),
    countEndedSessionsOfSme(db, smeId),
  ])
  if (!person) return undefined
  return {
    id: person.id,
    full_name: person.full_name,
    file: fileRef(person.photo_path, options.publicUrl),
    email: options.contact ? person.email : null,
    mobile: options.contact ? person.phone : null,
    companies: companies.map(companyOut),
    sessions_count: held,
  }
}

const route = callRoutes({ tags: ['profile'], access: 'signedIn' })

/** Registers the business-owner calls: own companies, and a business owner's profile and history. */
export async function smeProfileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl } = app.config

  app.route({
    ...route(calls.getSmeCompanies, {
      summary: "The signed-in person's own companies.",
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const rows = await companiesOf(db, auth.personId)
      return { data: rows.map(companyOut) }
    },
  })

  app.route({
    ...route(calls.getSmeHistory, {
      summary: "A business owner's past sessions, newest first.",
      description:
        'Past: ended, cancelled or absent, or booked and over; requests never accepted are not sessions. Visible to the business owner and to experts with a booked, ongoing, ended or SME-absent session with her; 404 for everyone else, including the advisor of a waiting, rejected or expired request and the expert of a cancelled session. Meeting data are never included.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const smeId = request.params.id
      if ((await smeAccess(db, auth, smeId)) !== 'full') throw notFound()
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      const now = new Date().toISOString()
      const total = await countPastSessionsOfSme(db, smeId, now)
      const offset = (page - 1) * perPage
      const rows =
        offset >= total ? [] : await pastSessionsOfSmePage(db, smeId, now, { limit: perPage, offset })
      return {
        // No viewer: meeting data are never part of a history, whoever reads it.
        data: await sessionsOut(db, rows, { lang: request.lang, publicUrl, viewer: null }),
        meta: pageMeta(page, perPage, total),
      }
    },
  })

  app.route({
    ...route(calls.getSmeProfile, {
      summary: "A business owner's profile.",
      description:
        'To the business owner and to experts with a booked, ongoing, ended or SME-absent session with her. ' +
        'To an advisor whose request from her still waits, without contact details (`email` and `mobile` ' +
        'null). 404 for everyone else, including the advisor of a rejected or expired request and the ' +
        'expert of a cancelled session.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const access = await smeAccess(db, auth, request.params.id)
      if (access === 'none') throw notFound()
      const profile = await smeProfileOut(db, request.params.id, { contact: access === 'full', publicUrl })
      if (!profile) throw notFound()
      // Her contact details read by an expert (not by herself): she sees it in "My data" (issue 34).
      await recordContactRead(db, {
        readerPersonId: auth.personId,
        readerRole: 'expert',
        subjectPersonId: profile.id,
        fields: contactFieldsOf(profile),
        via: 'getSmeProfile',
      })
      return { data: profile }
    },
  })
}

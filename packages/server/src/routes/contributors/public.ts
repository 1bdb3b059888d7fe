/** The public contributor reads: a contributor's schedule, the lists, the search and the covered subjects. */
import { type Static, Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Language } from '@mashura/core'
import type { FastifyInstance } from 'fastify'
import {
  CONSULTANT_KINDS,
  type ContributorFilters,
  contributorProfile,
  coveredSubjects,
  freeSlotsPage,
  orderedProfiles,
  searchContributorIds,
} from '../../domain/contributors.ts'
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
import { SubjectSchema } from '../../http/wire-schemas.ts'
import {
  ContributorListQuery,
  ContributorProfileSchema,
  ContributorScheduleResponse,
  PUBLIC,
} from './schemas.ts'

type ListQuery = Static<typeof ContributorListQuery>

/** The filters a list query asks for, within some kinds. */
function filtersOf(query: ListQuery, kinds?: ContributorFilters['kinds']): ContributorFilters {
  return {
    q: query.q,
    kinds,
    type: query.type,
    subjects: query.subjects,
    centers: query.centers,
    dates: query.dates,
    availability: query.availability,
    available: query.available,
  }
}

/** Registers the public reads: schedule, lists, search and covered subjects. */
export async function publicContributorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl } = app.config

  app.get(
    '/schedule/contributor/:id/',
    {
      schema: {
        tags: ['contributors'],
        summary: "A contributor's profile and a page of their free future slots, earliest first.",
        description: 'Public. `meta` pages the slots. A slot is free while no session holds it.',
        security: PUBLIC,
        params: IdParams,
        querystring: Type.Object(PageQuery),
        response: { 200: ContributorScheduleResponse, ...commonErrors },
      },
    },
    async (request) => {
      const { id } = request.params
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      const now = new Date()
      const contributor = await contributorProfile(db, id, { lang: request.lang, publicUrl, now })
      if (!contributor) throw notFound()
      const { slots, total } = await freeSlotsPage(db, id, { page, perPage }, { lang: request.lang, now })
      return { data: { contributor, slots }, meta: pageMeta(page, perPage, total) }
    },
  )

  /** Answers a page of profiles for some filters. */
  async function listPage(query: ListQuery, lang: Language, kinds?: ContributorFilters['kinds']) {
    const page = query.page ?? 1
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const now = new Date()
    const { ids, total } = await searchContributorIds(
      app.store,
      filtersOf(query, kinds),
      { page, perPage },
      now,
    )
    const data = await orderedProfiles(db, ids, { lang, publicUrl, now })
    return { data, meta: pageMeta(page, perPage, total) }
  }

  app.get(
    '/profile/v2/consultants',
    {
      schema: {
        tags: ['contributors'],
        summary: 'Lists consultants, advisors and partners, newest first, with the search filters.',
        description:
          'Public. `type` picks the field: 1 consulting → consultants, 2 guidance → advisors, 4 partnerships → partners.',
        security: PUBLIC,
        querystring: ContributorListQuery,
        response: { 200: Paged(ContributorProfileSchema), ...commonErrors },
      },
    },
    async (request) => listPage(request.query, request.lang, CONSULTANT_KINDS),
  )

  app.get(
    '/profile/v2/bsa',
    {
      schema: {
        tags: ['contributors'],
        summary: 'Lists bsa contributors, newest first, with the search filters.',
        description: 'Public. `type` keeps those who cover a subject of that type.',
        security: PUBLIC,
        querystring: ContributorListQuery,
        response: { 200: Paged(ContributorProfileSchema), ...commonErrors },
      },
    },
    async (request) => listPage(request.query, request.lang, ['bsa']),
  )

  app.get(
    '/profile/contributors',
    {
      schema: {
        tags: ['contributors'],
        summary: 'Searches contributors of every kind by text and filters, newest first.',
        description:
          'Public. The text is matched Arabic-aware (hamza forms, diacritics, taa marbuta, alef maqsura); every word must appear in the name, titles, subjects or bio. A blank text (a single space) lists everyone. Filters combine with AND; list filters match any of their values.',
        security: PUBLIC,
        querystring: ContributorListQuery,
        response: { 200: Paged(ContributorProfileSchema), ...commonErrors },
      },
    },
    async (request) => listPage(request.query, request.lang),
  )

  app.get(
    '/profile/contributors/subjects',
    {
      schema: {
        tags: ['contributors'],
        summary: 'Lists the subjects at least one contributor covers.',
        security: PUBLIC,
        response: { 200: Envelope(Type.Array(SubjectSchema)), ...commonErrors },
      },
    },
    async (request) => ({ data: await coveredSubjects(db, request.lang) }),
  )
}

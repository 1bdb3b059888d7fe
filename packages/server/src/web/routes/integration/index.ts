/**
 * Academy and services (spec section 7: four calls), served from the seeded catalogue tables.
 *
 * INTEGRATION_BASE_URL (`config.integrationBaseUrl`, checked by config.ts): the base
 * address of the agency's real integration API, e.g. `https://integration.example.sa/api`. When set, each
 * of the four calls is forwarded there with the same path below the base, query and JSON body, and the
 * request's Accept-Language; the answer is passed on as is. Only that host is ever called, each call given up
 * after `OUTBOUND_TIMEOUT_MS` (`config.outboundTimeoutMs`, 10 s), its answer's body included; a network
 * failure, a timeout, a non-JSON answer or an error status other than 404 answers 502 `service_unavailable`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AcademyCategory, AcademyCourse, Language, PlatformService } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  academyCategories,
  type CourseFilter,
  countCourses,
  coursesPage,
  platformService,
  platformServices,
} from '../../../db/queries/integration.ts'
import type { Row } from '../../../db/tables.ts'
import { ApiHttpError, notFound } from '../../http/errors.ts'
import { DEFAULT_PER_PAGE, ErrorBody, pageMeta } from '../../http/schema.ts'
import { callRoutes } from '../call-route.ts'

/** Where the academy's course pages live when a course row has no address of its own. */
const ACADEMY_FALLBACK_URL = 'https://academy.mashura.sa/courses'
/** Where the services platform's pages live when a service row has no address of its own. */
const SERVICES_FALLBACK_URL = 'https://services.mashura.sa/services'

const text = (ar: string, en: string, lang: Language) => (lang === 'en' ? en : ar)

function courseOut(row: Row<'academy_courses'>, lang: Language): AcademyCourse {
  return {
    id: row.id,
    title: text(row.title_ar, row.title_en, lang),
    description: text(row.description_ar, row.description_en, lang) || null,
    category_id: row.category_id,
    image_url: null,
    url: row.url ?? `${ACADEMY_FALLBACK_URL}/${row.id}`,
  }
}

function serviceOut(row: Row<'platform_services'>, lang: Language): PlatformService {
  return {
    id: row.id,
    name: text(row.name_ar, row.name_en, lang),
    description: text(row.description_ar, row.description_en, lang) || null,
    icon_url: null,
    url: row.url ?? `${SERVICES_FALLBACK_URL}/${row.id}`,
  }
}

/** A LIKE pattern matching `search` anywhere, with its wildcards escaped (escape character `\`). */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const unavailable = () => new ApiHttpError(502, 'service_unavailable', 'errors.serviceUnavailable')

/** Forwards a call to the integration below `base`, passing its JSON answer on; see the module comment. */
async function forward(
  base: URL,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body?: unknown,
): Promise<FastifyReply> {
  const target = new URL(`${base.href.replace(/\/+$/, '')}${path}`)
  // Paths are built from fixed strings and integer ids, but never send anything to another host.
  if (target.origin !== base.origin) throw unavailable()
  let response: Response
  let payload: string
  try {
    response = await fetch(target, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        'accept-language': request.lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(request.server.config.outboundTimeoutMs),
    })
    payload = await response.text()
  } catch (error) {
    request.log.warn({ err: error, target: target.href }, 'integration call failed')
    throw unavailable()
  }
  if (response.status === 404) throw notFound()
  if (!response.ok) throw unavailable()
  try {
    JSON.parse(payload)
  } catch {
    throw unavailable()
  }
  // Sent as the integration wrote it: a string payload skips this route's response serializer.
  return reply.code(200).type('application/json; charset=utf-8').send(payload)
}

const route = callRoutes({ tags: ['integration'], access: 'signedIn' })

export async function integrationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const base = app.config.integrationBaseUrl ? new URL(app.config.integrationBaseUrl) : null
  const proxied = base
    ? ` Forwarded to the agency's integration (INTEGRATION_BASE_URL); 502 when it fails.`
    : ''

  app.route({
    ...route(calls.getAcademyCategories, {
      summary: "The academy's course categories, in the request language.",
      description: `Ordered by id.${proxied}`,
      errors: { 502: ErrorBody },
    }),
    handler: async (request, reply) => {
      if (base) return forward(base, request, reply, '/academy/categories')
      const rows = await academyCategories(db)
      const data: AcademyCategory[] = rows.map((r) => ({
        id: r.id,
        name: text(r.name_ar, r.name_en, request.lang),
      }))
      return { data }
    },
  })

  app.route({
    ...route(calls.getAcademyCourses, {
      summary:
        'A page of academy courses, by search text (title or description, either language) and category.',
      description: `Paging is in the body (page, per_page), as are search and category_id.${proxied}`,
      errors: { 502: ErrorBody },
    }),
    handler: async (request, reply) => {
      const body = request.body ?? {}
      if (base) return forward(base, request, reply, '/academy/all_courses', body)
      const page = body.page ?? 1
      const perPage = body.per_page ?? DEFAULT_PER_PAGE
      const search = body.search?.trim()
      const filter: CourseFilter = {
        categoryId: body.category_id,
        pattern: search ? containsPattern(search) : undefined,
      }
      const [n, rows] = await Promise.all([
        countCourses(db, filter),
        coursesPage(db, filter, { limit: perPage, offset: (page - 1) * perPage }),
      ])
      return { data: rows.map((r) => courseOut(r, request.lang)), meta: pageMeta(page, perPage, Number(n)) }
    },
  })

  app.route({
    ...route(calls.getServices, {
      summary: "The services platform's services, in the request language.",
      description: `Ordered by id.${proxied}`,
      errors: { 502: ErrorBody },
    }),
    handler: async (request, reply) => {
      if (base) return forward(base, request, reply, '/services/v2/services')
      const rows = await platformServices(db)
      return { data: rows.map((r) => serviceOut(r, request.lang)) }
    },
  })

  app.route({
    ...route(calls.getService, {
      summary: 'One service of the services platform; 404 when there is none.',
      ...(proxied ? { description: proxied.trim() } : {}),
      errors: { 502: ErrorBody },
    }),
    handler: async (request, reply) => {
      if (base) return forward(base, request, reply, `/services/v2/services/${request.params.id}`)
      const row = await platformService(db, request.params.id)
      if (!row) throw notFound()
      return { data: serviceOut(row, request.lang) }
    },
  })
}

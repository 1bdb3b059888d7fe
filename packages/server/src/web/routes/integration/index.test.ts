import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AcademyCourse, PlatformService } from '@mashura/core'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACADEMY_CATALOGUE,
  PLATFORM_SERVICES,
  seedIntegrationCatalogue,
} from '../../../seed/integration-catalogue.ts'
import {
  createTestContext,
  eachDatabase,
  jsonOf,
  type TestContext,
  type TestPerson,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'

const COURSES = ACADEMY_CATALOGUE.flatMap((c) => c.courses).length

eachDatabase('academy and services (seeded catalogue)', (dialect) => {
  const ctx = useTestContext(dialect)
  beforeAll(() => seedIntegrationCatalogue(ctx.store.db))
  const { owner, expert } = usePeople(ctx, {
    owner: { name: 'سارة الشمري' },
    expert: { name: 'نورة القحطاني', contributor: {} },
  })

  const courses = (payload: Record<string, unknown>, token: string | null = expert.token, lang?: 'en') =>
    ctx.call({
      method: 'POST',
      url: '/api/integration/academy/all_courses',
      token,
      payload,
      ...(lang ? { lang } : {}),
    })

  it('seeds a realistic catalogue', () => {
    expect(ACADEMY_CATALOGUE).toHaveLength(5)
    expect(COURSES).toBe(20)
    expect(PLATFORM_SERVICES).toHaveLength(8)
  })

  it('lists the categories in the request language', async () => {
    const body = await jsonOf(ctx.get('/api/integration/academy/categories', owner.token))
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(ACADEMY_CATALOGUE.map((c) => c.nameAr))
    const en = await ctx.get('/api/integration/academy/categories', owner.token, 'en')
    expect(en.json().data[0]).toEqual({ id: expect.any(Number), name: 'Entrepreneurship' })
  })

  it('pages the courses, filters by category and searches titles and descriptions in both languages', async () => {
    const page = await courses({ page: 2, per_page: 5 })
    expect(page.statusCode).toBe(200)
    expect(page.json().meta).toEqual({ page: 2, per_page: 5, total: COURSES, last_page: 4 })
    expect(page.json().data).toHaveLength(5)
    const first = (await courses({})).json()
    expect(first.meta).toEqual({ page: 1, per_page: 15, total: COURSES, last_page: 2 })
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      title: 'من الفكرة إلى المشروع',
      description: 'كيف تختبر فكرتك في السوق السعودي قبل أن تستثمر فيها.',
      category_id: expect.any(Number),
      image_url: null,
      url: 'https://academy.mashura.sa/courses/idea-to-venture',
    })

    const categories = (await ctx.get('/api/integration/academy/categories', owner.token)).json().data as {
      id: number
    }[]
    const finance = await courses({ category_id: categories[1]!.id })
    expect(finance.json().data.map((c: AcademyCourse) => c.category_id)).toEqual(
      Array(4).fill(categories[1]!.id),
    )

    const marketing = (await courses({ search: 'التسويق' })).json()
    expect(marketing.data.map((c: AcademyCourse) => c.title)).toEqual(['التسويق الرقمي للمبتدئين'])
    const vat = (await courses({ search: 'e-INVOICING' }, owner.token, 'en')).json()
    expect(vat.data.map((c: AcademyCourse) => c.title)).toEqual(['E-invoicing and VAT'])
    // LIKE wildcards are searched for literally.
    expect((await courses({ search: '%' })).json().meta.total).toBe(0)
    expect((await courses({ search: '_' })).json().meta.total).toBe(0)
    expect((await courses({ search: 'تسويق', category_id: categories[0]!.id })).json().data).toEqual([])
  })

  it('refuses unknown body fields and visitors', async () => {
    expect((await courses({ q: 'x' })).statusCode).toBe(400)
    expect((await courses({ per_page: 101 })).statusCode).toBe(400)
    expect((await courses({}, null)).statusCode).toBe(401)
    for (const url of [
      '/api/integration/academy/categories',
      '/api/integration/services/v2/services',
      '/api/integration/services/v2/services/1',
    ]) {
      expect((await ctx.get(url)).statusCode).toBe(401)
    }
  })

  it('lists the services and reads one, 404 for a missing one', async () => {
    const list = await jsonOf(ctx.get('/api/integration/services/v2/services', owner.token))
    const services = list.data as PlatformService[]
    expect(services).toHaveLength(8)
    const one = await ctx.get(`/api/integration/services/v2/services/${services[1]!.id}`, expert.token, 'en')
    expect(one.json()).toEqual({
      data: {
        id: services[1]!.id,
        name: 'Loan guarantee programme',
        description: 'A guarantee on part of the bank financing of small and medium businesses.',
        icon_url: null,
        url: 'https://services.mashura.sa/services/loan-guarantee',
      },
    })
    const missing = await ctx.get('/api/integration/services/v2/services/999999', owner.token)
    expect(missing.statusCode).toBe(404)
  })

  it('publishes the four calls in the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    for (const [method, path] of [
      ['get', '/integration/academy/categories'],
      ['post', '/integration/academy/all_courses'],
      ['get', '/integration/services/v2/services'],
      ['get', '/integration/services/v2/services/{id}'],
    ] as const) {
      const op = doc.paths[path]?.[method]
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.tags).toEqual(['integration'])
    }
  })
})

describe('academy and services through INTEGRATION_BASE_URL', () => {
  let upstream: FastifyInstance
  let base: string
  let ctx: TestContext
  let person: TestPerson
  const seen: { method: string; url: string; body: unknown; lang: string | undefined }[] = []

  async function withBase(url: string): Promise<TestContext> {
    return createTestContext('sqlite', { integrationBaseUrl: url })
  }

  beforeAll(async () => {
    upstream = Fastify()
    upstream.addHook('onRequest', async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        body: undefined,
        lang: request.headers['accept-language'],
      })
    })
    upstream.get('/api/academy/categories', async () => ({ data: [{ id: 41, name: 'من الخارج' }] }))
    upstream.post('/api/academy/all_courses', async (request) => {
      seen.at(-1)!.body = request.body
      return { data: [], meta: { page: 3, per_page: 15, total: 0, last_page: 1 }, extra: 'kept' }
    })
    upstream.get('/api/services/v2/services', async (_request, reply) => reply.code(500).send({ oops: true }))
    upstream.get('/api/services/v2/services/:id', async (request, reply) =>
      (request.params as { id: string }).id === '7'
        ? { data: { id: 7, name: 'x', description: null, icon_url: null, url: 'https://s.sa/7' } }
        : reply.code(404).send({ message: 'no' }),
    )
    await upstream.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}/api/`
    ctx = await withBase(base)
    person = await ctx.person()
  })
  afterAll(async () => {
    await ctx.close()
    await upstream.close()
  })

  it('forwards reads and the courses body to the integration, in the request language, answering as it did', async () => {
    const cats = await jsonOf(ctx.get('/api/integration/academy/categories', person.token, 'en'))
    expect(cats).toEqual({ data: [{ id: 41, name: 'من الخارج' }] })
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/academy/categories', lang: 'en' })

    const res = await ctx.post('/api/integration/academy/all_courses', person.token, {
      page: 3,
      search: 'تسويق',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().extra).toBe('kept')
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/academy/all_courses', lang: 'ar' })
    expect(seen.at(-1)!.body).toMatchObject({ page: 3, search: 'تسويق' })

    const one = await ctx.get('/api/integration/services/v2/services/7', person.token)
    expect(one.json().data.id).toBe(7)
  })

  it('answers 404 for a missing service and 502 when the integration fails', async () => {
    const missing = await ctx.get('/api/integration/services/v2/services/8', person.token)
    expect(missing.statusCode).toBe(404)
    const failed = await jsonOf(ctx.get('/api/integration/services/v2/services', person.token), 502)
    expect(failed.error.code).toBe('service_unavailable')
  })

  it('answers 502 within OUTBOUND_TIMEOUT_MS when the integration goes silent, before or during its answer', {
    timeout: 60_000,
  }, async () => {
    // One path never answers; the other sends its headers and half its JSON, then nothing.
    const silent = createServer((req, res) => {
      if (req.url?.includes('services')) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.write('{"data": [')
      }
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as AddressInfo).port
    const slow = await createTestContext('sqlite', {
      integrationBaseUrl: `http://127.0.0.1:${port}/api`,
      outboundTimeoutMs: 400,
    })
    try {
      const who = await slow.person()
      for (const path of ['/api/integration/academy/categories', '/api/integration/services/v2/services']) {
        const started = performance.now()
        const res = await slow.get(path, who.token, 'en')
        expect(res.statusCode, path).toBe(502)
        expect(res.json().error.code).toBe('service_unavailable')
        expect(performance.now() - started, path).toBeLessThan(5000)
      }
    } finally {
      await slow.close()
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('answers 502 when the integration cannot be reached, and still checks who is asking first', async () => {
    const closed = Fastify()
    await closed.listen({ host: '127.0.0.1', port: 0 })
    const port = (closed.server.address() as AddressInfo).port
    await closed.close()
    const down = await withBase(`http://127.0.0.1:${port}`)
    try {
      const who = await down.person()
      const res = await down.get('/api/integration/academy/categories', who.token)
      expect(res.statusCode).toBe(502)
      expect(res.json().error.code).toBe('service_unavailable')
      expect((await down.get('/api/integration/academy/categories')).statusCode).toBe(401)
    } finally {
      await down.close()
    }
  })
})

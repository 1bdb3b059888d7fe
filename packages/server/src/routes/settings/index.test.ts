import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, eachDatabase, type TestContext } from '../../test-support/context.ts'

eachDatabase('GET /dashboard/settings/mentor_url', (dialect) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(dialect)
    await ctx.store.db
      .insertInto('settings')
      .values({
        key: 'mentor_url',
        value_ar: 'https://video.example/ar',
        value_en: 'https://video.example/en',
      })
      .execute()
  })
  afterAll(() => ctx.close())

  it('answers the URL in the request language', async () => {
    const ar = await ctx.call({ method: 'GET', url: '/api/dashboard/settings/mentor_url' })
    expect(ar.statusCode).toBe(200)
    expect(ar.json()).toEqual({ data: { key: 'mentor_url', value: 'https://video.example/ar' } })
    const en = await ctx.call({ method: 'GET', url: '/api/dashboard/settings/mentor_url', lang: 'en' })
    expect(en.json().data.value).toBe('https://video.example/en')
  })

  it('refuses a call without an API key, in Arabic by default and in English on request', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/dashboard/settings/mentor_url', apiKey: null })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('invalid_api_key')
    expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/)
    const en = await ctx.call({
      method: 'GET',
      url: '/api/dashboard/settings/mentor_url',
      apiKey: 'nope',
      lang: 'en',
    })
    expect(en.json().error.message).toBe('The API key is not valid.')
  })

  it('refuses a token that is not valid', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/dashboard/settings/mentor_url',
      token: 'not-a-jwt',
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it('answers unknown routes with a 404 envelope and publishes the OpenAPI document', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('route_not_found')
    const doc = await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })
    expect(doc.statusCode).toBe(200)
    expect(doc.json().openapi).toBe('3.1.0')
    // Paths are relative to the document's server, /api: exactly the spec's paths.
    expect(Object.keys(doc.json().paths)).toContain('/dashboard/settings/mentor_url')
  })
})

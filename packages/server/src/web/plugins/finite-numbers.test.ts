import { describe, expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'
import { nonFinitePaths } from './finite-numbers.ts'

describe('nonFinitePaths', () => {
  it('names every number that is not finite, however deep', () => {
    expect(nonFinitePaths({ a: 1, b: [2, Number.POSITIVE_INFINITY], c: { d: Number.NaN } })).toEqual([
      'b.1',
      'c.d',
    ])
    expect(nonFinitePaths(Number.NEGATIVE_INFINITY)).toEqual(['_'])
    expect(nonFinitePaths({ a: 'Infinity', b: null })).toEqual([])
    const deep = JSON.parse(`${'['.repeat(50_000)}1e309${']'.repeat(50_000)}`)
    expect(nonFinitePaths(deep)).toHaveLength(1)
  })
})

eachDatabase('numbers in the address', (dialect) => {
  const ctx = useTestContext(dialect)

  it('refuse Infinity, -Infinity, 1e309 and NaN as paging or ids with a field error, never a 500', async () => {
    for (const query of [
      'page=Infinity',
      'per_page=-Infinity',
      'page=1e309',
      'per_page=NaN',
      'page=+Infinity',
    ]) {
      for (const path of ['/api/profile/contributors', '/api/profile/v2/consultants']) {
        const res = await ctx.get(`${path}?${query}`, null, 'en')
        expect(res.statusCode, `${path}?${query}`).toBe(400)
        const field = query.split('=')[0]!
        expect(res.json().error).toMatchObject({
          code: 'validation_failed',
          fields: { [field]: expect.any(String) },
        })
      }
    }
    const id = await ctx.get('/api/schedule/contributor/Infinity/')
    expect(id.statusCode).toBe(400)
    // Text that happens to read "Infinity" is text: the search takes it.
    expect((await ctx.get('/api/profile/contributors?q=Infinity')).statusCode).toBe(200)
    expect((await ctx.get('/api/profile/contributors?page=2')).statusCode).toBe(200)
  })

  it('answer a path part over the length limit in the envelope and the language asked for, without echoing it', async () => {
    const long = 'x'.repeat(150)
    for (const lang of ['ar', 'en'] as const) {
      const res = await ctx.call({ method: 'DELETE', url: `/api/schedule/contributor/${long}`, lang })
      expect(res.statusCode).toBe(414)
      expect(res.json()).toEqual({
        error: {
          code: 'uri_too_long',
          message: lang === 'ar' ? expect.stringMatching(/[\u0600-\u06ff]/) : expect.stringMatching(/^[A-Z]/),
        },
      })
      expect(res.body).not.toContain(long)
    }
  })

  it('refuse a body number that is, or is coerced to, an infinite one with a field error, never a 500 (issue 17)', async () => {
    const { token } = await ctx.person()
    for (const payload of [
      '{"per_page":"Infinity"}',
      '{"per_page":"-Infinity"}',
      '{"page":"Infinity"}',
      '{"page":"1e309"}',
      '{"page":2,"per_page":" -1e309 "}',
    ]) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/integration/academy/all_courses',
        token,
        lang: 'en',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, payload).toBe(400)
      expect(res.json().error, payload).toMatchObject({
        code: 'validation_failed',
        fields: { [payload.includes('per_page') ? 'per_page' : 'page']: expect.any(String) },
      })
    }
    const ok = await ctx.post('/api/integration/academy/all_courses', token, { page: '2', per_page: 5 })
    expect(ok.statusCode).toBe(200)
  })
})

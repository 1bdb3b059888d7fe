/**
 * A list page assembled from its profiles' kept JSON (issue 37) is the very text the route's response schema
 * serializes: the same seeded catalogue answered with the catalogue cache on and off gives byte-identical
 * bodies, for text searches, filters, later pages and both languages.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { seedDatabase } from '../../../seed/seed.ts'
import { useTestContext } from '../../../test-support/context.ts'

const NOW = new Date('2030-03-01T06:00:00.000Z')

describe('a list page assembled from kept profiles', () => {
  const cached = useTestContext('sqlite')
  const uncached = useTestContext('sqlite', { catalogueCacheMb: 0 })
  beforeAll(async () => {
    for (const ctx of [cached, uncached]) await seedDatabase(ctx.store, { experts: 40, now: NOW, seed: 3 })
  })

  it('is byte for byte what the response schema serializes', async () => {
    const urls = [
      '/api/profile/contributors?q=%20',
      `/api/profile/contributors?q=${encodeURIComponent('تمويل')}`,
      `/api/profile/contributors?q=${encodeURIComponent('ادارة مشاريع')}&per_page=5&page=2`,
      `/api/profile/v2/consultants?q=${encodeURIComponent('تسويق')}`,
      '/api/profile/v2/bsa?per_page=3&page=2',
      '/api/profile/contributors?q=%20&page=99',
    ]
    for (const url of urls) {
      for (const lang of ['ar', 'en'] as const) {
        // Twice with the cache: made, then kept (a text search is kept from its second time).
        const [one, two, plain] = [
          await cached.call({ method: 'GET', url, lang }),
          await cached.call({ method: 'GET', url, lang }),
          await uncached.call({ method: 'GET', url, lang }),
        ]
        expect(plain.statusCode, url).toBe(200)
        expect(one.body, `${url} ${lang}`).toBe(plain.body)
        expect(two.body, `${url} ${lang}`).toBe(plain.body)
      }
    }
  })
})

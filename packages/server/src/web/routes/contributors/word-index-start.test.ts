/**
 * The search's word index is built once a listening server has answered its first request (issue 37), not by
 * the first search, so a fresh process's first searches do not share the main thread with the build; and not
 * before that answer, which the build would delay. SQLite alone: there the
 * catalogue data's version moves only with a commit, where PostgreSQL's moves each minute as well.
 */
import { describe, expect, it, vi } from 'vitest'
import { catalogueDataVersion } from '../../../adapters/cache/catalogue-cache.ts'
import { DEV_API_KEY } from '../../../config.ts'
import { useTestContext } from '../../../test-support/context.ts'

describe('the search word index of a starting server [sqlite only]', () => {
  const ctx = useTestContext('sqlite')

  it('is built once the listening server has answered, before any search asks for it', async () => {
    await ctx.person({ name: 'ريم العتيبي', contributor: { title_ar: 'مستشارة تسويق' } })
    const versions = await ctx.app.catalogueCache.versions(['catalogue'])
    if (!versions) throw new Error('the catalogue cache should be on')
    const version = catalogueDataVersion(versions)
    expect(ctx.app.searchWords.state(version)).toBe('none')
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    expect(ctx.app.searchWords.state(version)).toBe('none')
    const settings = await fetch(`${base}/api/dashboard/settings`, { headers: { 'x-api-key': DEV_API_KEY } })
    expect(settings.status).toBe(200)
    await vi.waitFor(() => expect(ctx.app.searchWords.state(version)).not.toBe('none'))
    await vi.waitFor(() => expect(ctx.app.searchWords.state(version)).toBe('ready'), { timeout: 10_000 })
    const index = ctx.app.searchWords.at(version)
    expect(index).not.toBeNull()
  })

  it('starts every thread of the read pool then too, not under the first burst of reads', async () => {
    const readers = ctx.store.sqliteReaders
    if (!readers) throw new Error('a file database should have a read pool')
    // The first test's answer started them (a pool is one thread per core, at most 4: two or more here).
    await vi.waitFor(() => expect(readers.threads).toBe(readers.size))
  })
})

import { beforeAll, expect, it } from 'vitest'
import { eachDatabase, usePeople, useTestContext } from '../../../test-support/context.ts'
import { recommendationBody } from '../../../test-support/fixtures.ts'

eachDatabase('an instant session’s rating link', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner } = usePeople(ctx, {
    expert: { name: 'نورة', contributor: { kind: 'consultant', join_now_enabled: true } },
    owner: { name: 'سارة', email: 'sara@example.sa' },
  })
  beforeAll(async () => {
    await ctx.store.db
      .updateTable('contributors')
      .set({ available_for_instant: 1 })
      .where('id', '=', expert.contributorId)
      .execute()
  })

  it('is made, and its mail queued, when an instant session with recommendations is ended', async () => {
    const started = await ctx.call({
      method: 'POST',
      url: `/api/schedule/instant/contributor/${expert.contributorId}`,
      token: owner.token,
    })
    expect(started.statusCode).toBe(201)
    const id = started.json().data.id as number
    const saved = await ctx.post('/api/rating/v4/sme', expert.token, recommendationBody(id))
    expect(saved.statusCode, saved.body).toBe(200)
    // Written while it runs: no link yet.
    expect(
      await ctx.store.db.selectFrom('rating_links').select('id').where('session_id', '=', id).execute(),
    ).toEqual([])
    const ended = await ctx.call({
      method: 'POST',
      url: `/api/schedule/${id}/end-instant`,
      token: expert.token,
    })
    expect(ended.statusCode, ended.body).toBe(200)
    const links = await ctx.store.db
      .selectFrom('rating_links')
      .select('id')
      .where('session_id', '=', id)
      .execute()
    expect(links).toHaveLength(1)
    const mail = await ctx.store.db
      .selectFrom('outbox')
      .select(['kind', 'to_address'])
      .where('dedupe_key', '=', `rating:${links[0]!.id}`)
      .executeTakeFirst()
    expect(mail).toEqual({ kind: 'rating', to_address: 'sara@example.sa' })
  })
})

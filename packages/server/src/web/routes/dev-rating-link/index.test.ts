import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedDatabase } from '../../../seed/seed.ts'
import { eachDatabase, productionConfig, useTestContext } from '../../../test-support/context.ts'
import { DEV_RATING_LINK_PATH, RATING_LANDING_PATH } from './index.ts'

eachDatabase('development rating link', (dialect) => {
  describe('in development', () => {
    beforeAll(() => {
      vi.spyOn(console, 'log').mockImplementation(() => undefined)
    })
    afterAll(() => {
      vi.restoreAllMocks()
    })
    // Every link is opened once: more than the validate call's limit per minute allows.
    const ctx = useTestContext(dialect, { rateLimit: { signIn: 1000, booking: 1000, windowMs: 60_000 } })
    beforeAll(() => seedDatabase(ctx.store, { experts: 4 }))

    const follow = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: DEV_RATING_LINK_PATH })
      expect(res.statusCode).toBe(303)
      expect(res.headers['cache-control']).toBe('no-store')
      const location = new URL(String(res.headers.location), 'http://localhost')
      expect(location.pathname).toBe(RATING_LANDING_PATH)
      return location.searchParams.get('token')!
    }
    const validate = (token: string) =>
      ctx.get(`/api/rating/sme/validate-rating/${encodeURIComponent(token)}`)

    it('says which conveniences it offers, for the landing page to ask', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/examples/dev/' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ rating_link: DEV_RATING_LINK_PATH })
    })

    it('redirects to the landing page with a real link of a seeded ended, unrated session', async () => {
      const token = await follow()
      const opened = await validate(token)
      expect(opened.statusCode).toBe(200)
      const { session_id } = opened.json().data
      const session = await ctx.store.db
        .selectFrom('sessions')
        .innerJoin('people', 'people.id', 'sessions.sme_id')
        .select(['sessions.state', 'people.email'])
        .where('sessions.id', '=', session_id)
        .executeTakeFirstOrThrow()
      expect(session.state).toBe('ended')
      expect(session.email).toBeTruthy()
      // Made by the server's own code: the e-mail that would carry it is queued.
      const mail = await ctx.store.db
        .selectFrom('outbox')
        .select('link')
        .where('link', 'like', `%${token}`)
        .executeTakeFirst()
      expect(mail?.link).toBe(`${ctx.config.publicUrl}/smeRate?token=${token}`)
      // A HEAD (a prefetch, a link checker) makes no link.
      const before = await ctx.store.db.selectFrom('rating_links').select('id').execute()
      expect((await ctx.app.inject({ method: 'HEAD', url: DEV_RATING_LINK_PATH })).statusCode).toBe(404)
      expect(await ctx.store.db.selectFrom('rating_links').select('id').execute()).toHaveLength(before.length)
    })

    it('hands out fresh links until every ended session is rated, then says so', async () => {
      const ratable = await ctx.store.db
        .selectFrom('sessions')
        .innerJoin('people', 'people.id', 'sessions.sme_id')
        .select('sessions.id')
        .where('sessions.state', '=', 'ended')
        .where('people.email', 'is not', null)
        .execute()
      expect(ratable.length).toBeGreaterThan(1)
      const seen = new Set<number>()
      for (let i = 0; i < ratable.length; i++) {
        const token = await follow()
        const opened = await validate(token)
        expect(opened.statusCode).toBe(200)
        const { session_id } = opened.json().data
        // Each click rates a session nobody rated yet.
        expect(seen.has(session_id)).toBe(false)
        seen.add(session_id)
        await ctx.store.db
          .insertInto('ratings')
          .values({
            session_id,
            contributor_id: (
              await ctx.store.db
                .selectFrom('sessions')
                .select('contributor_id')
                .where('id', '=', session_id)
                .executeTakeFirstOrThrow()
            ).contributor_id,
            stars: 5,
            comment: null,
            created_at: new Date().toISOString(),
          })
          .execute()
      }
      expect([...seen].sort((a, b) => a - b)).toEqual(ratable.map((s) => s.id).sort((a, b) => a - b))
      const none = await ctx.app.inject({ method: 'GET', url: DEV_RATING_LINK_PATH })
      expect(none.statusCode).toBe(409)
      expect(none.body).toMatch(/[\u0600-\u06ff]/)
      expect(none.body).toContain('npm run seed -- --force')
    })

    it('replaces an unused link, whose token only its e-mail knows, with a working one', async () => {
      const [owner, expert] = await Promise.all([
        ctx.store.db
          .selectFrom('people')
          .select('id')
          .where('email', 'is not', null)
          .executeTakeFirstOrThrow(),
        ctx.store.db.selectFrom('contributors').select('id').executeTakeFirstOrThrow(),
      ])
      const { addSession, hoursFromNow } = await import('../../../test-support/fixtures.ts')
      const session = await addSession(ctx.store.db, {
        contributorId: expert.id,
        smeId: owner.id,
        start: hoursFromNow(-3),
        state: 'ended',
      })
      const first = await follow()
      const second = await follow()
      expect(first).not.toBe(second)
      expect((await validate(first)).statusCode).toBe(400)
      const opened = await validate(second)
      expect(opened.statusCode).toBe(200)
      expect(opened.json().data.session_id).toBe(session.id)
    })
  })

  describe('in production', () => {
    const ctx = useTestContext(dialect, productionConfig)
    beforeAll(async () => {
      expect(ctx.config.development).toBe(false)
      await seedDatabase(ctx.store, { experts: 4 })
    })

    it('is not there: 404, and no link is made', async () => {
      for (const url of [DEV_RATING_LINK_PATH, '/examples/dev/']) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404)
      }
      expect(await ctx.store.db.selectFrom('rating_links').select('id').execute()).toHaveLength(0)
    })
  })
})

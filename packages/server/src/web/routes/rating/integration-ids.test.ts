import { afterAll, describe, expect, it } from 'vitest'
import {
  createTestContext,
  DATABASES,
  type TestContext,
  type TestPerson,
} from '../../../test-support/context.ts'
import { addSession, hoursFromNow, recommendationBody } from '../../../test-support/fixtures.ts'

/** Recommendations naming course 9001 and service 77, which only the agency's integration knows. */
async function recommend(ctx: TestContext, expert: TestPerson, owner: TestPerson) {
  const session = await addSession(ctx.store.db, {
    contributorId: expert.contributorId!,
    smeId: owner.personId,
    start: hoursFromNow(-2),
    state: 'ended',
  })
  return ctx.post(
    '/api/rating/v4/sme',
    expert.token,
    recommendationBody(session.id, {
      need_academy_course: true,
      academy_course_ids: [9001],
      need_platform_feature: true,
      service_ids: [77],
    }),
    'en',
  )
}

describe('course and service ids in recommendations', () => {
  const contexts: TestContext[] = []
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close()
  })

  it('are the integration’s own with INTEGRATION_BASE_URL set, and are saved', async () => {
    // The integration is not called to save them: nothing needs to listen at its address.
    const ctx = await createTestContext(DATABASES[0]!, { integrationBaseUrl: 'http://127.0.0.1:9/agency' })
    contexts.push(ctx)
    const expert = await ctx.person({ contributor: { kind: 'consultant' } })
    const res = await recommend(ctx, expert, await ctx.person())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ academy_course_ids: [9001], service_ids: [77] })
  })

  it('must be in the seeded catalogue without it (400 naming both fields)', async () => {
    const ctx = await createTestContext(DATABASES[0]!)
    contexts.push(ctx)
    const expert = await ctx.person({ contributor: { kind: 'consultant' } })
    const res = await recommend(ctx, expert, await ctx.person())
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['academy_course_ids', 'service_ids'])
  })
})

/**
 * Chat has a rate limit (issue 30: 1,562 messages of 8 KB in 30 s from one person): RATE_LIMIT_CHAT messages per
 * person per window, whoever they write to and whatever their address; the next is 429 `rate_limited` with
 * words of its own, in Arabic or English. Another person's sending is not touched. With REDIS_URL the count is
 * shared by every instance.
 */
import { serverTranslator } from '@mashura/core/i18n/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTwoInstances,
  DATABASES,
  eachDatabase,
  type TestContext,
  type TestPerson,
  type TwoInstances,
  useTestContext,
} from '../../../test-support/context.ts'
import { addSession, hoursFromNow } from '../../../test-support/fixtures.ts'
import { useChatCast } from '../../../test-support/suite-fixtures.ts'

const LIMIT = 3

/** A text message from a business owner to an expert (a contributor id), or from an expert to a business owner. */
function message(to: { contributorId: number } | { personId: number }, text = 'مرحبا') {
  return 'contributorId' in to
    ? {
        url: `/api/schedule/notifiable-id/${to.contributorId}/chat-notification`,
        payload: { notifiable_user: 'contributor', type: 'text', message: text },
      }
    : {
        url: `/api/schedule/notifiable-id/${to.personId}/chat-notification`,
        payload: { notifiable_user: 'sme', type: 'text', message: text },
      }
}

eachDatabase('the chat rate limit', (dialect) => {
  const ctx = useTestContext(dialect, { chatRateLimit: LIMIT })
  const { expert, otherExpert, owner } = useChatCast(ctx, { expertOffChats: true })

  const send = (from: TestPerson, to: { contributorId: number } | { personId: number }, lang?: 'ar' | 'en') =>
    ctx.call({ method: 'POST', token: from.token, ...(lang ? { lang } : {}), ...message(to) })

  it('lets one person send RATE_LIMIT_CHAT messages a window, whoever to, then answers 429 in both languages', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT; i++)
      statuses.push((await send(owner, { contributorId: expert.contributorId })).statusCode)
    expect(statuses).toEqual(Array(LIMIT).fill(201))
    // Another recipient does not start another count.
    const refused = await send(owner, { contributorId: otherExpert.contributorId })
    expect(refused.statusCode).toBe(429)
    const seconds = Number(refused.headers['retry-after'])
    expect(seconds).toBeGreaterThan(0)
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: serverTranslator('ar').t('errors.chatRateLimited', { seconds }),
    })
    expect(refused.json().error.message).toMatch(/[\u0600-\u06FF]/)
    const english = await send(owner, { contributorId: expert.contributorId }, 'en')
    expect(english.statusCode).toBe(429)
    expect(english.json().error.message).toMatch(
      /^You are sending messages too quickly\. You can send again in \d+ seconds?\.$/,
    )
    // Nothing past the limit was stored.
    const stored = await ctx.store.db
      .selectFrom('chat_messages')
      .select('id')
      .where('sender_person_id', '=', owner.personId)
      .execute()
    expect(stored).toHaveLength(LIMIT)
  })

  it('counts each person apart: the expert still answers', async () => {
    expect((await send(expert, { personId: owner.personId })).statusCode).toBe(201)
  })

  it('refuses a signed-out sender with 401 before counting', async () => {
    const res = await ctx.call({
      method: 'POST',
      token: null,
      ...message({ contributorId: expert.contributorId }),
    })
    expect(res.statusCode).toBe(401)
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('the chat rate limit across instances', () => {
  let pair: TwoInstances
  let owner: TestPerson
  let expert: TestPerson & { contributorId: number }
  beforeAll(async () => {
    pair = await createTwoInstances(DATABASES.at(-1)!, process.env.TEST_REDIS_URL!, { chatRateLimit: LIMIT })
    const ctx: TestContext = pair.ctx
    owner = await ctx.person({ name: 'سارة الشمري' })
    expert = (await ctx.person({
      name: 'نورة القحطاني',
      contributor: { chat_status: true },
    })) as typeof expert
    await addSession(ctx.store.db, {
      contributorId: expert.contributorId,
      start: hoursFromNow(-48),
      smeId: owner.personId,
      state: 'ended',
    })
  })
  afterAll(() => pair?.close())

  it('counts one person’s messages on both instances together', async () => {
    const statuses: number[] = []
    for (const app of [pair.ctx.app, pair.second, pair.ctx.app, pair.second]) {
      const res = await app.inject({
        method: 'POST',
        headers: { 'x-api-key': 'mashura-dev-key', authorization: `Bearer ${owner.token}` },
        ...message({ contributorId: expert.contributorId }),
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([201, 201, 201, 429])
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import type { Row } from '../db/tables.ts'
import { eachDatabase, usePeople, useTestContext } from '../test-support/context.ts'
import { addSession, hoursFromNow } from '../test-support/fixtures.ts'
import {
  checkAnswers,
  contributorAverageRating,
  createRatingLink,
  hashToken,
  newToken,
  openRatingLink,
} from './rating.ts'

type Q = Row<'questions'> & { target: 'session' | 'contributor' }
const q = (id: number, type: Q['type'], required: 0 | 1, target: Q['target'] = 'session'): Q => ({
  id,
  questionnaire_id: target === 'session' ? 1 : 2,
  type,
  text_ar: 'س',
  text_en: 'q',
  required,
  position: id,
  target,
})

describe('rating answers', () => {
  const questions = [
    q(1, 'stars', 1),
    q(2, 'yes_no', 1),
    q(3, 'text', 0),
    q(4, 'stars', 1, 'contributor'),
    q(5, 'stars', 0, 'contributor'),
  ]

  it('stores answers as text and averages the contributor stars', () => {
    const out = checkAnswers(questions, [
      { question_id: 1, value: 1 },
      { question_id: 2, value: false },
      { question_id: 3, value: '  جيدة  ' },
      { question_id: 4, value: 4 },
      { question_id: 5, value: 5 },
    ])
    expect(out.rows).toEqual([
      { question_id: 1, value: '1' },
      { question_id: 2, value: 'no' },
      { question_id: 3, value: 'جيدة' },
      { question_id: 4, value: '4' },
      { question_id: 5, value: '5' },
    ])
    expect(out.stars).toBe(5)
  })

  it('refuses missing required answers, bad values and duplicates with field errors', () => {
    const fields = (answers: { question_id: number; value: number | boolean | string }[]) => {
      try {
        checkAnswers(questions, answers)
        return null
      } catch (error) {
        return Object.keys((error as { fields: object }).fields).sort()
      }
    }
    const ok = [
      { question_id: 1, value: 3 },
      { question_id: 2, value: true },
      { question_id: 4, value: 3 },
    ]
    expect(fields(ok)).toBeNull()
    expect(fields(ok.slice(1))).toEqual(['answers.1'])
    expect(fields([{ ...ok[0]!, value: 0 }, ...ok.slice(1)])).toEqual(['answers.1'])
    expect(fields([{ ...ok[0]!, value: true }, ...ok.slice(1)])).toEqual(['answers.1'])
    expect(fields([ok[0]!, { question_id: 2, value: 'yes' }, ok[2]!])).toEqual(['answers.2'])
    expect(fields([...ok, { question_id: 1, value: 2 }])).toEqual(['answers.1'])
    expect(fields([...ok, { question_id: 3, value: 5 }])).toEqual(['answers.3'])
  })

  it('hashes tokens with SHA-256 and makes 43-character tokens', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newToken()).not.toBe(newToken())
  })
})

eachDatabase('rating links', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner, noEmail } = usePeople(ctx, {
    expert: { contributor: { kind: 'consultant' } },
    owner: { email: 'owner@example.sa' },
    noEmail: {},
  })
  beforeAll(async () => {
    await ctx.store.db.updateTable('people').set({ email: null }).where('id', '=', noEmail.personId).execute()
  })

  const session = (smeId: number) =>
    addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-3),
      smeId,
      state: 'ended',
    })

  it('makes one link per session even when asked concurrently', async () => {
    const s = await session(owner.personId)
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        createRatingLink(ctx.store.db, { sessionId: s.id, publicUrl: 'https://m.sa' }),
      ),
    )
    const links = made.filter((m) => m !== null)
    expect(links).toHaveLength(1)
    expect(links[0]!.url).toBe(`https://m.sa/smeRate?token=${links[0]!.token}`)
    const opened = await openRatingLink(ctx.store.db, links[0]!.token)
    expect(opened.sessionId).toBe(s.id)
    const row = await ctx.store.db
      .selectFrom('rating_links')
      .selectAll()
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow()
    expect(row.access_token_hash).toBe(hashToken(opened.accessToken))
  })

  it('makes no link when the business owner has no e-mail address', async () => {
    const s = await session(noEmail.personId)
    expect(await createRatingLink(ctx.store.db, { sessionId: s.id, publicUrl: 'https://m.sa' })).toBeNull()
  })

  it('has no average before the first rating', async () => {
    const other = await ctx.person({ contributor: { kind: 'advisor' } })
    expect(await contributorAverageRating(ctx.store.db, other.contributorId!)).toEqual({
      average: null,
      count: 0,
    })
  })
})

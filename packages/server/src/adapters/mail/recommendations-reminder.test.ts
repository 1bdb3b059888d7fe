import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.ts'
import { remindOfRecommendations } from '../../domain/recommendations-reminders.ts'
import { schedulerTick } from '../../scheduler.ts'
import { eachDatabase, usePeople, useTestContext } from '../../test-support/context.ts'
import { addSession } from '../../test-support/fixtures.ts'

const H = 3600_000

eachDatabase('the recommendations reminder', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner } = usePeople(ctx, {
    expert: { name: 'نورة القحطاني', email: 'noura@example.sa', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة الشمري' },
  })

  /** A session that ended at `end` (or whose business owner was marked absent then). */
  const ended = (end: Date, state: 'ended' | 'sme_absent' = 'ended') =>
    addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      smeId: owner.personId,
      start: new Date(end.getTime() - H),
      state,
      started_at: new Date(end.getTime() - H).toISOString(),
      ended_at: end.toISOString(),
    })
  const mails = (sessionId: number) =>
    ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'recommendations_reminder')
      .where('dedupe_key', 'like', `recommendations_reminder:${sessionId}:%`)
      .orderBy('id')
      .execute()
  const notices = (sessionId: number) =>
    ctx.store.db
      .selectFrom('notifications')
      .select(['person_id', 'kind', 'title_ar', 'title_en'])
      .where('session_id', '=', sessionId)
      .where('kind', '=', 'recommendations_reminder')
      .execute()
  const remindedAt = async (at: Date, sessionId: number) =>
    (await schedulerTick(ctx.app, at)).recommendationsReminded
      .filter((r) => r.sessionId === sessionId)
      .map((r) => r.hours)

  it('reminds the expert 2 and 24 hours after the end, once each, across repeated ticks', async () => {
    const end = new Date(Date.now() - 30 * 60_000)
    const session = await ended(end)
    expect(await remindedAt(new Date(end.getTime() + 1.5 * H), session.id)).toEqual([])
    expect(await remindedAt(new Date(end.getTime() + 2 * H), session.id)).toEqual([2])
    expect(await remindedAt(new Date(end.getTime() + 2 * H + 60_000), session.id)).toEqual([])
    expect(await remindedAt(new Date(end.getTime() + 12 * H), session.id)).toEqual([])
    expect(await remindedAt(new Date(end.getTime() + 24 * H), session.id)).toEqual([24])
    expect(await remindedAt(new Date(end.getTime() + 25 * H), session.id)).toEqual([])
    const [first, second, ...more] = await mails(session.id)
    expect(more).toEqual([])
    expect(first).toMatchObject({
      dedupe_key: `recommendations_reminder:${session.id}:2h`,
      to_address: 'noura@example.sa',
      link: `${ctx.config.publicUrl}/add-recommendations/${session.id}`,
    })
    expect(second?.dedupe_key).toBe(`recommendations_reminder:${session.id}:24h`)
    expect(first!.subject.replace(/[\u2066-\u2069]/g, '')).toBe(
      'توصيات جلستك مع سارة الشمري لم تُكتب بعد | Recommendations for your session with سارة الشمري are still to write',
    )
    // Arabic first, then English, with the link to write them and the line to turn these mails off.
    const body = first!.body
    expect(body.indexOf('اكتب توصيات جلستك')).toBeLessThan(
      body.indexOf('Write your session’s recommendations'),
    )
    expect(body).toContain(`${ctx.config.publicUrl}/add-recommendations/${session.id}`)
    expect(body).toContain(`Turn them off in your mail settings: ${ctx.config.publicUrl}/mail-preferences`)
    expect(first!.html).toContain(`href="${ctx.config.publicUrl}/mail-preferences"`)
    // An in-app notice goes with each mail.
    expect(await notices(session.id)).toEqual([
      expect.objectContaining({ person_id: expert.personId, title_en: 'Recommendations still to write' }),
      expect.objectContaining({ person_id: expert.personId, title_en: 'Recommendations still to write' }),
    ])
  })

  it('queues each reminder once when two instances run at the same moment', async () => {
    const end = new Date(Date.now() - 3 * H)
    const session = await ended(end, 'sme_absent')
    const deps = { ...ctx.app.followUps }
    const [a, b] = await Promise.all([
      remindOfRecommendations(deps, [2, 24]),
      remindOfRecommendations(deps, [2, 24]),
    ])
    const mine = [...a, ...b].filter((r) => r.sessionId === session.id)
    expect(mine).toEqual([expect.objectContaining({ sessionId: session.id, hours: 2 })])
    expect(await mails(session.id)).toHaveLength(1)
    expect(await notices(session.id)).toHaveLength(1)
  })

  it('sends only the later reminder when the scheduler missed the earlier one, and none after a day more', async () => {
    const late = await ended(new Date(Date.now() - 30 * H))
    const old = await ended(new Date(Date.now() - 49 * H))
    const now = new Date()
    expect(await remindedAt(now, late.id)).toEqual([24])
    expect(await remindedAt(now, old.id)).toEqual([])
  })

  it('sends nothing once the recommendations are written', async () => {
    const end = new Date(Date.now() - 30 * 60_000)
    const session = await ended(end)
    expect(await remindedAt(new Date(end.getTime() + 2 * H), session.id)).toEqual([2])
    const stamp = new Date().toISOString()
    await ctx.store.db
      .insertInto('recommendations')
      .values({
        session_id: session.id,
        challenges: 'التسعير',
        recommendations: 'راجع التكاليف',
        need_another_session: 0,
        need_academy_course: 0,
        academy_course_ids: '[]',
        need_platform_feature: 0,
        service_ids: '[]',
        company_phase: null,
        success_story: 0,
        success_story_summary: null,
        comment: null,
        voice_note_file_id: null,
        attachment_file_ids: '[]',
        supported_file_urls: '[]',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute()
    expect(await remindedAt(new Date(end.getTime() + 24 * H), session.id)).toEqual([])
    expect(await mails(session.id)).toHaveLength(1)
  })

  describe('with the reminder hours configured', () => {
    it('reads RECOMMENDATIONS_REMINDER_HOURS: 2 and 24 by default, sorted, empty for none, refusing bad hours', () => {
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-test-')),
        TOKEN_SECRET: 'test-secret-of-enough-length',
      }
      const hours = (value?: string) =>
        loadConfig(value === undefined ? env : { ...env, RECOMMENDATIONS_REMINDER_HOURS: value })
          .recommendationsReminderHours
      expect(hours()).toEqual([2, 24])
      expect(hours('48, 6,6')).toEqual([6, 48])
      expect(hours('')).toEqual([])
      for (const bad of ['0', '2,x', '1.5', '-3']) expect(() => hours(bad)).toThrow(ConfigError)
    })

    it('follows RECOMMENDATIONS_REMINDER_HOURS, and sends nothing when it is empty', async () => {
      const session = await ended(new Date(Date.now() - 7 * H))
      const deps = { ...ctx.app.followUps }
      expect(await remindOfRecommendations(deps, [])).toEqual([])
      const sent = (await remindOfRecommendations(deps, [6])).filter((r) => r.sessionId === session.id)
      expect(sent).toEqual([expect.objectContaining({ hours: 6 })])
      expect((await mails(session.id)).map((m) => m.dedupe_key)).toEqual([
        `recommendations_reminder:${session.id}:6h`,
      ])
    })
  })
})

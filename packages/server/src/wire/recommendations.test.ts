import { expect, it } from 'vitest'
import { type RecommendationBody, saveRecommendations } from '../domain/recommendations.ts'
import { eachDatabase, usePeople, useTestContext } from '../test-support/context.ts'
import { addSession, hoursFromNow } from '../test-support/fixtures.ts'
import { recommendationsFor, storedFileOut } from './recommendations.ts'

eachDatabase('recommendations', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner } = usePeople(ctx, { expert: { contributor: { kind: 'consultant' } }, owner: {} })

  /** A past session of the expert's with the owner, `hours` ago, in `state`. */
  const pastSession = (hours: number, state: 'ended' | 'sme_absent') =>
    addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-hours),
      smeId: owner.personId,
      state,
    })
  /** Saves recommendations as the expert. */
  const saveAsExpert = (recommendation: RecommendationBody) =>
    saveRecommendations(ctx.store.db, {
      personId: expert.personId,
      contributorId: expert.contributorId!,
      body: recommendation,
    })

  const body = (sessionId: number, extra: Partial<RecommendationBody> = {}): RecommendationBody => ({
    session_id: sessionId,
    challenges: 'ت',
    recommendations: 'ر',
    need_another_session: false,
    need_academy_course: true,
    academy_course_ids: [],
    need_platform_feature: false,
    service_ids: [7],
    company_phase: 'idea_owner',
    success_story: false,
    success_story_summary: 'ignored',
    comment: '  ',
    supported_file_url: [],
    voice_note: null,
    attachments: [],
    ...extra,
  })

  it('normalises the form and reads several sessions in one batch', async () => {
    const db = ctx.store.db
    const a = await pastSession(5, 'ended')
    const b = await pastSession(9, 'sme_absent')
    await saveAsExpert(body(a.id))
    await saveAsExpert(body(b.id, { challenges: 'ب' }))
    const found = await recommendationsFor(db, [a.id, b.id, 999_999], 'https://m.sa')
    expect([...found.keys()].sort()).toEqual([a.id, b.id].sort())
    // Lists of unticked needs and a summary without a success story are not kept; blank comments are null.
    expect(found.get(a.id)).toMatchObject({
      service_ids: [],
      success_story_summary: null,
      comment: null,
      need_academy_course: true,
    })
    expect(found.get(b.id)!.challenges).toBe('ب')
  })

  it('refuses unknown course ids and a success story without a summary', async () => {
    const db = ctx.store.db
    const s = await pastSession(7, 'ended')
    await expect(
      saveAsExpert(
        body(s.id, { academy_course_ids: [424_242], success_story: true, success_story_summary: ' ' }),
      ),
    ).rejects.toMatchObject({
      kind: 'invalid',
      fields: { academy_course_ids: 'errors.invalidValue', success_story_summary: 'errors.fieldRequired' },
    })
    expect((await recommendationsFor(db, [s.id], 'https://m.sa')).size).toBe(0)
  })

  it('describes a stored file by its id and download address', () => {
    const row = {
      id: '11111111-1111-4111-8111-111111111111',
      owner_person_id: 1,
      session_id: null,
      kind: 'attachment' as const,
      original_name: 'خطة.pdf',
      stored_name: '11111111-1111-4111-8111-111111111111.pdf',
      mime_type: 'application/pdf',
      size: 10,
      duration_seconds: null,
      created_at: new Date().toISOString(),
    }
    expect(storedFileOut(row, 'https://m.sa')).toEqual({
      full_path: 'https://m.sa/api/uploader/files/11111111-1111-4111-8111-111111111111',
      path: row.id,
      name: 'خطة.pdf',
      mime_type: 'application/pdf',
      size: 10,
    })
  })
})

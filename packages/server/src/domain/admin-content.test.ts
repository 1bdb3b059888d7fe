/**
 * The rules of the back office's content (issue 33), straight on the domain: which cache scopes a change bumps
 * (only once it has committed, and not for a change that changed nothing), a refused change leaving neither
 * a change nor an audit entry, and the FAQ order's checks.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest'
import type { CacheScope } from '../adapters/cache/catalogue-cache.ts'
import { eachDatabase, type TestPerson, useTestContext } from '../test-support/context.ts'
import { addSession, addSubject, hoursFromNow } from '../test-support/fixtures.ts'
import {
  type ContentDeps,
  createFaq,
  deleteCancelReason,
  deleteSubject,
  publishTerms,
  reorderFaqs,
  updateFaq,
  updateSettings,
  updateSubject,
} from './admin-content.ts'
import type { AuditActor } from './audit.ts'

eachDatabase('the back office’s content rules', (dialect) => {
  const ctx = useTestContext(dialect)
  let bumps: CacheScope[][]
  let deps: ContentDeps
  let admin: TestPerson
  let actor: AuditActor

  beforeAll(async () => {
    admin = await ctx.person({ backOffice: 'admin', name: 'أمل' })
    actor = { personId: admin.personId, label: 'أمل' }
  })
  beforeEach(() => {
    bumps = []
    deps = {
      db: ctx.store.db,
      catalogueCache: {
        bump: async (scopes) => {
          bumps.push([...scopes])
        },
      },
    }
  })

  const audits = () => ctx.store.db.selectFrom('audit_log').selectAll().orderBy('id').execute()

  it('bumps the settings for settings and FAQ changes, and the catalogue too for subjects', async () => {
    await updateSettings(deps, actor, { about_us_ar: 'عنا' })
    const faq = await createFaq(deps, actor, {
      question_ar: 'س',
      question_en: 'Q',
      answer_ar: 'ج',
      answer_en: 'A',
    })
    const subject = await addSubject(ctx.store.db, { name_ar: 'التمويل', name_en: 'Funding' })
    await updateSubject(deps, actor, subject.id, { name_en: 'Financing' })
    expect(bumps).toEqual([['settings'], ['settings'], ['settings', 'catalogue']])
    // Nothing changed: nothing recorded, nothing bumped.
    const before = (await audits()).length
    await updateFaq(deps, actor, faq.id, { question_en: 'Q' })
    await updateSettings(deps, actor, { about_us_ar: 'عنا' })
    expect((await audits()).length).toBe(before)
    expect(bumps).toHaveLength(3)
  })

  it('refuses to delete what history names, leaving no change, no entry and no bump', async () => {
    const expert = await ctx.person({ contributor: { kind: 'consultant' } })
    const owner = await ctx.person()
    const subject = await addSubject(ctx.store.db, { name_ar: 'الموارد', name_en: 'HR' })
    const reason = await ctx.store.db
      .insertInto('cancel_reasons')
      .values({ label_ar: 'سفر', label_en: 'Travel', requires_details: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-3),
      smeId: owner.personId,
      subject_id: subject.id,
      state: 'cancelled',
      cancel_reason_id: reason.id,
    })
    const before = (await audits()).length
    await expect(deleteSubject(deps, actor, subject.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'in_use',
    })
    await expect(deleteCancelReason(deps, actor, reason.id)).rejects.toMatchObject({ code: 'in_use' })
    expect((await audits()).length).toBe(before)
    expect(bumps).toEqual([])
    const kept = await ctx.store.db.selectFrom('subjects').select('id').where('id', '=', subject.id).execute()
    expect(kept).toHaveLength(1)
  })

  it('checks the FAQ order names every question once', async () => {
    const all = await reorderFaqs(
      deps,
      actor,
      (await ctx.store.db.selectFrom('faqs').select('id').execute()).map((r) => r.id),
    )
    const extra = await createFaq(deps, actor, {
      question_ar: 'س٢',
      question_en: 'Q2',
      answer_ar: 'ج',
      answer_en: 'A',
    })
    const ids = all.map((f) => f.id)
    for (const wrong of [ids, [...ids, extra.id, extra.id], [...ids, 999_999]])
      await expect(reorderFaqs(deps, actor, wrong)).rejects.toMatchObject({
        kind: 'invalid',
        code: 'faq_order_mismatch',
      })
    const reordered = await reorderFaqs(deps, actor, [extra.id, ...ids])
    expect(reordered.map((f) => f.id)).toEqual([extra.id, ...ids])
    expect(reordered.map((f) => f.position)).toEqual(reordered.map((_, i) => i))
  })

  it('raises each audience’s terms version on its own', async () => {
    const at = new Date('2026-11-01T08:00:00.000Z')
    const owners = await publishTerms(deps, actor, 'owners', at)
    expect(owners.terms_owners).toEqual({ version: 1, published_at: at.toISOString() })
    const experts = await publishTerms(deps, actor, 'experts', at)
    expect(experts.terms_experts.version).toBe(1)
    expect(experts.terms_owners.version).toBe(1)
  })
})

/**
 * The back office's content (issue 33): who may call, settings and the terms' versions, the FAQ and its order
 * (seen by the public reads at once, in both languages), subjects, centers, offices and cancel reasons (retired
 * rather than deleted when history names them), the refusals of bad input in both languages, and the audit
 * entry of every change.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { eachDatabase, jsonOf, type TestPerson, useTestContext } from '../../../test-support/context.ts'
import { addCenter, addSession, addSubject, hoursFromNow } from '../../../test-support/fixtures.ts'

eachDatabase('the back office’s content', (dialect) => {
  const ctx = useTestContext(dialect)
  let admin: TestPerson
  let sme: TestPerson
  let expert: TestPerson

  beforeAll(async () => {
    admin = await ctx.person({ backOffice: 'admin', name: 'مديرة المحتوى' })
    sme = await ctx.person()
    expert = await ctx.person({ contributor: { kind: 'consultant' } })
  })

  const del = (url: string, token: string | null, lang?: 'ar' | 'en') =>
    ctx.call({ method: 'DELETE', url, token, ...(lang ? { lang } : {}) })

  /** The audit entries of an action, oldest first. */
  function auditOf(action: string) {
    return ctx.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute()
  }

  it('answers 401 to visitors and 403 to business owners and experts on every content call', async () => {
    const probes: [string, string, unknown?][] = [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { about_us_ar: 'x' }],
      ['POST', '/api/admin/settings/terms/owners/publish'],
      ['GET', '/api/admin/faqs'],
      ['POST', '/api/admin/faqs', { question_ar: 'س', question_en: 'Q', answer_ar: 'ج', answer_en: 'A' }],
      ['PUT', '/api/admin/faqs/order', { ids: [1] }],
      ['PUT', '/api/admin/faqs/1', { question_ar: 'س' }],
      ['DELETE', '/api/admin/faqs/1'],
      ['GET', '/api/admin/subjects'],
      ['POST', '/api/admin/subjects', { name_ar: 'أ', name_en: 'A', type: 1 }],
      ['PUT', '/api/admin/subjects/1', { name_ar: 'أ' }],
      ['DELETE', '/api/admin/subjects/1'],
      ['GET', '/api/admin/centers'],
      ['POST', '/api/admin/centers', { name_ar: 'أ', name_en: 'A' }],
      ['PUT', '/api/admin/centers/1', { name_ar: 'أ' }],
      ['DELETE', '/api/admin/centers/1'],
      ['GET', '/api/admin/offices'],
      ['POST', '/api/admin/offices', { center_id: 1, name_ar: 'أ', name_en: 'A' }],
      ['PUT', '/api/admin/offices/1', { name_ar: 'أ' }],
      ['DELETE', '/api/admin/offices/1'],
      ['GET', '/api/admin/cancel-reasons'],
      ['POST', '/api/admin/cancel-reasons', { label_ar: 'أ', label_en: 'A' }],
      ['PUT', '/api/admin/cancel-reasons/1', { label_ar: 'أ' }],
      ['DELETE', '/api/admin/cancel-reasons/1'],
    ]
    const analyst = await ctx.person({ backOffice: 'analyst' })
    const wrong: string[] = []
    for (const [method, url, payload] of probes) {
      for (const [who, token, status] of [
        ['visitor', null, 401],
        ['sme', sme.token, 403],
        ['expert', expert.token, 403],
        ['analyst', analyst.token, 403],
      ] as const) {
        const res = await ctx.call({
          method: method as 'GET',
          url,
          token,
          ...(payload === undefined ? {} : { payload: payload as object }),
        })
        if (res.statusCode !== status) wrong.push(`${method} ${url} as ${who}: ${res.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
    // Nothing was changed by the refused calls.
    expect(await ctx.store.db.selectFrom('audit_log').select('id').execute()).toEqual([])
  })

  describe('settings', () => {
    it('edits the texts in both languages; the public reads show them at once, with an audit entry', async () => {
      // A first read fills the public cache.
      await jsonOf(ctx.get('/api/dashboard/settings', null, 'en'))
      const res = await jsonOf(
        ctx.put('/api/admin/settings', admin.token, {
          about_us_ar: 'عن مشورة',
          about_us_en: 'About Mashura',
          terms_owners_ar: 'شروط رواد الأعمال',
          terms_owners_en: 'Owners’ terms',
          mentor_url: 'https://video.example.sa/mentor',
          contact_mobile: '+966500000000',
        }),
      )
      expect(res.data).toMatchObject({
        about_us_ar: 'عن مشورة',
        about_us_en: 'About Mashura',
        mentor_url: 'https://video.example.sa/mentor',
        terms_owners: { version: 0, published_at: null },
      })
      const en = (await jsonOf(ctx.get('/api/dashboard/settings', null, 'en'))).data
      expect(en).toMatchObject({ about_us: 'About Mashura', terms_and_conditions: 'Owners’ terms' })
      expect(en.mentor_url).toBe('https://video.example.sa/mentor')
      const ar = (await jsonOf(ctx.get('/api/dashboard/settings', null, 'ar'))).data
      expect(ar.about_us).toBe('عن مشورة')
      const [entry] = await auditOf('settings.update')
      expect(entry).toMatchObject({ actor_person_id: admin.personId, actor_label: 'مديرة المحتوى' })
      expect(JSON.parse(entry!.before_json!)).toMatchObject({ about_us_en: '', mentor_url: '' })
      expect(JSON.parse(entry!.after_json!)).toMatchObject({ about_us_en: 'About Mashura' })
      // A change of one language keeps the other.
      await jsonOf(ctx.put('/api/admin/settings', admin.token, { about_us_en: 'About us' }))
      const again = (await jsonOf(ctx.get('/api/admin/settings', admin.token))).data
      expect(again).toMatchObject({ about_us_ar: 'عن مشورة', about_us_en: 'About us' })
    })

    it('publishes a new terms version: the number goes up, the public terms expose it, audited', async () => {
      await jsonOf(ctx.get('/api/dashboard/settings/terms_and_conditions', null, 'en'))
      const first = (await jsonOf(ctx.post('/api/admin/settings/terms/owners/publish', admin.token, {}))).data
      expect(first.terms_owners.version).toBe(1)
      expect(first.terms_owners.published_at).toMatch(/Z$/)
      expect(first.terms_experts.version).toBe(0)
      const second = (await jsonOf(ctx.post('/api/admin/settings/terms/owners/publish', admin.token, {})))
        .data
      expect(second.terms_owners.version).toBe(2)
      const all = (await jsonOf(ctx.get('/api/dashboard/settings', null, 'en'))).data
      expect(all.terms_and_conditions_version).toBe(2)
      expect(all).not.toHaveProperty('terms_and_conditions_contributor_version')
      const one = (await jsonOf(ctx.get('/api/dashboard/settings/terms_and_conditions', null, 'en'))).data
      expect(one).toMatchObject({ value: 'Owners’ terms', version: 2 })
      const entries = await auditOf('terms.publish')
      expect(entries).toHaveLength(2)
      expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ version: 1 })
      expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ version: 2 })
      expect((await ctx.post('/api/admin/settings/terms/sellers/publish', admin.token, {})).statusCode).toBe(
        400,
      )
    })

    it('refuses a link that is not https and a text too long, in both languages, changing nothing', async () => {
      const before = (await jsonOf(ctx.get('/api/admin/settings', admin.token))).data
      const ar = await ctx.put('/api/admin/settings', admin.token, { mentor_url: 'http://x.sa/v' }, 'ar')
      expect(ar.statusCode).toBe(400)
      expect(ar.json().error.message).toMatch(/[\u0600-\u06ff]/)
      expect(ar.json().error.fields).toHaveProperty('mentor_url')
      const en = await ctx.put('/api/admin/settings', admin.token, { about_us_en: 'x'.repeat(20_001) }, 'en')
      expect(en.statusCode).toBe(400)
      expect(en.json().error.message).toMatch(/[a-z]/i)
      expect((await ctx.put('/api/admin/settings', admin.token, {})).statusCode).toBe(400)
      expect((await jsonOf(ctx.get('/api/admin/settings', admin.token))).data).toEqual(before)
    })
  })

  describe('the FAQ', () => {
    it('adds, edits, reorders and deletes questions; the public list shows each change at once', async () => {
      const publicFaq = async (lang: 'ar' | 'en') =>
        (await jsonOf(ctx.get('/api/dashboard/common-questions', null, lang))).data as {
          id: number
          question: string
          answer: string
        }[]
      expect(await publicFaq('en')).toEqual([])
      const a = (
        await jsonOf(
          ctx.post('/api/admin/faqs', admin.token, {
            question_ar: 'ما مشورة؟',
            question_en: 'What is Mashura?',
            answer_ar: 'منصة',
            answer_en: 'A platform',
          }),
          201,
        )
      ).data
      const b = (
        await jsonOf(
          ctx.post('/api/admin/faqs', admin.token, {
            question_ar: 'كيف أحجز؟',
            question_en: 'How do I book?',
            answer_ar: 'من الصفحة',
            answer_en: 'From the page',
          }),
          201,
        )
      ).data
      expect(b.position).toBeGreaterThan(a.position)
      expect((await publicFaq('en')).map((f) => f.question)).toEqual(['What is Mashura?', 'How do I book?'])

      await jsonOf(
        ctx.put(`/api/admin/faqs/${a.id}`, admin.token, {
          answer_ar: 'منصة مشورة',
          answer_en: 'An advice platform',
        }),
      )
      expect((await publicFaq('ar'))[0]).toMatchObject({ question: 'ما مشورة؟', answer: 'منصة مشورة' })
      expect((await publicFaq('en'))[0]).toMatchObject({ answer: 'An advice platform' })
      const [update] = await auditOf('faq.update')
      expect(JSON.parse(update!.before_json!)).toEqual({ answer_ar: 'منصة', answer_en: 'A platform' })
      expect(JSON.parse(update!.after_json!)).toEqual({
        answer_ar: 'منصة مشورة',
        answer_en: 'An advice platform',
      })

      const order = (await jsonOf(ctx.put('/api/admin/faqs/order', admin.token, { ids: [b.id, a.id] }))).data
      expect(order.map((f: { id: number }) => f.id)).toEqual([b.id, a.id])
      expect((await publicFaq('en')).map((f) => f.id)).toEqual([b.id, a.id])
      const [reorder] = await auditOf('faq.reorder')
      expect(JSON.parse(reorder!.before_json!)).toEqual([a.id, b.id])
      expect(JSON.parse(reorder!.after_json!)).toEqual([b.id, a.id])
      // An order that leaves one out is refused.
      const partial = await ctx.put('/api/admin/faqs/order', admin.token, { ids: [a.id] })
      expect(partial.statusCode).toBe(400)
      expect(partial.json().error.code).toBe('faq_order_mismatch')

      expect((await jsonOf(del(`/api/admin/faqs/${b.id}`, admin.token))).data).toEqual({
        id: b.id,
        deleted: true,
      })
      expect((await publicFaq('en')).map((f) => f.id)).toEqual([a.id])
      expect(JSON.parse((await auditOf('faq.delete'))[0]!.before_json!)).toMatchObject({ id: b.id })
      expect((await del(`/api/admin/faqs/${b.id}`, admin.token)).statusCode).toBe(404)
      expect(await auditOf('faq.create')).toHaveLength(2)
    })

    it('refuses an empty or too long question', async () => {
      const res = await ctx.post(
        '/api/admin/faqs',
        admin.token,
        { question_ar: ' ', question_en: 'Q'.repeat(501), answer_ar: 'ج', answer_en: 'A' },
        'en',
      )
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['question_ar', 'question_en'])
    })
  })

  describe('subjects and centers', () => {
    it('adds and renames a subject; one in use is retired (gone from the public list), not deleted', async () => {
      const created = (
        await jsonOf(
          ctx.post('/api/admin/subjects', admin.token, { name_ar: 'التسويق', name_en: 'Marketing', type: 2 }),
          201,
        )
      ).data
      expect(created).toMatchObject({ type: 2, bsa_subject: false, is_retired: false, experts: 0 })
      const names = async () =>
        ((await jsonOf(ctx.get('/api/dashboard/subjects', null, 'en'))).data as { name: string }[]).map(
          (s) => s.name,
        )
      expect(await names()).toContain('Marketing')
      await jsonOf(
        ctx.put(`/api/admin/subjects/${created.id}`, admin.token, { name_en: 'Digital marketing' }),
      )
      expect(await names()).toContain('Digital marketing')

      const used = await addSubject(ctx.store.db, { name_ar: 'الضرائب', name_en: 'Taxes' })
      await ctx.person({ contributor: { kind: 'consultant', subjects: [used.id] } })
      const refused = await del(`/api/admin/subjects/${used.id}`, admin.token, 'ar')
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.code).toBe('in_use')
      expect(refused.json().error.message).toMatch(/[\u0600-\u06ff]/)
      const retired = (
        await jsonOf(ctx.put(`/api/admin/subjects/${used.id}`, admin.token, { is_retired: true }))
      ).data
      expect(retired).toMatchObject({ is_retired: true, experts: 1 })
      expect(await names()).not.toContain('Taxes')
      const [audit] = (await auditOf('subject.update')).filter((e) => e.target_id === String(used.id))
      expect(JSON.parse(audit!.before_json!)).toEqual({ is_retired: false })
      expect(JSON.parse(audit!.after_json!)).toEqual({ is_retired: true })

      // One nobody uses is deleted.
      await jsonOf(del(`/api/admin/subjects/${created.id}`, admin.token))
      expect(await names()).not.toContain('Digital marketing')
      expect(await auditOf('subject.delete')).toHaveLength(1)
    })

    it('keeps a center with experts or offices, and deletes an empty one', async () => {
      const center = (
        await jsonOf(
          ctx.post('/api/admin/centers', admin.token, { name_ar: 'مركز أبها', name_en: 'Abha' }),
          201,
        )
      ).data
      const centers = async () =>
        ((await jsonOf(ctx.get('/api/center/centers', null, 'en'))).data as { name: string }[]).map(
          (c) => c.name,
        )
      expect(await centers()).toContain('Abha')
      const office = (
        await jsonOf(
          ctx.post('/api/admin/offices', admin.token, {
            center_id: center.id,
            name_ar: 'مكتب أبها',
            name_en: 'Abha office',
            address_ar: 'طريق الملك فهد',
            address_en: 'King Fahd Road',
            map_url: 'https://maps.example.sa/abha',
          }),
          201,
        )
      ).data
      expect((await del(`/api/admin/centers/${center.id}`, admin.token)).statusCode).toBe(409)
      await jsonOf(del(`/api/admin/offices/${office.id}`, admin.token))
      await jsonOf(del(`/api/admin/centers/${center.id}`, admin.token))
      expect(await centers()).not.toContain('Abha')
      expect(await auditOf('center.delete')).toHaveLength(1)
    })
  })

  describe('offices', () => {
    it('keeps the address and an https map link, shown by the public list; refuses a bad link or center', async () => {
      const centerId = (await addCenter(ctx.store.db, 'مركز جدة', 'Jeddah')).id
      await jsonOf(ctx.get('/api/center/offices', null, 'en'))
      const office = (
        await jsonOf(
          ctx.post('/api/admin/offices', admin.token, {
            center_id: centerId,
            name_ar: 'مكتب جدة',
            name_en: 'Jeddah office',
            address_ar: 'شارع التحلية',
            address_en: 'Tahlia Street',
            map_url: 'https://maps.example.sa/jeddah',
          }),
          201,
        )
      ).data
      const listed = (await jsonOf(ctx.get('/api/center/offices', null, 'en'))).data.find(
        (o: { id: number }) => o.id === office.id,
      )
      expect(listed).toMatchObject({ address: 'Tahlia Street', map_url: 'https://maps.example.sa/jeddah' })
      await jsonOf(ctx.put(`/api/admin/offices/${office.id}`, admin.token, { address_en: 'Tahlia St.' }))
      const updated = (await jsonOf(ctx.get('/api/center/offices', null, 'en'))).data.find(
        (o: { id: number }) => o.id === office.id,
      )
      expect(updated.address).toBe('Tahlia St.')
      const [audit] = await auditOf('office.update')
      expect(JSON.parse(audit!.before_json!)).toEqual({ address_en: 'Tahlia Street' })

      for (const map_url of ['javascript:alert(1)', 'http://maps.example.sa/x', 'not a url'])
        expect((await ctx.put(`/api/admin/offices/${office.id}`, admin.token, { map_url })).statusCode).toBe(
          400,
        )
      const unknown = await ctx.put(`/api/admin/offices/${office.id}`, admin.token, { center_id: 999_999 })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().error.fields).toEqual({ center_id: expect.any(String) })
    })
  })

  describe('cancel reasons', () => {
    it('retires a reason sessions name (gone from the list, kept on the session), and deletes an unused one', async () => {
      const used = (
        await jsonOf(
          ctx.post('/api/admin/cancel-reasons', admin.token, {
            label_ar: 'ظرف طارئ',
            label_en: 'An emergency',
          }),
          201,
        )
      ).data
      const spare = (
        await jsonOf(
          ctx.post('/api/admin/cancel-reasons', admin.token, {
            label_ar: 'أخرى',
            label_en: 'Other',
            requires_details: true,
          }),
          201,
        )
      ).data
      expect(spare.requires_details).toBe(true)
      const session = await addSession(ctx.store.db, {
        contributorId: expert.contributorId!,
        start: hoursFromNow(-5),
        smeId: sme.personId,
        state: 'cancelled',
        cancel_reason_id: used.id,
      })
      const listed = async () =>
        (
          (await jsonOf(ctx.get('/api/schedule/cancel/reasons', expert.token, 'en'))).data as { id: number }[]
        ).map((r) => r.id)
      expect(await listed()).toEqual(expect.arrayContaining([used.id, spare.id]))

      const refused = await del(`/api/admin/cancel-reasons/${used.id}`, admin.token, 'en')
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.message).toMatch(/retire/i)
      const retired = (
        await jsonOf(ctx.put(`/api/admin/cancel-reasons/${used.id}`, admin.token, { is_retired: true }))
      ).data
      expect(retired).toMatchObject({ is_retired: true, sessions: 1 })
      expect(await listed()).not.toContain(used.id)
      const row = await ctx.store.db
        .selectFrom('sessions')
        .select('cancel_reason_id')
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow()
      expect(row.cancel_reason_id).toBe(used.id)
      const all = (await jsonOf(ctx.get('/api/admin/cancel-reasons', admin.token))).data
      expect(all.find((r: { id: number }) => r.id === used.id)).toMatchObject({ is_retired: true })

      await jsonOf(del(`/api/admin/cancel-reasons/${spare.id}`, admin.token))
      expect(await listed()).not.toContain(spare.id)
      const [deleted] = await auditOf('cancel_reason.delete')
      expect(JSON.parse(deleted!.before_json!)).toMatchObject({ label_en: 'Other', requires_details: true })
      expect(deleted!.after_json).toBeNull()
      const [retire] = await auditOf('cancel_reason.update')
      expect(JSON.parse(retire!.after_json!)).toEqual({ is_retired: true })
    })
  })
})

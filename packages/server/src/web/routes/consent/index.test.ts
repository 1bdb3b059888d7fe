/**
 * Consent kept on the server (issue 34): accepting the published terms per role, the history a new version
 * adds to, the refusals (another version, a role not held, signed out) in both languages, and the audit entry
 * written with each acceptance.
 */
import { beforeAll, expect, it } from 'vitest'
import { eachDatabase, jsonOf, type TestPerson, useTestContext } from '../../../test-support/context.ts'

eachDatabase('consent to the terms', (dialect) => {
  const ctx = useTestContext(dialect)
  let admin: TestPerson
  let owner: TestPerson
  let expert: TestPerson

  beforeAll(async () => {
    admin = await ctx.person({ backOffice: 'admin' })
    owner = await ctx.person({ name: 'نورة الموافقة' })
    expert = await ctx.person({ contributor: { kind: 'consultant' } })
  })

  const consents = (who: TestPerson) => jsonOf(ctx.get('/api/self/consents', who.token)).then((r) => r.data)
  const accept = (who: TestPerson, body: object, lang?: 'ar' | 'en') =>
    ctx.post('/api/self/consents', who.token, body, lang)
  const publish = (audience: 'owners' | 'experts') =>
    jsonOf(ctx.post(`/api/admin/settings/terms/${audience}/publish`, admin.token, undefined))

  /** The person's stored acceptances, oldest first. */
  const rowsOf = (who: TestPerson) =>
    ctx.store.db
      .selectFrom('consents')
      .selectAll()
      .where('person_id', '=', who.personId)
      .orderBy('id')
      .execute()

  /** The audit trail's consent entries of a person. */
  const auditOf = (who: TestPerson) =>
    ctx.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'consent.accept')
      .where('actor_person_id', '=', who.personId)
      .orderBy('id')
      .execute()

  it('asks a new person, stores the acceptance with its time and audit entry, and asks no more', async () => {
    expect(await consents(owner)).toEqual({
      sme: { published_version: 0, accepted_version: null, accepted_at: null, needs_acceptance: true },
      contributor: null,
    })
    const before = Date.now()
    const answer = await jsonOf(accept(owner, { role: 'sme', version: 0 }))
    expect(answer.data).toMatchObject({ role: 'sme', version: 0 })
    const at = Date.parse(answer.data.accepted_at)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)
    expect(await consents(owner)).toEqual({
      sme: {
        published_version: 0,
        accepted_version: 0,
        accepted_at: answer.data.accepted_at,
        needs_acceptance: false,
      },
      contributor: null,
    })
    const [entry, ...more] = await auditOf(owner)
    expect(more).toEqual([])
    expect(entry).toMatchObject({ actor_label: 'نورة الموافقة', target_type: 'consent' })
    expect(JSON.parse(entry!.after_json!)).toEqual(answer.data)
    // A second acceptance of the same version (a double click, another tab) answers the first, unchanged.
    const again = await jsonOf(accept(owner, { role: 'sme', version: 0 }))
    expect(again.data).toEqual(answer.data)
    expect(await rowsOf(owner)).toHaveLength(1)
    expect(await auditOf(owner)).toHaveLength(1)
    // Kept per person: another person is still asked.
    expect((await consents(admin)).sme).toMatchObject({ accepted_version: null, needs_acceptance: true })
  })

  it('asks again for a newly published version, and keeps the earlier acceptance beside the new one', async () => {
    await jsonOf(accept(owner, { role: 'sme', version: 0 }))
    await publish('owners')
    const asked = await consents(owner)
    expect(asked.sme).toMatchObject({ published_version: 1, accepted_version: 0, needs_acceptance: true })
    await jsonOf(accept(owner, { role: 'sme', version: 1 }))
    expect((await consents(owner)).sme).toMatchObject({
      published_version: 1,
      accepted_version: 1,
      needs_acceptance: false,
    })
    expect((await rowsOf(owner)).map((r) => [r.role, r.terms_version])).toEqual([
      ['sme', 0],
      ['sme', 1],
    ])
    expect(await auditOf(owner)).toHaveLength(2)
    // The experts' terms are their own: publishing the owners' asks no expert about theirs.
    await jsonOf(accept(expert, { role: 'contributor', version: 0 }))
    expect((await consents(expert)).contributor).toMatchObject({
      published_version: 0,
      needs_acceptance: false,
    })
    expect((await consents(expert)).sme).toMatchObject({ published_version: 1, needs_acceptance: true })
  })

  it('refuses any version but the published one (409, in Arabic and English), recording nothing', async () => {
    const published = (await consents(owner)).sme.published_version as number
    for (const version of [published - 1, published + 1]) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await accept(owner, { role: 'sme', version }, lang)
        expect(res.statusCode).toBe(409)
        const { error } = res.json()
        expect(error.code).toBe('terms_outdated')
        expect(error.message).toContain(String(published))
        if (lang === 'ar') expect(error.message).toMatch(/الشروط والأحكام/)
        else expect(error.message).toMatch(/newer version of the terms/)
      }
    }
    expect((await rowsOf(owner)).map((r) => r.terms_version)).not.toContain(published + 1)
  })

  it('refuses the experts’ terms to a person without an expert identity (403), and bad input (400)', async () => {
    const rows = (await rowsOf(owner)).length
    for (const lang of ['ar', 'en'] as const) {
      const res = await accept(owner, { role: 'contributor', version: 0 }, lang)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe('role_not_held')
      expect(res.json().error.message).toMatch(lang === 'ar' ? /الخبراء|للخبراء/ : /experts only/)
    }
    for (const body of [{ role: 'admin', version: 0 }, { role: 'sme' }, { role: 'sme', version: -1 }, {}])
      expect((await accept(owner, body)).statusCode).toBe(400)
    expect(await rowsOf(owner)).toHaveLength(rows)
  })

  it('answers 401 to a visitor on both calls', async () => {
    expect((await ctx.get('/api/self/consents', null)).statusCode).toBe(401)
    expect((await ctx.post('/api/self/consents', null, { role: 'sme', version: 0 })).statusCode).toBe(401)
  })
})

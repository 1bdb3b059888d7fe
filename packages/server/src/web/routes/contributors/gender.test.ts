import { describe, expect, it } from 'vitest'
import { eachDatabase, jsonOf, useFixtures, useTestContext } from '../../../test-support/context.ts'
import { addExpert, addSubject } from '../../../test-support/fixtures.ts'

// A woman's kind is titled in the feminine («مستشارة»): the profile and search answers say who is a woman.
eachDatabase('contributor gender in the API', (dialect) => {
  const ctx = useTestContext(dialect)
  const subjects = useFixtures({
    marketing: () => addSubject(ctx.store.db, { name_ar: 'التسويق', name_en: 'Marketing', type: 1 }),
    support: () =>
      addSubject(ctx.store.db, { name_ar: 'دعم الأعمال', name_en: 'Business support', type: 1, bsa: 1 }),
  })
  const { woman, man, unknown, bsaWoman } = useFixtures({
    woman: () =>
      addExpert(ctx, { name: 'هيفاء بنت محمد', gender: 'female', subjects: [subjects.marketing.id] }),
    man: () => addExpert(ctx, { name: 'فيصل بن عبدالله', gender: 'male', subjects: [subjects.marketing.id] }),
    unknown: () => addExpert(ctx, { name: 'خبير بلا جنس', subjects: [subjects.marketing.id] }),
    bsaWoman: () =>
      addExpert(ctx, { name: 'ريم بنت فهد', kind: 'bsa', gender: 'female', subjects: [subjects.support.id] }),
  })

  /** The gender each listed contributor comes with, by contributor id. */
  const genders = (data: { id: number; gender: unknown }[]) =>
    Object.fromEntries(data.map((c) => [c.id, c.gender]))

  it('GET /profile/contributors: every result says female, male or null', async () => {
    const body = await jsonOf(ctx.get('/api/profile/contributors?q=%20&per_page=100'))
    expect(genders(body.data)).toEqual({
      [woman.contributorId]: 'female',
      [man.contributorId]: 'male',
      [unknown.contributorId]: null,
      [bsaWoman.contributorId]: 'female',
    })
  })

  it('GET /profile/v2/consultants and /profile/v2/bsa carry it too', async () => {
    const consultants = await jsonOf(ctx.get('/api/profile/v2/consultants?type=1'))
    expect(genders(consultants.data)).toEqual({
      [woman.contributorId]: 'female',
      [man.contributorId]: 'male',
      [unknown.contributorId]: null,
    })
    const bsa = await jsonOf(ctx.get('/api/profile/v2/bsa'))
    expect(genders(bsa.data)).toEqual({ [bsaWoman.contributorId]: 'female' })
  })

  it("GET /schedule/contributor/{id}/ and the expert's own GET /profile/contributor carry it", async () => {
    for (const lang of ['ar', 'en'] as const) {
      const schedule = await jsonOf(ctx.get(`/api/schedule/contributor/${woman.contributorId}/`, null, lang))
      expect(schedule.data.contributor).toMatchObject({ id: woman.contributorId, gender: 'female' })
    }
    const own = await jsonOf(ctx.get('/api/profile/contributor', man.token))
    expect(own.data).toMatchObject({ id: man.contributorId, gender: 'male' })
    const other = await ctx.get('/api/profile/contributor', unknown.token)
    expect(other.json().data).toHaveProperty('gender', null)
  })

  it('is refused by the database when it is neither female nor male', async () => {
    await expect(
      ctx.store.db
        .updateTable('contributors')
        // biome-ignore lint/suspicious/noExplicitAny: the point is a value the type forbids
        .set({ gender: 'other' as any })
        .where('id', '=', unknown.contributorId)
        .execute(),
    ).rejects.toThrow()
  })

  describe('the OpenAPI document', () => {
    it('says every contributor summary and profile has a gender: female, male or null', async () => {
      const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
      const search =
        doc.paths['/profile/contributors'].get.responses['200'].content['application/json'].schema
      const item = resolve(doc, resolve(doc, search).properties.data).items
      const profile = resolve(doc, item)
      expect(profile.required).toContain('gender')
      const gender = resolve(doc, profile.properties.gender)
      expect(gender.description).toMatch(/\S/)
      // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON
      const values = (schema: any): unknown[] => {
        const o = resolve(doc, schema)
        if (o.anyOf) return (o.anyOf as unknown[]).flatMap(values)
        if (o.type === 'null') return [null]
        return o.enum ?? [o.const]
      }
      expect(values(gender).sort()).toEqual(['female', 'male', null].sort())
    })
  })
})

/** Follows a `$ref` of the OpenAPI document, if the schema is one. */
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON
function resolve(doc: any, schema: any): any {
  if (!schema?.$ref) return schema
  const path = String(schema.$ref).replace(/^#\//, '').split('/')
  return resolve(
    doc,
    path.reduce((node, key) => node?.[key], doc),
  )
}

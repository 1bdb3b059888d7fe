import { beforeAll, expect, it } from 'vitest'
import { eachDatabase, jsonOf, useTestContext } from '../../../test-support/context.ts'
import { addCenters, addSubjects } from '../../../test-support/fixtures.ts'

eachDatabase('GET /dashboard/settings/mentor_url', (dialect) => {
  const ctx = useTestContext(dialect)
  beforeAll(async () => {
    await ctx.store.db
      .insertInto('settings')
      .values({
        key: 'mentor_url',
        value_ar: 'https://video.example/ar',
        value_en: 'https://video.example/en',
      })
      .execute()
  })

  it('answers the URL in the request language', async () => {
    const ar = await ctx.get('/api/dashboard/settings/mentor_url')
    expect(ar.statusCode).toBe(200)
    expect(ar.json()).toEqual({ data: { key: 'mentor_url', value: 'https://video.example/ar' } })
    const en = await ctx.get('/api/dashboard/settings/mentor_url', null, 'en')
    expect(en.json().data.value).toBe('https://video.example/en')
  })

  it('refuses a call without an API key, in Arabic by default and in English on request', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/dashboard/settings/mentor_url', apiKey: null })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('invalid_api_key')
    expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/)
    const en = await ctx.call({
      method: 'GET',
      url: '/api/dashboard/settings/mentor_url',
      apiKey: 'nope',
      lang: 'en',
    })
    expect(en.json().error.message).toBe('The API key is not valid.')
  })

  it('refuses a token that is not valid', async () => {
    const body = await jsonOf(ctx.get('/api/dashboard/settings/mentor_url', 'not-a-jwt'), 401)
    expect(body.error.code).toBe('unauthorized')
  })

  it('answers unknown routes with a 404 envelope and publishes the OpenAPI document', async () => {
    const body = await jsonOf(ctx.get('/api/nope'), 404)
    expect(body.error.code).toBe('route_not_found')
    const doc = await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })
    expect(doc.statusCode).toBe(200)
    expect(doc.json().openapi).toBe('3.1.0')
    // Paths are relative to the document's server, /api: exactly the spec's paths.
    expect(Object.keys(doc.json().paths)).toContain('/dashboard/settings/mentor_url')
  })
})

eachDatabase('settings, subjects and lists', (dialect) => {
  const ctx = useTestContext(dialect)
  const ids = { withCenter: 0, withoutCenter: 0, riyadh: 0, jeddah: 0 }

  beforeAll(async () => {
    const db = ctx.store.db
    await db
      .insertInto('settings')
      .values([
        { key: 'about_us', value_ar: 'من نحن', value_en: 'About us' },
        { key: 'terms_and_conditions', value_ar: 'شروط أصحاب المنشآت', value_en: 'Business owner terms' },
        { key: 'terms_and_conditions_contributor', value_ar: 'شروط الخبراء', value_en: 'Expert terms' },
        { key: 'mentor_url', value_ar: 'https://video.example/ar', value_en: 'https://video.example/en' },
        { key: 'contact_mobile', value_ar: '+966500000001', value_en: '+966500000001' },
        { key: 'contact_email', value_ar: 'care@example.sa', value_en: 'care@example.sa' },
        { key: 'contact_whatsapp', value_ar: '+966500000002', value_en: '+966500000002' },
        { key: 'working_hours', value_ar: '{}', value_en: '{}' },
      ])
      .execute()
    // Positions out of id order: the FAQ is listed by position.
    await db
      .insertInto('faqs')
      .values([
        {
          question_ar: 'السؤال الثاني؟',
          question_en: 'Second?',
          answer_ar: 'ثانيًا',
          answer_en: 'Second',
          position: 2,
        },
        {
          question_ar: 'السؤال الأول؟',
          question_en: 'First?',
          answer_ar: 'أولًا',
          answer_en: 'First',
          position: 1,
        },
      ])
      .execute()
    await addSubjects(db, [
      { name_ar: 'التمويل', name_en: 'Financing', type: 1, bsa: 1 },
      { name_ar: 'الحوكمة', name_en: 'Governance', type: 1 },
      { name_ar: 'خطة العمل', name_en: 'Business plan', type: 2, bsa: 1 },
      { name_ar: 'المشتريات الحكومية', name_en: 'Government procurement', type: 4 },
    ])
    const [riyadh, jeddah] = await addCenters(db, [
      { name_ar: 'مركز الرياض', name_en: 'Riyadh center', city_ar: 'الرياض', city_en: 'Riyadh' },
      { name_ar: 'مركز جدة', name_en: 'Jeddah center', city_ar: 'جدة', city_en: 'Jeddah' },
    ])
    ids.riyadh = riyadh!
    ids.jeddah = jeddah!
    await db
      .insertInto('offices')
      .values([
        {
          center_id: ids.jeddah,
          name_ar: 'مكتب الروضة',
          name_en: 'Rawdah office',
          address_ar: 'جدة',
          address_en: 'Jeddah',
        },
        {
          center_id: ids.riyadh,
          name_ar: 'مكتب العليا',
          name_en: 'Olaya office',
          address_ar: 'حي العليا',
          address_en: 'Al Olaya',
        },
        {
          center_id: ids.riyadh,
          name_ar: 'مكتب الملقا',
          name_en: 'Malqa office',
          address_ar: 'حي الملقا',
          address_en: 'Al Malqa',
        },
      ])
      .execute()
    ids.withCenter = (await ctx.person({ contributor: { center_id: ids.riyadh } })).contributorId!
    ids.withoutCenter = (await ctx.person({ contributor: { kind: 'partner' } })).contributorId!
  })

  const get = (url: string, lang?: 'ar' | 'en') => ctx.get(`/api${url}`, null, lang)
  const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((x) => x.name)

  it('reads about us and both sets of terms, in Arabic by default and in English on request', async () => {
    for (const [path, ar, en] of [
      ['about_us', 'من نحن', 'About us'],
      ['terms_and_conditions', 'شروط أصحاب المنشآت', 'Business owner terms'],
      ['terms_and_conditions_contributor', 'شروط الخبراء', 'Expert terms'],
    ] as const) {
      const resAr = await get(`/dashboard/settings/${path}`)
      expect(resAr.statusCode).toBe(200)
      expect(resAr.json()).toEqual({ data: { key: path, value: ar } })
      expect((await get(`/dashboard/settings/${path}`, 'en')).json()).toEqual({
        data: { key: path, value: en },
      })
    }
  })

  it('reads every public setting at once, without internal ones', async () => {
    const ar = await get('/dashboard/settings')
    expect(ar.statusCode).toBe(200)
    expect(ar.json()).toEqual({
      data: {
        about_us: 'من نحن',
        terms_and_conditions: 'شروط أصحاب المنشآت',
        terms_and_conditions_contributor: 'شروط الخبراء',
        contact: { mobile: '+966500000001', email: 'care@example.sa', whatsapp: '+966500000002' },
        faqs: [
          { id: expect.any(Number), question: 'السؤال الأول؟', answer: 'أولًا' },
          { id: expect.any(Number), question: 'السؤال الثاني؟', answer: 'ثانيًا' },
        ],
        mentor_url: 'https://video.example/ar',
      },
    })
    const en = (await get('/dashboard/settings', 'en')).json().data
    expect(en.about_us).toBe('About us')
    expect(en.faqs.map((f: { question: string }) => f.question)).toEqual(['First?', 'Second?'])
    expect(en).not.toHaveProperty('working_hours')
  })

  it('lists the FAQ by position', async () => {
    const ar = await get('/dashboard/common-questions')
    expect(ar.statusCode).toBe(200)
    expect(ar.json().data.map((f: { answer: string }) => f.answer)).toEqual(['أولًا', 'ثانيًا'])
    const en = await get('/dashboard/common-questions', 'en')
    expect(en.json().data[0]).toEqual({ id: expect.any(Number), question: 'First?', answer: 'First' })
  })

  it('lists subjects by type and bsa flag', async () => {
    const all = await get('/dashboard/subjects')
    expect(all.statusCode).toBe(200)
    expect(names(all)).toEqual(['التمويل', 'الحوكمة', 'خطة العمل', 'المشتريات الحكومية'])
    expect(all.json().data[0]).toEqual({
      id: expect.any(Number),
      name: 'التمويل',
      type: 1,
      bsa_subject: true,
      description: null,
    })
    expect(names(await get('/dashboard/subjects?type=1', 'en'))).toEqual(['Financing', 'Governance'])
    expect(names(await get('/dashboard/subjects?type=4', 'en'))).toEqual(['Government procurement'])
    expect(names(await get('/dashboard/subjects?bsa_subject=true', 'en'))).toEqual([
      'Financing',
      'Business plan',
    ])
    expect(names(await get('/dashboard/subjects?type=1&bsa_subject=false', 'en'))).toEqual(['Governance'])
  })

  it('lists subjects for the admin view: all of them, or filtered', async () => {
    const all = await get('/dashboard/subjects/get/admin?all_subjects=true', 'en')
    expect(all.statusCode).toBe(200)
    expect(names(all)).toEqual(['Financing', 'Governance', 'Business plan', 'Government procurement'])
    expect(names(await get('/dashboard/subjects/get/admin'))).toHaveLength(4)
    expect(names(await get('/dashboard/subjects/get/admin?type=2&bsa_subject=true', 'en'))).toEqual([
      'Business plan',
    ])
    expect(names(await get('/dashboard/subjects/get/admin?all_subjects=false&type=4'))).toEqual([
      'المشتريات الحكومية',
    ])
  })

  it('refuses subject filters that are not valid, naming the field in the request language', async () => {
    const three = await get('/dashboard/subjects?type=3')
    expect(three.statusCode).toBe(400)
    expect(three.json().error.code).toBe('validation_failed')
    expect(three.json().error.fields).toHaveProperty('type')
    expect(three.json().error.message).toMatch(/[\u0600-\u06FF]/)
    const en = await get('/dashboard/subjects/get/admin?type=3', 'en')
    expect(en.statusCode).toBe(400)
    expect(en.json().error.fields.type).toBe('The value is not valid.')
    expect((await get('/dashboard/subjects?bsa_subject=maybe')).statusCode).toBe(400)
    const unknown = await get('/dashboard/subjects?colour=red', 'en')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields).toEqual({ colour: 'This field is not recognised.' })
    // "Everything" and a filter at once is a contradiction, not a guess.
    const both = await get('/dashboard/subjects/get/admin?all_subjects=true&type=1')
    expect(both.statusCode).toBe(400)
    expect(both.json().error.fields).toHaveProperty('all_subjects')
  })

  it('lists the centers', async () => {
    const ar = await get('/center/centers')
    expect(ar.statusCode).toBe(200)
    expect(ar.json().data).toEqual([
      { id: ids.riyadh, name: 'مركز الرياض', city: 'الرياض' },
      { id: ids.jeddah, name: 'مركز جدة', city: 'جدة' },
    ])
    expect((await get('/center/centers', 'en')).json().data[1]).toEqual({
      id: ids.jeddah,
      name: 'Jeddah center',
      city: 'Jeddah',
    })
  })

  it("lists the offices, or one contributor's center's offices", async () => {
    const all = await get('/center/offices', 'en')
    expect(all.statusCode).toBe(200)
    expect(names(all)).toEqual(['Olaya office', 'Malqa office', 'Rawdah office'])
    expect(all.json().data[0]).toEqual({
      id: expect.any(Number),
      name: 'Olaya office',
      center_id: ids.riyadh,
      address: 'Al Olaya',
      map_url: null,
    })
    const mine = await get(`/center/offices?contributor=${ids.withCenter}`)
    expect(names(mine)).toEqual(['مكتب العليا', 'مكتب الملقا'])
    expect(mine.json().data[0].address).toBe('حي العليا')
    const none = await get(`/center/offices?contributor=${ids.withoutCenter}`)
    expect(none.statusCode).toBe(200)
    expect(none.json().data).toEqual([])
  })

  it('refuses an unknown or malformed contributor for offices', async () => {
    const unknown = await get('/center/offices?contributor=999999', 'en')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toEqual({ code: 'not_found', message: 'The requested item was not found.' })
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await get(`/center/offices?contributor=${bad}`)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error.fields).toHaveProperty('contributor')
    }
  })

  it('serves visitors and signed-in people alike', async () => {
    const person = await ctx.person()
    const signedIn = await jsonOf(ctx.get('/api/center/centers', person.token))
    expect(signedIn.data).toHaveLength(2)
  })

  it('answers 404 for settings paths that are not public settings', async () => {
    for (const path of ['working_hours', 'contact_mobile', 'nope']) {
      const res = await get(`/dashboard/settings/${path}`)
      expect(res.statusCode, path).toBe(404)
      expect(res.json().error.code).toBe('route_not_found')
    }
  })

  it('publishes all nine calls in the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/dashboard/settings/mentor_url',
        '/dashboard/subjects/get/admin',
        '/dashboard/subjects',
        '/dashboard/settings/about_us',
        '/dashboard/settings/terms_and_conditions_contributor',
        '/dashboard/settings/terms_and_conditions',
        '/dashboard/settings',
        '/dashboard/common-questions',
        '/center/centers',
        '/center/offices',
      ]),
    )
  })

  // Last: it removes a row the tests above read.
  it('answers 404 for a single setting that is not set, and an empty text in the full read', async () => {
    await ctx.store.db.deleteFrom('settings').where('key', '=', 'terms_and_conditions_contributor').execute()
    // A write outside the API bumps nothing by itself (the cache would see it within a minute).
    await ctx.app.catalogueCache.bump(['settings'])
    const res = await get('/dashboard/settings/terms_and_conditions_contributor')
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
    expect((await get('/dashboard/settings')).json().data.terms_and_conditions_contributor).toBe('')
  })
})

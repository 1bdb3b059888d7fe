import { ar, decryptRatingToken, type EncryptedRatingToken, type Questionnaire } from '@mashura/core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { multipartBody, pdfFile, wavFile } from '../../../adapters/files/test-files.ts'
import { contributorAverageRating } from '../../../domain/rating.ts'
import { seedRatingCatalogue } from '../../../seed/rating-catalogue.ts'
import { eachDatabase, type TestPerson, usePeople, useTestContext } from '../../../test-support/context.ts'
import { addSession, addSubject, hoursFromNow, recommendationBody } from '../../../test-support/fixtures.ts'

eachDatabase('rating and recommendations', (dialect) => {
  beforeAll(() => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
  })
  afterAll(() => {
    vi.restoreAllMocks()
  })
  const ctx = useTestContext(dialect)
  beforeAll(() => seedRatingCatalogue(ctx.store.db))
  const { expert, otherExpert, owner, stranger } = usePeople(ctx, {
    expert: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    otherExpert: { name: 'خالد العتيبي', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة الشمري', email: 'sara@example.sa' },
    stranger: { name: 'فهد الدوسري' },
  })
  let questionnaires: Questionnaire[]

  const endedSession = (state: 'ended' | 'booked' | 'ongoing' = 'ended') =>
    addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-2 - Math.random()),
      smeId: owner.personId,
      state,
    })

  async function uploadAs(who: TestPerson, url: string, field: string, filename: string, data: Buffer) {
    const { payload, headers } = multipartBody([{ field, filename, data }])
    const res = await ctx.call({ method: 'POST', url, payload, headers, token: who.token })
    expect(res.statusCode).toBe(201)
    return res.json().data
  }

  const form = recommendationBody
  const recommend = (who: TestPerson, body: object) => ctx.post('/api/rating/v4/sme', who.token, body)

  /** Saves recommendations for a new ended session and returns it with the link token from the outbox. */
  async function sessionWithLink() {
    const session = await endedSession()
    expect((await recommend(expert, form(session.id))).statusCode).toBe(200)
    const mail = await ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('link', 'like', '%smeRate%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const token = new URL(mail.link!).searchParams.get('token')!
    return { session, token, mail }
  }
  const validate = (token: string, lang?: 'en') =>
    ctx.get(`/api/rating/sme/validate-rating/${encodeURIComponent(token)}`, null, lang)
  async function open(token: string) {
    const res = await validate(token)
    expect(res.statusCode).toBe(200)
    const data = res.json().data as {
      session_id: number
      sme_access_token: EncryptedRatingToken
      questionnaires: Questionnaire[]
    }
    return { ...data, access: await decryptRatingToken(data.sme_access_token, ctx.config.ratingPassphrase) }
  }
  const answersFor = (qs: Questionnaire[], stars = 4) =>
    qs.flatMap((q) =>
      q.questions.map((question) => ({
        question_id: question.id,
        value: question.type === 'stars' ? stars : question.type === 'yes_no' ? true : 'ممتازة',
      })),
    )
  const submit = (sessionId: number, access: string, body: object) =>
    ctx.call({
      method: 'POST',
      url: `/api/rating/v4/sessions/${sessionId}/questionnaires`,
      headers: { 'x-rating-token': access },
      payload: body,
    })

  it("saves a session's recommendations with its files, for its contributor only", async () => {
    const session = await endedSession()
    const voice = await uploadAs(
      expert,
      '/api/uploader/voice_note/upload/dashboard',
      'file',
      'note.wav',
      wavFile(3),
    )
    const [doc] = (
      await uploadAs(expert, '/api/uploader/attachments/upload', 'files[]', 'خطة.pdf', pdfFile())
    ).files
    const body = form(session.id, {
      voice_note: voice.file.path,
      attachments: [doc.path],
      success_story: true,
      success_story_summary: 'نمو المبيعات',
    })

    expect((await recommend(owner, body)).statusCode).toBe(403)
    expect((await recommend(otherExpert, body)).statusCode).toBe(404)
    const res = await recommend(expert, body)
    expect(res.statusCode).toBe(200)
    const saved = res.json().data
    expect(saved).toMatchObject({
      id: session.id,
      session_id: session.id,
      need_another_session: true,
      company_phase: 'growing',
      success_story_summary: 'نمو المبيعات',
      supported_file_url: ['https://example.sa/guide'],
      voice_note_duration: 3,
      voice_note: { path: voice.file.path, mime_type: 'audio/wav' },
      attachments: [{ path: doc.path, name: 'خطة.pdf' }],
    })
    const files = await ctx.store.db
      .selectFrom('files')
      .select(['id', 'session_id'])
      .where('id', 'in', [voice.file.path, doc.path])
      .execute()
    expect(files.every((f) => f.session_id === session.id)).toBe(true)

    // Its two people read it; anyone else gets 404.
    for (const who of [owner, expert]) {
      const read = await ctx.get(`/api/rating/v2/sme/sessions/${session.id}`, who.token)
      expect(read.statusCode).toBe(200)
      expect(read.json().data.recommendations).toBe('إعداد موازنة شهرية ومتابعتها')
    }
    const other = await ctx.get(`/api/rating/v2/sme/sessions/${session.id}`, stranger.token)
    expect(other.statusCode).toBe(404)
    // The business owner can now fetch the attached file.
    expect((await ctx.get(`/api/uploader/files/${doc.path}`, owner.token)).statusCode).toBe(200)

    // Saving again replaces the form (upsert) and detaches the file it no longer names.
    const again = await recommend(expert, { ...body, attachments: [], challenges: 'تحديات محدثة' })
    expect(again.json().data).toMatchObject({ challenges: 'تحديات محدثة', attachments: [] })
    const detached = await ctx.store.db
      .selectFrom('files')
      .select('session_id')
      .where('id', '=', doc.path)
      .executeTakeFirstOrThrow()
    expect(detached.session_id).toBeNull()
  })

  it("lets the business owner's next expert read earlier advice and files, and nobody else", async () => {
    const session = await endedSession()
    const [doc] = (
      await uploadAs(expert, '/api/uploader/attachments/upload', 'files[]', 'plan.pdf', pdfFile())
    ).files
    expect((await recommend(expert, form(session.id, { attachments: [doc.path] }))).statusCode).toBe(200)
    const read = (who: TestPerson, url: string) => ctx.get(url, who.token)
    const recsUrl = `/api/rating/v2/sme/sessions/${session.id}`
    const fileUrl = `/api/uploader/files/${doc.path}`
    // Before the other expert meets her, the session is none of his business.
    expect((await read(otherExpert, recsUrl)).statusCode).toBe(404)
    expect((await read(otherExpert, fileUrl)).statusCode).toBe(404)
    await addSession(ctx.store.db, {
      contributorId: otherExpert.contributorId!,
      start: hoursFromNow(30 + Math.random()),
      smeId: owner.personId,
      state: 'booked',
    })
    expect((await read(otherExpert, recsUrl)).json().data.challenges).toBe('ضعف التدفقات النقدية')
    expect((await read(otherExpert, fileUrl)).statusCode).toBe(200)
    expect((await read(stranger, fileUrl)).statusCode).toBe(404)
  })

  it('refuses blank challenges or recommendations with a field error in both languages', async () => {
    const session = await endedSession()
    for (const field of ['challenges', 'recommendations']) {
      for (const lang of ['ar', 'en']) {
        const res = await ctx.post(
          '/api/rating/v4/sme',
          expert.token,
          form(session.id, { [field]: '   ' }),
          lang as 'ar' | 'en',
        )
        expect(res.statusCode).toBe(400)
        expect(Object.keys(res.json().error.fields)).toEqual([field])
        expect(res.json().error.message).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /[a-z]/i)
      }
    }
  })

  it("refuses someone else's files, unknown fields and a session not yet held", async () => {
    const session = await endedSession()
    const [theirs] = (
      await uploadAs(otherExpert, '/api/uploader/attachments/upload', 'files[]', 'x.pdf', pdfFile())
    ).files
    const res = await recommend(expert, form(session.id, { attachments: [theirs.path] }))
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields)).toEqual(['attachments'])
    expect((await recommend(expert, { ...form(session.id), extra: 1 })).statusCode).toBe(400)
    const booked = await endedSession('booked')
    expect((await recommend(expert, form(booked.id))).statusCode).toBe(409)
    const none = await ctx.get(`/api/rating/v2/sme/sessions/${booked.id}`, owner.token)
    expect(none.json().data).toBeNull()
  })

  it('makes the rating link once, for an ended session only, and e-mails it', async () => {
    const ongoing = await endedSession('ongoing')
    await recommend(expert, form(ongoing.id))
    const none = await ctx.store.db
      .selectFrom('rating_links')
      .select('id')
      .where('session_id', '=', ongoing.id)
      .execute()
    expect(none).toHaveLength(0)

    const { session, token, mail } = await sessionWithLink()
    expect(mail.to_address).toBe('sara@example.sa')
    expect(mail.link).toBe(`${ctx.config.publicUrl}/smeRate?token=${token}`)
    expect(mail.body).toContain(mail.link!)
    await recommend(expert, form(session.id))
    const links = await ctx.store.db
      .selectFrom('rating_links')
      .selectAll()
      .where('session_id', '=', session.id)
      .execute()
    expect(links).toHaveLength(1)
    const mails = await ctx.store.db.selectFrom('outbox').select('id').where('link', '=', mail.link).execute()
    expect(mails).toHaveLength(1)
    // Only hashes are stored.
    expect(links[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(links[0]!.token_hash).not.toContain(token)
    expect(Date.parse(links[0]!.expires_at) - Date.parse(links[0]!.created_at)).toBe(7 * 24 * 3600 * 1000)
  })

  it('opens a link, rates the session once with the decrypted token, and refuses a second time', async () => {
    const { session, token } = await sessionWithLink()
    const opened = await open(token)
    expect(opened.session_id).toBe(session.id)
    expect(opened.questionnaires.map((q) => q.target)).toEqual(['session', 'contributor'])
    questionnaires = opened.questionnaires
    const en = await validate(token, 'en')
    expect(en.json().data.questionnaires[0].title).toBe('About the session')
    // Opening again replaces the access token.
    const { access } = await open(token)
    expect(
      (await submit(session.id, opened.access, { answers: answersFor(questionnaires) })).statusCode,
    ).toBe(403)

    const read = await ctx.call({
      method: 'GET',
      url: `/api/rating/sessions/${session.id}/questionnaires`,
      headers: { 'x-rating-token': access },
    })
    expect(read.statusCode).toBe(200)
    expect(read.json().data[1].questions.length).toBeGreaterThan(0)

    const res = await submit(session.id, access, { answers: answersFor(questionnaires, 5), comment: 'شكرًا' })
    expect(res.statusCode).toBe(201)
    const rating = await ctx.store.db
      .selectFrom('ratings')
      .selectAll()
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow()
    expect(rating).toMatchObject({ contributor_id: expert.contributorId, stars: 5, comment: 'شكرًا' })
    const answers = await ctx.store.db
      .selectFrom('rating_answers')
      .selectAll()
      .where('session_id', '=', session.id)
      .execute()
    expect(answers).toHaveLength(questionnaires.flatMap((q) => q.questions).length)

    const second = await submit(session.id, access, { answers: answersFor(questionnaires) })
    expect(second.statusCode).toBe(422)
    expect(second.json().error).toMatchObject({ code: 'already_rated', message: ar['errors.alreadyRated'] })
    const reopened = await validate(token)
    expect(reopened.statusCode).toBe(400)
    expect(reopened.json().error.code).toBe('already_rated')
    const used = await ctx.call({
      method: 'GET',
      url: `/api/rating/sessions/${session.id}/questionnaires`,
      headers: { 'x-rating-token': access },
    })
    expect(used.statusCode).toBe(403)
    expect(await contributorAverageRating(ctx.store.db, expert.contributorId!)).toEqual({
      average: 5,
      count: 1,
    })
  })

  it('names the rated session for the form: its start, expert and subject, in the request language', async () => {
    const subject = await addSubject(ctx.store.db, {
      name_ar: 'التسويق الرقمي',
      name_en: 'Digital marketing',
    })
    const session = await endedSession()
    await ctx.store.db
      .updateTable('sessions')
      .set({ subject_id: subject.id })
      .where('id', '=', session.id)
      .execute()
    expect((await recommend(expert, form(session.id))).statusCode).toBe(200)
    const mail = await ctx.store.db
      .selectFrom('outbox')
      .select('link')
      .where('link', 'like', '%smeRate%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const token = new URL(mail.link!).searchParams.get('token')!

    const ar = (await validate(token)).json().data
    // The agency's three fields are as they were; `session` comes beside them.
    expect(Object.keys(ar).sort()).toEqual(['questionnaires', 'session', 'session_id', 'sme_access_token'])
    expect(ar.session_id).toBe(session.id)
    expect(Object.keys(ar.sme_access_token).sort()).toEqual(['ciphertext', 'iv', 'salt'])
    expect(ar.session).toEqual({
      start: session.start_at,
      contributor: { full_name: 'نورة القحطاني', kind: 'consultant' },
      subject: { id: subject.id, name: 'التسويق الرقمي' },
    })
    const en = (await validate(token, 'en')).json().data
    expect(en.session).toEqual({
      start: session.start_at,
      contributor: { full_name: 'نورة القحطاني', kind: 'consultant' },
      subject: { id: subject.id, name: 'Digital marketing' },
    })

    // A session without a subject says so with null.
    const bare = await sessionWithLink()
    expect((await validate(bare.token)).json().data.session).toEqual({
      start: bare.session.start_at,
      contributor: { full_name: 'نورة القحطاني', kind: 'consultant' },
      subject: null,
    })

    // The OpenAPI document describes what the answer holds.
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    const op = doc.paths['/rating/sme/validate-rating/{token}'].get
    const data = op.responses['200'].content['application/json'].schema.properties.data
    expect(data.required).toEqual(
      expect.arrayContaining(['session_id', 'sme_access_token', 'questionnaires', 'session']),
    )
    const described = data.properties.session
    expect(described.required).toEqual(['start', 'contributor', 'subject'])
    expect(described.properties.start).toMatchObject({ type: 'string', format: 'date-time' })
    expect(Object.keys(described.properties.contributor.properties)).toEqual(['full_name', 'kind'])
    expect(JSON.stringify(described.properties.subject)).toContain('"null"')
  })

  it('answers one generic 400 for an unknown, tampered or expired link', async () => {
    const { session, token } = await sessionWithLink()
    const unknown = await validate('A'.repeat(43))
    const tampered = await validate(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)
    const garbage = await validate('../../etc/passwd')
    await ctx.store.db
      .updateTable('rating_links')
      .set({ expires_at: hoursFromNow(-1).toISOString() })
      .where('session_id', '=', session.id)
      .execute()
    const expired = await validate(token)
    for (const res of [unknown, tampered, garbage, expired]) {
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        error: { code: 'rating_link_invalid', message: ar['errors.ratingLinkInvalid'] },
      })
    }
  })

  it('refuses an access token that is expired, tampered or for another session', async () => {
    const a = await sessionWithLink()
    const b = await sessionWithLink()
    const { access } = await open(a.token)
    const body = { answers: answersFor(questionnaires) }
    expect((await submit(b.session.id, access, body)).statusCode).toBe(403)
    const tampered = `${access.slice(0, -1)}${access.endsWith('A') ? 'B' : 'A'}`
    expect((await submit(a.session.id, tampered, body)).statusCode).toBe(403)
    expect((await ctx.get(`/api/rating/sessions/${a.session.id}/questionnaires`)).statusCode).toBe(403)
    await ctx.store.db
      .updateTable('rating_links')
      .set({ expires_at: hoursFromNow(-1).toISOString() })
      .where('session_id', '=', a.session.id)
      .execute()
    expect((await submit(a.session.id, access, body)).statusCode).toBe(403)
  })

  it('checks answers against the questions (400, never 422)', async () => {
    const { session, token } = await sessionWithLink()
    const { access } = await open(token)
    const all = answersFor(questionnaires)
    const starsQ = questionnaires[0]!.questions.find((q) => q.type === 'stars')!
    const yesNoQ = questionnaires[0]!.questions.find((q) => q.type === 'yes_no')!
    const bad = [
      all.map((a) => (a.question_id === starsQ.id ? { ...a, value: 6 } : a)),
      all.map((a) => (a.question_id === yesNoQ.id ? { ...a, value: 'yes' } : a)),
      all.filter((a) => a.question_id !== starsQ.id),
      [...all, { question_id: 999_999, value: 3 }],
    ]
    for (const answers of bad) {
      const res = await submit(session.id, access, { answers })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('validation_failed')
    }
    // Still unrated: a valid submission goes through.
    expect((await submit(session.id, access, { answers: all })).statusCode).toBe(201)
  })

  it('takes the rating access token in X-Rating-Token only: as a Bearer it is no sign-in, a 401', async () => {
    const { session, token } = await sessionWithLink()
    const { access } = await open(token)
    const read = await ctx.call({
      method: 'GET',
      url: `/api/rating/sessions/${session.id}/questionnaires`,
      headers: { 'x-rating-token': access },
    })
    expect(read.statusCode).toBe(200)
    // The auth plugin has no special case for rating routes: a rating token sent as the Bearer is refused.
    const bearer = await ctx.get(`/api/rating/sessions/${session.id}/questionnaires`, access)
    expect(bearer.statusCode).toBe(401)
    const posted = await ctx.post(`/api/rating/v4/sessions/${session.id}/questionnaires`, access, {
      answers: answersFor(questionnaires),
    })
    expect(posted.statusCode).toBe(401)
    // An API token is no rating token.
    const api = await ctx.get(`/api/rating/sessions/${session.id}/questionnaires`, owner.token)
    expect(api.statusCode).toBe(403)
  })
})

import { describe, expect, it } from 'vitest'
import { eachDatabase, useFixtures, usePeople, useTestContext } from '../../../test-support/context.ts'
import { addExpert, addSubject } from '../../../test-support/fixtures.ts'

const ARABIC = /[\u0600-\u06FF]/

eachDatabase('own profile calls', (dialect) => {
  const ctx = useTestContext(dialect)
  const { sme } = usePeople(ctx, { sme: { name: 'صاحب منشأة' } })
  const { subject } = useFixtures({
    subject: () => addSubject(ctx.store.db, { name_ar: 'التسويق', name_en: 'Marketing' }),
  })
  const { expert, instantExpert } = useFixtures({
    expert: () =>
      addExpert(ctx, { name: 'أحمد العتيبي', subjects: [subject.id], bio_ar: 'نبذة', bio_en: 'About' }),
    instantExpert: () => addExpert(ctx, { name: 'ليلى', kind: 'advisor', join_now_enabled: true }),
  })

  describe('GET /profile/contributor', () => {
    const get = (token?: string, lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'GET',
        url: '/api/profile/contributor',
        ...(token ? { token } : {}),
        ...(lang ? { lang } : {}),
      })

    it("answers the signed-in contributor's own profile in the request's language", async () => {
      const ar = await get(expert.token)
      expect(ar.statusCode).toBe(200)
      expect(ar.json().data).toMatchObject({
        id: expert.contributorId,
        sso_user: { full_name: 'أحمد العتيبي' },
        role: 'consultant',
        bio: 'نبذة',
        subjects: [{ name: 'التسويق' }],
        rating: null,
        sessions_count: 0,
        next_free_slot: null,
      })
      const en = await get(expert.token, 'en')
      expect(en.json().data).toMatchObject({ bio: 'About', subjects: [{ name: 'Marketing' }] })
    })

    it('is 401 signed out and 403 for a person without an expert identity', async () => {
      expect((await get()).statusCode).toBe(401)
      const ar = await get(sme.token)
      expect(ar.statusCode).toBe(403)
      expect(ar.json().error.message).toBe('هذا الإجراء متاح للخبراء فقط.')
      const en = await get(sme.token, 'en')
      expect(en.json().error.message).toMatch(/^[^\u0600-\u06FF]+$/)
    })
  })

  describe('POST /profile/user/request_delete', () => {
    const send = (token: string | undefined, payload: unknown, lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'POST',
        url: '/api/profile/user/request_delete',
        payload: payload as never,
        ...(token ? { token } : {}),
        ...(lang ? { lang } : {}),
      })
    const stored = (personId: number) =>
      ctx.store.db.selectFrom('deletion_requests').selectAll().where('person_id', '=', personId).execute()

    it('stores the trimmed reason and answers the success message in Arabic', async () => {
      const person = await ctx.person()
      const res = await send(person.token, { reason: '  لم أعد أحتاج الحساب  ' })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toEqual({ data: null, message: 'تم إرسال طلبك بنجاح' })
      const rows = await stored(person.personId)
      expect(rows).toHaveLength(1)
      expect(rows[0]!.reason).toBe('لم أعد أحتاج الحساب')
    })

    it('answers in English on request, for experts too', async () => {
      const res = await send(expert.token, { reason: 'Closing my business' }, 'en')
      expect(res.statusCode).toBe(201)
      expect(res.json()).toEqual({ data: null, message: 'Your request has been sent' })
    })

    it('refuses a second request while one exists with 409', async () => {
      const person = await ctx.person()
      expect((await send(person.token, { reason: 'الأول' })).statusCode).toBe(201)
      const again = await send(person.token, { reason: 'الثاني' })
      expect(again.statusCode).toBe(409)
      expect(again.json().error).toEqual({
        code: 'deletion_already_requested',
        message: 'سبق أن أرسلت طلب حذف الحساب، وهو قيد المراجعة.',
      })
      expect(await stored(person.personId)).toHaveLength(1)
    })

    it('lets only one of two concurrent requests through', async () => {
      const person = await ctx.person()
      const answers = await Promise.all([
        send(person.token, { reason: 'أ' }),
        send(person.token, { reason: 'ب' }),
        send(person.token, { reason: 'ج' }),
      ])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409])
      expect(await stored(person.personId)).toHaveLength(1)
    })

    it('takes 300 characters and refuses 301 with the max-length message', async () => {
      const person = await ctx.person()
      const tooLong = await send(person.token, { reason: 'ح'.repeat(301) })
      expect(tooLong.statusCode).toBe(400)
      expect(tooLong.json().error.code).toBe('validation_failed')
      expect(tooLong.json().error.fields.reason).toMatch(ARABIC)
      expect(tooLong.json().error.fields.reason).toContain('٣٠٠')
      const en = await send(person.token, { reason: 'x'.repeat(301) }, 'en')
      expect(en.json().error.fields.reason).toBe('Must be at most 300 characters.')
      expect(await stored(person.personId)).toHaveLength(0)
      expect((await send(person.token, { reason: 'ح'.repeat(300) })).statusCode).toBe(201)
    })

    it('requires a reason that is not blank', async () => {
      const person = await ctx.person()
      for (const payload of [{}, { reason: '' }, { reason: '   \n\t ' }]) {
        const res = await send(person.token, payload, 'en')
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(res.json().error.fields.reason).toBe('This field is required.')
      }
      expect(await stored(person.personId)).toHaveLength(0)
    })

    it('refuses wrong types, unknown fields and bodies that are not JSON', async () => {
      const person = await ctx.person()
      const wrongType = await send(person.token, { reason: { text: 'x' } })
      expect(wrongType.statusCode).toBe(400)
      expect(Object.keys(wrongType.json().error.fields)).toEqual(['reason'])
      const unknown = await send(person.token, { reason: 'سبب', admin: true })
      expect(unknown.statusCode).toBe(400)
      expect(Object.keys(unknown.json().error.fields)).toEqual(['admin'])
      const notJson = await ctx.call({
        method: 'POST',
        url: '/api/profile/user/request_delete',
        token: person.token,
        headers: { 'content-type': 'application/json' },
        payload: '{"reason": ',
      })
      expect(notJson.statusCode).toBe(400)
      expect(notJson.json().error.code).toBe('invalid_json')
      expect(await stored(person.personId)).toHaveLength(0)
    })

    it('stores script and SQL text exactly as plain text', async () => {
      const person = await ctx.person()
      const reason = `<script>alert('x')</script>'); DELETE FROM people; --`
      expect((await send(person.token, { reason })).statusCode).toBe(201)
      expect((await stored(person.personId))[0]!.reason).toBe(reason)
      expect(
        await ctx.store.db.selectFrom('people').select('id').where('id', '=', sme.personId).execute(),
      ).toHaveLength(1)
    })

    it('is 401 signed out', async () => {
      const res = await send(undefined, { reason: 'سبب' })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('unauthorized')
    })
  })

  describe('PUT /profile/contributor/available-for-instant', () => {
    const put = (token: string | undefined, payload: unknown, lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'PUT',
        url: '/api/profile/contributor/available-for-instant',
        payload: payload as never,
        ...(token ? { token } : {}),
        ...(lang ? { lang } : {}),
      })
    const current = async (id: number) =>
      (
        await ctx.store.db
          .selectFrom('contributors')
          .select('available_for_instant')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).available_for_instant

    it('switches the value on and off when the admin has enabled instant sessions', async () => {
      const on = await put(instantExpert.token, { available_for_instant: true })
      expect(on.statusCode).toBe(200)
      expect(on.json()).toEqual({ data: { available_for_instant: true } })
      expect(await current(instantExpert.contributorId)).toBe(1)
      const off = await put(instantExpert.token, { available_for_instant: false }, 'en')
      expect(off.json()).toEqual({ data: { available_for_instant: false } })
      expect(await current(instantExpert.contributorId)).toBe(0)
    })

    it('is 403 instant_not_enabled when the admin has not enabled it, and changes nothing', async () => {
      const res = await put(expert.token, { available_for_instant: true })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toEqual({
        code: 'instant_not_enabled',
        message: 'الجلسات الفورية غير مفعّلة لحسابك.',
      })
      expect(await current(expert.contributorId)).toBe(0)
    })

    it('is 401 signed out and 403 for a business owner', async () => {
      expect((await put(undefined, { available_for_instant: true })).statusCode).toBe(401)
      const res = await put(sme.token, { available_for_instant: true })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe('هذا الإجراء متاح للخبراء فقط.')
    })

    it('refuses wrong types, missing and unknown fields', async () => {
      for (const [payload, field] of [
        [{ available_for_instant: 'maybe' }, 'available_for_instant'],
        [{ available_for_instant: { on: true } }, 'available_for_instant'],
        [{}, 'available_for_instant'],
        [{ available_for_instant: true, join_now_enabled: true }, 'join_now_enabled'],
      ] as const) {
        const res = await put(instantExpert.token, payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(Object.keys(res.json().error.fields)).toContain(field)
      }
    })
  })

  describe('POST /profile/contributor/fcm-token', () => {
    const post = (token: string | undefined, payload: unknown) =>
      ctx.call({
        method: 'POST',
        url: '/api/profile/contributor/fcm-token',
        payload: payload as never,
        ...(token ? { token } : {}),
      })
    const tokens = (token: string) =>
      ctx.store.db.selectFrom('push_tokens').selectAll().where('token', '=', token).execute()

    it('stores the token once, ties it to the API session, and moves it to whoever registers it last', async () => {
      const first = await post(expert.token, { token: 'push-token-1', device_type: 3 })
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ data: null })
      expect((await post(expert.token, { token: 'push-token-1', device_type: 3 })).statusCode).toBe(200)
      let rows = await tokens('push-token-1')
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ person_id: expert.personId, device_type: 3 })
      const session = await ctx.store.db
        .selectFrom('auth_sessions')
        .select('fcm_token')
        .where('id', '=', expert.sessionId)
        .executeTakeFirstOrThrow()
      expect(session.fcm_token).toBe('push-token-1')

      expect((await post(instantExpert.token, { token: 'push-token-1', device_type: 3 })).statusCode).toBe(
        200,
      )
      rows = await tokens('push-token-1')
      expect(rows).toHaveLength(1)
      expect(rows[0]!.person_id).toBe(instantExpert.personId)
    })

    it('is 401 signed out and 403 for a business owner', async () => {
      expect((await post(undefined, { token: 't', device_type: 3 })).statusCode).toBe(401)
      expect((await post(sme.token, { token: 't', device_type: 3 })).statusCode).toBe(403)
      expect(await tokens('t')).toHaveLength(0)
    })

    it('refuses another device type, wrong types, missing and unknown fields', async () => {
      for (const [payload, field] of [
        [{ token: 'x', device_type: 2 }, 'device_type'],
        [{ token: 'x' }, 'device_type'],
        [{ token: '', device_type: 3 }, 'token'],
        [{ token: { a: 1 }, device_type: 3 }, 'token'],
        [{ token: 'x'.repeat(4097), device_type: 3 }, 'token'],
        [{ token: 'x', device_type: 3, person_id: 1 }, 'person_id'],
      ] as const) {
        const res = await post(expert.token, payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(Object.keys(res.json().error.fields)).toContain(field)
      }
      expect(await tokens('x')).toHaveLength(0)
    })
  })
})

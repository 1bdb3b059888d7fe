/**
 * The back office's experts (issue 33): who may call, the list and its filters, onboarding by invitation
 * through a sign-in at the provider (a fake issuer, as the authentication tests use), promotion, edits with their
 * audit entries, deactivation (with cancellations, notices and mails) and reactivation.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeIssuer, TEST_REDIRECT_URI } from '../../../adapters/oidc/test-support.ts'
import { invitationTokenHash } from '../../../domain/expert-onboarding.ts'
import {
  createTestContext,
  eachDatabase,
  jsonOf,
  type TestContext,
  type TestPerson,
} from '../../../test-support/context.ts'
import {
  addCancelReasons,
  addCenter,
  addExpert,
  addSubject,
  hoursFromNow,
  insertSession,
  insertSlot,
  readSession,
} from '../../../test-support/fixtures.ts'

eachDatabase('the back office’s experts', (dialect) => {
  let ctx: TestContext
  let idp: Awaited<ReturnType<typeof fakeIssuer>>
  let admin: TestPerson
  let subjectA: number
  let subjectB: number
  let centerId: number
  let otherCenterId: number

  beforeAll(async () => {
    idp = await fakeIssuer()
    vi.stubGlobal('fetch', idp.fetch)
    ctx = await createTestContext(dialect, {
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        dev: false,
        rolesClaim: null,
      },
    })
    admin = await ctx.person({ backOffice: 'admin', name: 'مديرة المنصة' })
    const db = ctx.store.db
    subjectA = (await addSubject(db, { name_ar: 'الضرائب', name_en: 'Taxes' })).id
    subjectB = (await addSubject(db, { name_ar: 'التصدير', name_en: 'Exporting', type: 2 })).id
    centerId = (await addCenter(db, 'مركز جدة', 'Jeddah Center')).id
    otherCenterId = (await addCenter(db, 'مركز الدمام', 'Dammam Center')).id
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await ctx?.close()
  })

  /** Signs in at the fake provider with some claims; answers the login result. */
  async function signIn(claims: Record<string, unknown>) {
    const code = await idp.code(claims)
    return (
      await jsonOf(
        ctx.post('/api/authentication/auth/login', null, {
          code,
          code_verifier: 'v'.repeat(43),
          redirect_uri: TEST_REDIRECT_URI,
        }),
      )
    ).data as { roles: string[]; contributor_id: number | null; access_token: string }
  }

  const del = (url: string, token: string | null) => ctx.call({ method: 'DELETE', url, token })

  /** The audit entries of an action on a target, oldest first. */
  function auditOf(action: string, targetId: number) {
    return ctx.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(targetId))
      .orderBy('id')
      .execute()
  }

  /** The queued mails of a kind to an address. */
  function mailsTo(kind: string, to: string) {
    return ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', kind)
      .where('to_address', '=', to)
      .orderBy('id')
      .execute()
  }

  /** The ids `GET /api/profile/contributors` finds for a text. */
  async function searchIds(q: string): Promise<number[]> {
    const body = await jsonOf(ctx.get(`/api/profile/contributors?q=${encodeURIComponent(q)}&per_page=100`))
    return body.data.map((c: { id: number }) => c.id)
  }

  it('refuses a visitor (401) and a business owner, an expert and an analyst (403) on every call', async () => {
    const sme = await ctx.person()
    const expert = await ctx.person({ contributor: { kind: 'consultant' } })
    const analyst = await ctx.person({ backOffice: 'analyst' })
    const id = expert.contributorId!
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/experts'],
      ['GET', `/api/admin/experts/${id}`],
      ['PUT', `/api/admin/experts/${id}`, { title_en: 'Changed' }],
      ['POST', `/api/admin/experts/${id}/deactivate`, { cancel_sessions: false }],
      ['POST', `/api/admin/experts/${id}/reactivate`],
      [
        'POST',
        '/api/admin/experts/promotions',
        { email: 'x@example.sa', kind: 'bsa', title_ar: 'أ', title_en: 'A' },
      ],
      [
        'POST',
        '/api/admin/expert-invitations',
        { email: 'y@example.sa', kind: 'bsa', title_ar: 'أ', title_en: 'A' },
      ],
      ['GET', '/api/admin/expert-invitations'],
      ['POST', '/api/admin/expert-invitations/1/revoke'],
    ]
    for (const [method, url, payload] of calls) {
      const as = (token: string | null) =>
        ctx.call({ method: method as 'GET', url, token, ...(payload ? { payload: payload as object } : {}) })
      expect((await as(null)).statusCode, `${method} ${url} visitor`).toBe(401)
      for (const who of [sme, expert, analyst])
        expect((await as(who.token)).statusCode, `${method} ${url}`).toBe(403)
    }
    // Nothing changed.
    expect((await jsonOf(ctx.get(`/api/admin/experts/${id}`, admin.token))).data.title_en).toBe('Consultant')
    expect(await auditOf('expert.deactivate', id)).toEqual([])
  })

  it('lists experts and filters them by text, kind, center, subject and state', async () => {
    const tag = 'فلترة'
    const a = await addExpert(ctx, {
      name: `سلمى ${tag}`,
      kind: 'advisor',
      center_id: centerId,
      subjects: [subjectA],
    })
    const b = await addExpert(ctx, {
      name: `خالد ${tag}`,
      kind: 'partner',
      center_id: otherCenterId,
      subjects: [subjectB],
    })
    await ctx.store.db
      .updateTable('contributors')
      .set({ is_active: 0 })
      .where('id', '=', b.contributorId)
      .execute()
    const ids = async (query: string) =>
      (
        await jsonOf(ctx.get(`/api/admin/experts?q=${encodeURIComponent(tag)}&${query}`, admin.token))
      ).data.map((e: { id: number }) => e.id)
    expect(await ids('')).toEqual([b.contributorId, a.contributorId])
    expect(await ids('kind=advisor')).toEqual([a.contributorId])
    expect(await ids(`center=${otherCenterId}`)).toEqual([b.contributorId])
    expect(await ids(`subject=${subjectA}`)).toEqual([a.contributorId])
    expect(await ids('active=false')).toEqual([b.contributorId])
    expect(await ids('active=true')).toEqual([a.contributorId])
    const page = await jsonOf(
      ctx.get(`/api/admin/experts?q=${encodeURIComponent(tag)}&per_page=1`, admin.token),
    )
    expect(page.meta).toMatchObject({ page: 1, per_page: 1, total: 2, last_page: 2 })
    const one = page.data[0]
    expect(one).toMatchObject({
      id: b.contributorId,
      full_name: `خالد ${tag}`,
      kind: 'partner',
      is_active: false,
      center: { id: otherCenterId, name_ar: 'مركز الدمام', name_en: 'Dammam Center' },
      subjects: [{ id: subjectB, name_ar: 'التصدير', name_en: 'Exporting' }],
      upcoming_sessions: 0,
    })
    // By e-mail address too, case-insensitively.
    const person = await ctx.person({ email: 'Nora.Filter@Example.SA', contributor: { kind: 'bsa' } })
    const found = await jsonOf(ctx.get('/api/admin/experts?q=nora.filter@example', admin.token))
    expect(found.data.map((e: { id: number }) => e.id)).toEqual([person.contributorId])
    // 422 for a bad filter, 404 for an unknown expert.
    expect((await ctx.get('/api/admin/experts?kind=wizard', admin.token)).statusCode).toBe(400)
    expect((await ctx.get('/api/admin/experts/999999', admin.token)).statusCode).toBe(404)
  })

  it('invites by e-mail: the mail carries the link, and a verified sign-in with that address makes the expert', async () => {
    const invited = await jsonOf(
      ctx.post('/api/admin/expert-invitations', admin.token, {
        email: 'Reem.Invited@Example.SA',
        full_name: 'ريم',
        kind: 'consultant',
        gender: 'female',
        center_id: centerId,
        subject_ids: [subjectA, subjectB],
        title_ar: 'مستشارة زعفرانية',
        title_en: 'Tax consultant',
        bio_ar: 'خبرة عشرين عامًا',
        bio_en: 'Twenty years of experience',
        join_now_enabled: true,
        chat_status: false,
        can_delete_slots: false,
        zoom_user: 'reem@zoom.example.sa',
      }),
      201,
    )
    const invitation = invited.data
    expect(invitation).toMatchObject({
      email: 'reem.invited@example.sa',
      state: 'pending',
      kind: 'consultant',
      subject_ids: [subjectA, subjectB],
      invited_by: { person_id: admin.personId, full_name: 'مديرة المنصة' },
      accepted_at: null,
    })
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(7 * 24 * 3600_000)
    expect(JSON.stringify(invited)).not.toContain('token')

    // The mail: Arabic first, then English, with the one-time link to the site; only its hash is stored.
    const [mail] = await mailsTo('expert_invitation', 'reem.invited@example.sa')
    expect(mail).toBeTruthy()
    expect(mail!.link).toMatch(new RegExp(`^${ctx.config.publicUrl}/expert-invitation\\?token=[\\w-]{40,}$`))
    const token = new URL(mail!.link!).searchParams.get('token')!
    const stored = await ctx.store.db
      .selectFrom('expert_invitations')
      .select('token_hash')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).toBe(invitationTokenHash(token))
    expect(stored.token_hash).not.toContain(token)
    expect(mail!.body.indexOf('دعوة للانضمام')).toBeLessThan(
      mail!.body.indexOf('An invitation to join Mashura'),
    )
    expect(mail!.body).toContain(mail!.link)
    expect(mail!.html).toContain('مستشارة')
    expect((await auditOf('expert.invite', invitation.id)).length).toBe(1)

    // Not yet an expert: nobody in the search.
    expect(await searchIds('زعفرانية')).toEqual([])

    // The person signs in with the address, verified by the provider (any case).
    const login = await signIn({
      sub: 'reem-1',
      name: 'ريم المدعوة',
      email: 'reem.invited@example.sa',
      email_verified: true,
    })
    expect(login.roles).toContain('contributor')
    const id = login.contributor_id!
    expect(id).toBeGreaterThan(0)
    const expert = (await jsonOf(ctx.get(`/api/admin/experts/${id}`, admin.token))).data
    expect(expert).toMatchObject({
      full_name: 'ريم المدعوة',
      kind: 'consultant',
      gender: 'female',
      center: { id: centerId },
      title_ar: 'مستشارة زعفرانية',
      title_en: 'Tax consultant',
      bio_ar: 'خبرة عشرين عامًا',
      bio_en: 'Twenty years of experience',
      is_active: true,
      join_now_enabled: true,
      chat_status: false,
      can_create_slots: true,
      can_delete_slots: false,
      zoom_user: 'reem@zoom.example.sa',
    })
    expect(expert.subjects.map((s: { id: number }) => s.id)).toEqual([subjectA, subjectB])
    expect(await searchIds('ريم المدعوة')).toEqual([id])
    expect(await searchIds('زعفرانية')).toEqual([id])
    expect(await searchIds('الضرائب')).toContain(id)

    // The invitation is spent: accepted, and listed so.
    const listed = await jsonOf(ctx.get('/api/admin/expert-invitations?q=reem.invited', admin.token))
    expect(listed.data).toHaveLength(1)
    expect(listed.data[0]).toMatchObject({ id: invitation.id, state: 'accepted', contributor_id: id })
    const [accepted] = await auditOf('expert.accept_invitation', id)
    expect(accepted).toMatchObject({ actor_label: 'ريم المدعوة', target_type: 'expert' })
    expect(JSON.parse(accepted!.after_json!)).toMatchObject({
      invitation_id: invitation.id,
      kind: 'consultant',
    })
    // It cannot be revoked any more, nor is the address invited again.
    expect(
      (await ctx.post(`/api/admin/expert-invitations/${invitation.id}/revoke`, admin.token, {})).statusCode,
    ).toBe(409)
    const again = await ctx.post('/api/admin/expert-invitations', admin.token, {
      email: 'reem.invited@example.sa',
      kind: 'bsa',
      title_ar: 'أ',
      title_en: 'A',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('already_expert')
    // A later sign-in changes nothing.
    expect(
      (
        await signIn({
          sub: 'reem-1',
          name: 'ريم المدعوة',
          email: 'reem.invited@example.sa',
          email_verified: true,
        })
      ).contributor_id,
    ).toBe(id)
  })

  it('accepts nothing for an unverified address, an expired invitation or a revoked one', async () => {
    const invite = async (email: string) =>
      (
        await jsonOf(
          ctx.post('/api/admin/expert-invitations', admin.token, {
            email,
            kind: 'advisor',
            title_ar: 'مرشد',
            title_en: 'Advisor',
          }),
          201,
        )
      ).data as { id: number }
    // Unverified: anyone may type any address at a provider that does not check it.
    const unverified = await invite('unverified@example.sa')
    const notVerified = await signIn({ sub: 'u-1', name: 'غير موثق', email: 'unverified@example.sa' })
    expect(notVerified.roles).not.toContain('contributor')
    const falsy = await signIn({
      sub: 'u-2',
      name: 'غير موثق',
      email: 'unverified@example.sa',
      email_verified: 'true',
    })
    expect(falsy.contributor_id).toBeNull()
    expect(
      (await jsonOf(ctx.get('/api/admin/expert-invitations?q=unverified', admin.token))).data[0],
    ).toMatchObject({ id: unverified.id, state: 'pending' })

    // Expired.
    const expired = await invite('expired@example.sa')
    await ctx.store.db
      .updateTable('expert_invitations')
      .set({ expires_at: hoursFromNow(-1).toISOString() })
      .where('id', '=', expired.id)
      .execute()
    expect(
      (await signIn({ sub: 'e-1', name: 'منتهية', email: 'expired@example.sa', email_verified: true }))
        .contributor_id,
    ).toBeNull()
    const expiredList = await jsonOf(ctx.get('/api/admin/expert-invitations?state=expired', admin.token))
    expect(expiredList.data.map((i: { id: number }) => i.id)).toContain(expired.id)

    // Revoked.
    const revoked = await invite('revoked@example.sa')
    const after = await jsonOf(
      ctx.post(`/api/admin/expert-invitations/${revoked.id}/revoke`, admin.token, {}),
    )
    expect(after.data.state).toBe('revoked')
    expect(
      (await signIn({ sub: 'r-1', name: 'ملغاة', email: 'revoked@example.sa', email_verified: true }))
        .contributor_id,
    ).toBeNull()
    expect(
      (await ctx.post(`/api/admin/expert-invitations/${revoked.id}/revoke`, admin.token, {})).statusCode,
    ).toBe(409)
    expect((await ctx.post('/api/admin/expert-invitations/999999/revoke', admin.token, {})).statusCode).toBe(
      404,
    )
    expect((await auditOf('expert.invitation_revoke', revoked.id)).length).toBe(1)

    // Inviting again replaces the open invitation: the old link no longer counts, the new one does.
    const first = await invite('twice@example.sa')
    const second = await invite('twice@example.sa')
    const both = await jsonOf(ctx.get('/api/admin/expert-invitations?q=twice', admin.token))
    expect(both.data.map((i: { id: number; state: string }) => [i.id, i.state])).toEqual([
      [second.id, 'pending'],
      [first.id, 'revoked'],
    ])
    expect((await mailsTo('expert_invitation', 'twice@example.sa')).length).toBe(2)
    expect(
      (await signIn({ sub: 't-1', name: 'مرتان', email: 'twice@example.sa', email_verified: true }))
        .contributor_id,
    ).toBeGreaterThan(0)

    // 422 for an unknown subject or center, and for a bad address.
    for (const body of [
      { email: 'z@example.sa', kind: 'bsa', title_ar: 'أ', title_en: 'A', subject_ids: [999999] },
      { email: 'z@example.sa', kind: 'bsa', title_ar: 'أ', title_en: 'A', center_id: 999999 },
    ])
      expect((await ctx.post('/api/admin/expert-invitations', admin.token, body)).statusCode).toBe(422)
    expect(
      (
        await ctx.post('/api/admin/expert-invitations', admin.token, {
          email: 'not an address',
          kind: 'bsa',
          title_ar: 'أ',
          title_en: 'A',
        })
      ).statusCode,
    ).toBe(400)
  })

  it('promotes a person who has signed in before, found by e-mail address', async () => {
    const person = await ctx.person({ name: 'بدر المرقّى', email: 'badr@example.sa' })
    const promoted = await jsonOf(
      ctx.post('/api/admin/experts/promotions', admin.token, {
        email: 'BADR@example.sa',
        kind: 'bsa',
        title_ar: 'مرشد أعمال',
        title_en: 'Business advisor',
        subject_ids: [subjectB],
      }),
      201,
    )
    expect(promoted.data).toMatchObject({
      person_id: person.personId,
      kind: 'bsa',
      is_active: true,
      chat_status: true,
      can_create_slots: true,
      join_now_enabled: false,
    })
    expect(await searchIds('بدر المرقّى')).toEqual([promoted.data.id])
    expect((await auditOf('expert.promote', promoted.data.id)).length).toBe(1)
    const twice = await ctx.post('/api/admin/experts/promotions', admin.token, {
      person_id: person.personId,
      kind: 'bsa',
      title_ar: 'أ',
      title_en: 'A',
    })
    expect(twice.statusCode).toBe(409)
    const nobody = await ctx.post('/api/admin/experts/promotions', admin.token, {
      email: 'nobody@example.sa',
      kind: 'bsa',
      title_ar: 'أ',
      title_en: 'A',
    })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json().error.message).toBeTruthy()
  })

  it('edits every field and the admin’s flags, recording the changed fields before and after', async () => {
    const expert = await addExpert(ctx, { name: 'هند المعدلة', kind: 'consultant', subjects: [subjectA] })
    const id = expert.contributorId
    const updated = await jsonOf(
      ctx.put(`/api/admin/experts/${id}`, admin.token, {
        kind: 'partner',
        gender: 'female',
        center_id: centerId,
        subject_ids: [subjectB],
        title_ar: 'شريكة نمو',
        title_en: 'Growth partner',
        bio_en: 'Helps companies grow',
        join_now_enabled: true,
        chat_status: true,
        can_create_slots: false,
        can_delete_slots: false,
        zoom_user: 'hind@zoom.example.sa',
      }),
    )
    expect(updated.data).toMatchObject({
      kind: 'partner',
      gender: 'female',
      center: { id: centerId },
      subjects: [{ id: subjectB }],
      title_ar: 'شريكة نمو',
      title_en: 'Growth partner',
      bio_en: 'Helps companies grow',
      join_now_enabled: true,
      chat_status: true,
      can_create_slots: false,
      can_delete_slots: false,
      zoom_user: 'hind@zoom.example.sa',
    })
    const [entry] = await auditOf('expert.update', id)
    expect(entry).toMatchObject({
      actor_person_id: admin.personId,
      actor_label: 'مديرة المنصة',
      target_type: 'expert',
    })
    const before = JSON.parse(entry!.before_json!)
    const after = JSON.parse(entry!.after_json!)
    expect(before).toMatchObject({
      kind: 'consultant',
      subject_ids: [subjectA],
      can_create_slots: true,
      zoom_user: null,
    })
    expect(after).toMatchObject({
      kind: 'partner',
      subject_ids: [subjectB],
      can_create_slots: false,
      zoom_user: 'hind@zoom.example.sa',
    })
    expect(before).not.toHaveProperty('bio_ar')
    // The public profile and search follow at once (the cache's scopes are bumped).
    expect(await searchIds('شريكة نمو')).toEqual([id])
    const profile = await jsonOf(ctx.get(`/api/schedule/contributor/${id}/`))
    expect(profile.data.contributor).toMatchObject({
      role: 'partner',
      can_create_slots: false,
      available_now: false,
    })
    // The Zoom user can be cleared; nothing changed records nothing.
    expect(
      (await jsonOf(ctx.put(`/api/admin/experts/${id}`, admin.token, { zoom_user: null }))).data.zoom_user,
    ).toBeNull()
    await jsonOf(ctx.put(`/api/admin/experts/${id}`, admin.token, { zoom_user: null }))
    expect((await auditOf('expert.update', id)).length).toBe(2)
    // Refusals.
    expect(
      (await ctx.put(`/api/admin/experts/${id}`, admin.token, { subject_ids: [999999] })).statusCode,
    ).toBe(422)
    expect((await ctx.put(`/api/admin/experts/${id}`, admin.token, {})).statusCode).toBe(400)
    expect((await ctx.put(`/api/admin/experts/${id}`, admin.token, { full_name: 'x' })).statusCode).toBe(400)
    expect((await ctx.put('/api/admin/experts/999999', admin.token, { title_en: 'x' })).statusCode).toBe(404)
    expect((await del(`/api/admin/experts/${id}`, admin.token)).statusCode).toBe(404)
  })

  describe('deactivation', () => {
    it('hides the expert from search, profile and booking, cancels the chosen bookings and tells each owner', async () => {
      const db = ctx.store.db
      const { reasonId } = await addCancelReasons(db)
      const expert = await addExpert(ctx, { name: 'عمر المعطل', kind: 'consultant', subjects: [subjectA] })
      const id = expert.contributorId
      const owner1 = await ctx.person({ name: 'سارة', email: 'sara.owner@example.sa' })
      const owner2 = await ctx.person({ name: 'فهد', email: 'fahd.owner@example.sa' })
      const booked = await insertSession(
        db,
        await insertSlot(db, { contributorId: id, start: hoursFromNow(48) }),
        owner1.personId,
        {
          subject_id: subjectA,
        },
      )
      const waiting = await insertSession(
        db,
        await insertSlot(db, { contributorId: id, start: hoursFromNow(72) }),
        owner2.personId,
        {
          state: 'pending',
          request_state: 'waiting',
        },
      )
      const past = await insertSession(
        db,
        await insertSlot(db, { contributorId: id, start: hoursFromNow(-48) }),
        owner1.personId,
        {
          state: 'ended',
        },
      )
      const free = await insertSlot(db, { contributorId: id, start: hoursFromNow(96) })
      expect(await searchIds('عمر المعطل')).toEqual([id])
      expect((await jsonOf(ctx.get(`/api/admin/experts/${id}`, admin.token))).data.upcoming_sessions).toBe(2)

      // A reason is needed to cancel.
      expect(
        (await ctx.post(`/api/admin/experts/${id}/deactivate`, admin.token, { cancel_sessions: true }))
          .statusCode,
      ).toBe(422)
      const result = await jsonOf(
        ctx.post(`/api/admin/experts/${id}/deactivate`, admin.token, {
          cancel_sessions: true,
          reason: 'انتهى تعاقد الخبير',
          cancel_reason_id: reasonId,
        }),
      )
      expect(result.data.expert.is_active).toBe(false)
      expect(result.data.cancelled_session_ids.sort()).toEqual([booked.id, waiting.id].sort())
      expect(await readSession(db, booked.id)).toMatchObject({
        state: 'cancelled',
        cancel_reason: 'انتهى تعاقد الخبير',
        cancel_reason_id: reasonId,
        active_slot_id: null,
      })
      expect(await readSession(db, waiting.id)).toMatchObject({
        request_state: 'rejected',
        active_slot_id: null,
      })
      expect((await readSession(db, past.id)).state).toBe('ended')

      // Each owner is mailed (Arabic first, with the reason) and notified.
      for (const [owner, session] of [
        ['sara.owner@example.sa', booked],
        ['fahd.owner@example.sa', waiting],
      ] as const) {
        // The cancellation's mail (issue 34: one path with an expert's own cancellation), with the calendar
        // file's next SEQUENCE in its key.
        const mails = await mailsTo('session_cancelled', owner)
        expect(mails.map((m) => m.dedupe_key)).toEqual([`session_cancelled:${session.id}:1`])
        expect(mails[0]!.body).toContain('لم يعد هذا الخبير متاحًا')
        expect(mails[0]!.body).toContain('انتهى تعاقد الخبير')
        expect(mails[0]!.body.indexOf('مرحبًا')).toBeLessThan(mails[0]!.body.indexOf('Hello'))
      }
      const notices = await db
        .selectFrom('notifications')
        .select(['person_id', 'kind'])
        .where('person_id', 'in', [owner1.personId, owner2.personId])
        .execute()
      expect(notices).toEqual(
        expect.arrayContaining([
          { person_id: owner1.personId, kind: 'session_cancelled' },
          { person_id: owner2.personId, kind: 'session_cancelled' },
        ]),
      )
      const [entry] = await auditOf('expert.deactivate', id)
      expect(JSON.parse(entry!.before_json!)).toEqual({ is_active: true })
      expect(JSON.parse(entry!.after_json!)).toMatchObject({ is_active: false, reason: 'انتهى تعاقد الخبير' })

      // Gone from search and the subjects list, profile 404, the free slot not bookable, no instant join.
      expect(await searchIds('عمر المعطل')).toEqual([])
      expect((await ctx.get(`/api/schedule/contributor/${id}/`)).statusCode).toBe(404)
      const booker = await ctx.person()
      const book = await ctx.post(`/api/schedule/v3/schedules/${free.id}/sessions/dashboard`, booker.token, {
        communication_way: 0,
        subject_id: subjectA,
      })
      expect(book.statusCode).toBe(404)
      expect((await ctx.post(`/api/schedule/instant/contributor/${id}`, booker.token, {})).statusCode).toBe(
        404,
      )
      // Twice is a conflict.
      expect(
        (await ctx.post(`/api/admin/experts/${id}/deactivate`, admin.token, { cancel_sessions: false }))
          .statusCode,
      ).toBe(409)

      // Reactivated: back in search, profile and booking.
      const back = await jsonOf(ctx.post(`/api/admin/experts/${id}/reactivate`, admin.token, {}))
      expect(back.data.is_active).toBe(true)
      expect((await auditOf('expert.reactivate', id)).length).toBe(1)
      expect(await searchIds('عمر المعطل')).toEqual([id])
      expect((await ctx.get(`/api/schedule/contributor/${id}/`)).statusCode).toBe(200)
      const rebook = await ctx.post(
        `/api/schedule/v3/schedules/${free.id}/sessions/dashboard`,
        booker.token,
        {
          communication_way: 0,
          subject_id: subjectA,
        },
      )
      expect(rebook.statusCode, rebook.body).toBe(201)
      expect((await ctx.post(`/api/admin/experts/${id}/reactivate`, admin.token, {})).statusCode).toBe(409)
    })

    it('keeps the bookings when the admin chooses so', async () => {
      const db = ctx.store.db
      const expert = await addExpert(ctx, { name: 'ليلى الباقية', kind: 'consultant', subjects: [subjectA] })
      const owner = await ctx.person({ email: 'kept.owner@example.sa' })
      const booked = await insertSession(
        db,
        await insertSlot(db, { contributorId: expert.contributorId, start: hoursFromNow(30) }),
        owner.personId,
      )
      const result = await jsonOf(
        ctx.post(`/api/admin/experts/${expert.contributorId}/deactivate`, admin.token, {
          cancel_sessions: false,
        }),
      )
      expect(result.data.cancelled_session_ids).toEqual([])
      expect((await readSession(db, booked.id)).state).toBe('booked')
      expect(await mailsTo('session_cancelled', 'kept.owner@example.sa')).toEqual([])
      expect(await searchIds('ليلى الباقية')).toEqual([])
      expect(
        (await ctx.post('/api/admin/experts/999999/deactivate', admin.token, { cancel_sessions: false }))
          .statusCode,
      ).toBe(404)
    })
  })
})

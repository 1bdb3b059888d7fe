import { type AppNotification, isUnreadMessage } from '@mashura/core'
import { ar, en } from '@mashura/core/i18n/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { eachDatabase, type TestPerson, useBusEvents, useTestContext } from '../../../test-support/context.ts'
import { addSession, hoursFromNow } from '../../../test-support/fixtures.ts'
import { useChatCast } from '../../../test-support/suite-fixtures.ts'
import { conversationsFor } from '../../../wire/chat.ts'

const HTML = '<script>alert("x")</script><b onclick="steal()">مرحبا</b> &amp; <img src=x onerror=alert(1)>'

eachDatabase('chat and notifications', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, expertOff, otherExpert, owner, otherOwner } = useChatCast(ctx, { expertOffChats: false })
  beforeAll(async () => {
    // A cancelled session is not a shared one.
    await addSession(ctx.store.db, {
      contributorId: otherExpert.contributorId!,
      start: hoursFromNow(24),
      smeId: owner.personId,
      state: 'cancelled',
    })
  })
  const events = useBusEvents(ctx)

  it('publishes the four calls in the OpenAPI document, with their security', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    for (const [method, path] of [
      ['get', '/schedule/v2/chatting-possibility/{id}'],
      ['post', '/schedule/notifiable-id/{id}/chat-notification'],
      ['post', '/schedule/notification/{id}'],
      ['get', '/schedule/v2/notifications-list/contributor'],
    ] as const) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.summary).toBeTruthy()
      expect(op.tags).toEqual(['chat'])
    }
  })

  describe('GET /schedule/v2/chatting-possibility/{id}', () => {
    const ask = (token: string | null, id: number, userType: string, lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'GET',
        url: `/api/schedule/v2/chatting-possibility/${id}?user_type=${userType}`,
        token,
        ...(lang ? { lang } : {}),
      })

    it('lets a business owner and an expert who share a session chat, both ways', async () => {
      const byOwner = await ask(owner.token, expert.contributorId!, 'contributor')
      expect(byOwner.statusCode).toBe(200)
      expect(byOwner.json()).toEqual({ data: { can_chat: true, reason: null } })
      const byExpert = await ask(expert.token, owner.personId, 'sme')
      expect(byExpert.json()).toEqual({ data: { can_chat: true, reason: null } })
    })

    it("refuses when the expert's chat is off, with the reason in the request language", async () => {
      const res = await ask(owner.token, expertOff.contributorId!, 'contributor')
      expect(res.json()).toEqual({ data: { can_chat: false, reason: ar['errors.chatDisabled'] } })
      const inEnglish = await ask(expertOff.token, owner.personId, 'sme', 'en')
      expect(inEnglish.json()).toEqual({ data: { can_chat: false, reason: en['errors.chatDisabled'] } })
    })

    it('refuses without a shared session (a cancelled one does not count), and for unknown ids', async () => {
      for (const [token, id, type] of [
        [otherOwner.token, expert.contributorId!, 'contributor'],
        [owner.token, otherExpert.contributorId!, 'contributor'],
        [expert.token, otherOwner.personId, 'sme'],
        [otherExpert.token, owner.personId, 'sme'],
        [owner.token, 999_999, 'contributor'],
        [expert.token, expert.personId, 'sme'],
      ] as const) {
        const res = await ask(token, id, type)
        expect(res.statusCode).toBe(200)
        expect(res.json().data.can_chat).toBe(false)
      }
    })

    it('is for signed-in people; asking about a business owner is for experts only', async () => {
      expect((await ask(null, expert.contributorId!, 'contributor')).statusCode).toBe(401)
      const res = await ask(owner.token, otherOwner.personId, 'sme')
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe(ar['errors.contributorOnly'])
      expect((await ask(owner.token, expert.contributorId!, 'admin')).statusCode).toBe(400)
    })
  })

  describe('POST /schedule/notifiable-id/{id}/chat-notification', () => {
    const send = (token: string | null, id: number, payload: Record<string, unknown>) =>
      ctx.post(`/api/schedule/notifiable-id/${id}/chat-notification`, token, payload)

    it('stores the message as plain text, exactly as sent, notifies the expert and publishes the change', async () => {
      events.length = 0
      const res = await send(owner.token, expert.contributorId!, {
        notifiable_user: 'contributor',
        type: 'text',
        message: HTML,
      })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toEqual({ data: null })
      const [conversation] = await conversationsFor(ctx.store.db, expert.contributorId!)
      expect(conversation!.id).toBe(String(owner.personId))
      expect(conversation!.lastMessage).toEqual({
        user: { id: `sme:${owner.personId}` },
        body: HTML,
        status: 1,
        type: 'text',
      })
      expect(isUnreadMessage(conversation!.lastMessage, expert.contributorId!)).toBe(true)
      const stored = await ctx.store.db.selectFrom('chat_messages').select(['body', 'type']).execute()
      expect(stored).toEqual([{ body: HTML, type: 'text' }])

      const notes = await ctx.store.db
        .selectFrom('notifications')
        .select(['kind', 'person_id', 'chat_with'])
        .where('person_id', '=', expert.personId)
        .execute()
      // It names the conversation as the expert's chat page does: by the owner's person id (issue 31).
      expect(notes).toEqual([{ kind: 'chat_message', person_id: expert.personId, chat_with: owner.personId }])
      const listed = await ctx.app.inject({
        method: 'GET',
        url: '/api/schedule/v2/notifications-list/contributor',
        headers: { 'x-api-key': ctx.config.devApiKey!, authorization: `Bearer ${expert.token}` },
      })
      expect(listed.json().data[0].data).toEqual({
        request_id: null,
        session_id: null,
        chat_with: owner.personId,
      })
      expect(events).toContainEqual({ type: 'notifications.changed', personId: expert.personId })
      expect(events).toContainEqual({
        type: 'conversation.changed',
        conversationId: Number(conversation!.conversation_id),
        contributorId: expert.contributorId,
        smeId: owner.personId,
      })
    })

    it("lets the expert reply, which marks the owner's message read and notifies the owner", async () => {
      const res = await send(expert.token, owner.personId, {
        notifiable_user: 'sme',
        type: 'text',
        message: 'أهلًا',
      })
      expect(res.statusCode).toBe(201)
      const [conversation, ...more] = await conversationsFor(ctx.store.db, expert.contributorId!)
      expect(more).toEqual([])
      expect(conversation!.lastMessage).toEqual({
        user: { id: expert.contributorId },
        body: 'أهلًا',
        status: 1,
        type: 'text',
      })
      const first = await ctx.store.db
        .selectFrom('chat_messages')
        .select('status')
        .where('body', '=', HTML)
        .executeTakeFirstOrThrow()
      expect(Number(first.status)).toBe(2)
      const notes = await ctx.store.db
        .selectFrom('notifications')
        .select(['kind', 'chat_with'])
        .where('person_id', '=', owner.personId)
        .execute()
      // The owner's chat page names the expert by contributor id.
      expect(notes).toEqual([{ kind: 'chat_message', chat_with: expert.contributorId }])
    })

    it("refuses when the expert's chat is off or there is no shared session", async () => {
      const msg = { type: 'text', message: 'مرحبا' }
      const refused = [
        await send(owner.token, expertOff.contributorId!, { ...msg, notifiable_user: 'contributor' }),
        await send(expertOff.token, owner.personId, { ...msg, notifiable_user: 'sme' }),
        await send(otherOwner.token, expert.contributorId!, { ...msg, notifiable_user: 'contributor' }),
        await send(expert.token, otherOwner.personId, { ...msg, notifiable_user: 'sme' }),
        await send(otherExpert.token, owner.personId, { ...msg, notifiable_user: 'sme' }),
      ]
      expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403])
      expect(refused[0]!.json().error).toMatchObject({
        code: 'chat_not_allowed',
        message: ar['errors.chatDisabled'],
      })
      const count = await ctx.store.db.selectFrom('chat_messages').select('id').execute()
      expect(count).toHaveLength(2)
    })

    it('checks who is asking and the body', async () => {
      const ok = { notifiable_user: 'contributor', type: 'text', message: 'مرحبا' }
      expect((await send(null, expert.contributorId!, ok)).statusCode).toBe(401)
      // A business owner cannot write to another business owner as if they were an expert.
      expect(
        (await send(owner.token, otherOwner.personId, { ...ok, notifiable_user: 'sme' })).statusCode,
      ).toBe(403)
      for (const payload of [
        { ...ok, extra: 1 },
        { ...ok, message: '' },
        { ...ok, message: '   ' },
        { ...ok, message: 'x'.repeat(4001) },
        { ...ok, type: 'video' },
        { notifiable_user: 'contributor', type: 'text' },
      ]) {
        expect((await send(owner.token, expert.contributorId!, payload)).statusCode).toBe(400)
      }
    })
  })

  describe('notifications', () => {
    let person: TestPerson
    const ids: number[] = []

    beforeAll(async () => {
      person = await ctx.person({ name: 'منيرة السبيعي', contributor: {} })
      for (let i = 0; i < 5; i++) {
        const row = await ctx.store.db
          .insertInto('notifications')
          .values({
            person_id: person.personId,
            kind: 'booking',
            title_ar: `حجز ${i}`,
            title_en: `Booking ${i}`,
            body_ar: `نص ${i}`,
            body_en: `Text ${i}`,
            request_id: i === 0 ? 7 : null,
            session_id: i === 1 ? 9 : null,
            read_at: i === 4 ? '2025-01-01T00:00:00.000Z' : null,
            created_at: new Date(Date.UTC(2025, 0, 10 + i)).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        ids.push(row.id)
      }
    })

    const list = (token: string | null, query = '', lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'GET',
        url: `/api/schedule/v2/notifications-list/contributor${query}`,
        token,
        ...(lang ? { lang } : {}),
      })

    it('lists the caller’s notifications newest first, paged, with the unread count, in the request language', async () => {
      const res = await list(person.token, '?per_page=2')
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.data.map((n: AppNotification) => n.id)).toEqual([ids[4], ids[3]])
      expect(body.meta).toEqual({ page: 1, per_page: 2, total: 5, last_page: 3, unread: 4 })
      expect(body.data[0]).toEqual({
        id: ids[4],
        title: 'حجز 4',
        body: 'نص 4',
        data: { request_id: null, session_id: null, chat_with: null },
        read_at: '2025-01-01T00:00:00.000Z',
        created_at: '2025-01-14T00:00:00.000Z',
      })
      const last = (await list(person.token, '?per_page=2&page=3', 'en')).json()
      expect(last.data).toEqual([
        {
          id: ids[0],
          title: 'Booking 0',
          body: 'Text 0',
          data: { request_id: 7, session_id: null, chat_with: null },
          read_at: null,
          created_at: '2025-01-10T00:00:00.000Z',
        },
      ])
      expect((await list(person.token, '?page=9')).json().data).toEqual([])
    })

    it('shows nobody else’s notifications, and none to visitors', async () => {
      const res = await list(otherOwner.token)
      expect(res.statusCode).toBe(200)
      expect(res.json().meta).toEqual({ page: 1, per_page: 15, total: 0, last_page: 1, unread: 0 })
      expect((await list(null)).statusCode).toBe(401)
      expect((await list(person.token, '?per_page=101')).statusCode).toBe(400)
    })

    it('marks one read (own only), once, and publishes the change', async () => {
      events.length = 0
      const mark = (token: string | null, id: number) =>
        ctx.call({ method: 'POST', url: `/api/schedule/notification/${id}`, token })
      expect((await mark(otherOwner.token, ids[1]!)).statusCode).toBe(404)
      expect((await mark(expert.token, ids[1]!)).statusCode).toBe(404)
      expect((await mark(person.token, 999_999)).statusCode).toBe(404)
      expect((await mark(null, ids[1]!)).statusCode).toBe(401)
      expect(events).toEqual([])

      const res = await mark(person.token, ids[1]!)
      expect(res.statusCode).toBe(200)
      const read = res.json().data as AppNotification
      expect(read).toMatchObject({ id: ids[1], title: 'حجز 1', data: { request_id: null, session_id: 9 } })
      expect(read.read_at).not.toBeNull()
      expect(events).toEqual([{ type: 'notifications.changed', personId: person.personId }])
      expect((await list(person.token)).json().meta.unread).toBe(3)

      const again = await mark(person.token, ids[1]!)
      expect(again.json().data.read_at).toBe(read.read_at)
      expect(events).toHaveLength(1)
    })
  })
})

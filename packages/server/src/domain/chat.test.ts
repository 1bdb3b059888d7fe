import { isUnreadMessage } from '@mashura/core'
import { hasUnreadMessages } from '@mashura/core/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestContext,
  eachDatabase,
  type TestContext,
  type TestPerson,
} from '../test-support/context.ts'
import { addSession, hoursFromNow } from '../test-support/fixtures.ts'
import {
  chatPossibility,
  conversationsFor,
  markConversationRead,
  sendChatMessage,
  unreadCount,
} from './chat.ts'

eachDatabase('domain/chat', (dialect) => {
  let ctx: TestContext
  let expert: TestPerson & { contributorId: number }
  let owner: TestPerson
  let other: TestPerson

  beforeAll(async () => {
    ctx = await createTestContext(dialect)
    const e = await ctx.person({ name: 'نورة القحطاني', contributor: { chat_status: true } })
    expert = { ...e, contributorId: e.contributorId! }
    owner = await ctx.person({ name: 'سارة الشمري' })
    other = await ctx.person({ name: 'فهد الدوسري' })
    await addSession(ctx.store.db, {
      contributorId: expert.contributorId,
      start: hoursFromNow(-48),
      smeId: owner.personId,
      state: 'ended',
    })
  })
  afterAll(() => ctx.close())

  it('allows a pair that shares a session, refuses one that does not, and oneself', async () => {
    const { db } = ctx.store
    expect((await chatPossibility(db, expert.contributorId, owner.personId)).ok).toBe(true)
    expect(await chatPossibility(db, expert.contributorId, other.personId)).toEqual({
      ok: false,
      reason: 'errors.chatNoSharedSession',
    })
    // Oneself and unknown ids get the very same answer, so ids reveal nothing.
    expect(await chatPossibility(db, expert.contributorId, expert.personId)).toEqual({
      ok: false,
      reason: 'errors.chatNoSharedSession',
    })
    expect(await chatPossibility(db, 999_999, owner.personId)).toEqual({
      ok: false,
      reason: 'errors.chatNoSharedSession',
    })
  })

  describe('conversations and the unread rule', () => {
    it('has no conversation before the first message', async () => {
      expect(await conversationsFor(ctx.store.db, expert.contributorId)).toEqual([])
    })

    it("shows the business owner's message as unread to the expert, then read once the expert reads it", async () => {
      const { db } = ctx.store
      const result = await chatPossibility(db, expert.contributorId, owner.personId)
      if (!result.ok) throw new Error('expected chat to be possible')
      const sent = await sendChatMessage(db, {
        pair: result.pair,
        senderPersonId: owner.personId,
        type: 'text',
        body: 'السلام عليكم',
      })
      const [conversation, ...rest] = await conversationsFor(db, expert.contributorId, 'https://x.sa')
      expect(rest).toEqual([])
      expect(conversation).toMatchObject({
        id: String(owner.personId),
        conversation_id: sent.conversationId,
        lastMessage: {
          user: { id: `sme:${owner.personId}` },
          body: 'السلام عليكم',
          status: 1,
          type: 'text',
        },
        sme: { id: owner.personId, full_name: 'سارة الشمري', file: null },
      })
      expect(isUnreadMessage(conversation!.lastMessage, expert.contributorId)).toBe(true)
      expect(hasUnreadMessages([conversation!], String(expert.contributorId))).toBe(true)

      // Someone who is not a party changes nothing.
      expect(await markConversationRead({ db }, sent.conversationId, other.personId)).toBe(0)
      expect(await markConversationRead({ db }, sent.conversationId, owner.personId)).toBe(0)
      expect(await markConversationRead({ db }, sent.conversationId, expert.personId)).toBe(1)
      const [read] = await conversationsFor(db, expert.contributorId)
      expect(read!.lastMessage!.status).toBe(2)
      expect(isUnreadMessage(read!.lastMessage, expert.contributorId)).toBe(false)
    })

    it("never counts the expert's own message as unread, and a reply marks the other side's messages read", async () => {
      const { db } = ctx.store
      const result = await chatPossibility(db, expert.contributorId, owner.personId)
      if (!result.ok) throw new Error('expected chat to be possible')
      await sendChatMessage(db, {
        pair: result.pair,
        senderPersonId: owner.personId,
        type: 'text',
        body: 'هل أنت متاح؟',
      })
      await sendChatMessage(db, {
        pair: result.pair,
        senderPersonId: expert.personId,
        type: 'text',
        body: 'نعم',
      })
      const [conversation] = await conversationsFor(db, expert.contributorId)
      expect(conversation!.lastMessage).toEqual({
        user: { id: expert.contributorId },
        body: 'نعم',
        status: 1,
        type: 'text',
      })
      expect(isUnreadMessage(conversation!.lastMessage, expert.contributorId)).toBe(false)
      const statuses = await db
        .selectFrom('chat_messages')
        .select(['sender_person_id', 'status'])
        .orderBy('id')
        .execute()
      expect(statuses.map((s) => [s.sender_person_id, Number(s.status)])).toEqual([
        [owner.personId, 2],
        [owner.personId, 2],
        [expert.personId, 1],
      ])
      expect(await db.selectFrom('conversations').select('id').execute()).toHaveLength(1)
    })
  })

  it('counts unread notifications', async () => {
    const { db } = ctx.store
    const now = new Date().toISOString()
    const row = { kind: 'booking', title_ar: 'ع', title_en: 't', body_ar: 'ع', body_en: 'b', created_at: now }
    await db
      .insertInto('notifications')
      .values([
        { ...row, person_id: other.personId, read_at: null },
        { ...row, person_id: other.personId, read_at: now },
        { ...row, person_id: owner.personId, read_at: null },
      ])
      .execute()
    expect(await unreadCount(db, other.personId)).toBe(1)
    expect(await unreadCount(db, expert.personId)).toBe(0)
  })
})

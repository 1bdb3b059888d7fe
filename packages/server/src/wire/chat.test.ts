import { isUnreadMessage, MESSAGE_STATUS_READ } from '@mashura/core'
import { hasUnreadMessages } from '@mashura/core/testing'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { markMessagesFromQuery } from '../db/queries/chat.ts'
import { chatPossibility, markConversationRead, sendChatMessage } from '../domain/chat.ts'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import { useChatCast } from '../test-support/suite-fixtures.ts'
import { conversationsFor } from './chat.ts'

eachDatabase('conversations and the unread rule', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner, otherOwner: other } = useChatCast(ctx, { expertOffChats: false })

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

  it('stores a message with what is written alongside it, or neither', async () => {
    const { db } = ctx.store
    const result = await chatPossibility(db, expert.contributorId, owner.personId)
    if (!result.ok) throw new Error('expected chat to be possible')
    const message = {
      pair: result.pair,
      senderPersonId: owner.personId,
      type: 'text' as const,
      body: 'مرحبا',
    }
    const messages = () => db.selectFrom('chat_messages').select(['id', 'body']).orderBy('id').execute()
    const before = await messages()
    await expect(
      sendChatMessage(db, message, async () => {
        throw new Error('the notification could not be recorded')
      }),
    ).rejects.toThrow('the notification could not be recorded')
    expect(await messages()).toEqual(before)
    // What `alongside` writes sees the message, in the same transaction.
    const sent = await sendChatMessage(db, message, async (trx) =>
      trx.selectFrom('chat_messages').select('body').orderBy('id', 'desc').executeTakeFirst(),
    )
    expect(sent.alongside).toEqual({ body: 'مرحبا' })
    expect(await messages()).toEqual([...before, { id: sent.messageId, body: 'مرحبا' }])
  })

  it.runIf(dialect === 'sqlite')(
    "marks a conversation read through its unread messages' own index, however long it is",
    async () => {
      const { db } = ctx.store
      const compiled = markMessagesFromQuery(db, 1, owner.personId, MESSAGE_STATUS_READ).compile()
      const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(compiled.sql)}`.execute(
        db.withoutPlugins(),
      )
      // Bound values do not change the plan; the statement's own are placeholders here.
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('USING INDEX chat_messages_unread')
    },
  )
})

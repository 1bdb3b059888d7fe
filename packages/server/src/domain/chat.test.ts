import { expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import { useChatCast } from '../test-support/suite-fixtures.ts'
import { chatPossibility, unreadCount } from './chat.ts'

eachDatabase('domain/chat', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner, otherOwner: other } = useChatCast(ctx, { expertOffChats: false })

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

/**
 * Retention (issue 34): what is past its period is purged by the scheduler's run, on both databases, and
 * nothing younger; a period of 0 keeps for ever.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { DEFAULT_RETENTION } from '../config.ts'
import {
  conversationIdOf,
  ensureConversation,
  insertChatMessage,
  setLastMessage,
} from '../db/queries/chat.ts'
import { schedulerTick } from '../scheduler.ts'
import { eachDatabase, usePeople, useTestContext } from '../test-support/context.ts'
import { addRecommendationWithAttachment, addSession, hoursFromNow } from '../test-support/fixtures.ts'
import { recordAudit } from './audit.ts'
import { purgeExpired } from './retention.ts'

const DAY = 86_400_000

eachDatabase('retention', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner } = usePeople(ctx, {
    expert: { name: 'نورة', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة' },
  })
  const db = () => ctx.store.db

  async function message(conversationId: number, daysAgo: number, body: string) {
    const at = new Date(Date.now() - daysAgo * DAY).toISOString()
    const row = await insertChatMessage(db(), {
      conversation_id: conversationId,
      sender_person_id: owner.personId,
      type: 'text',
      body,
      file_id: null,
      status: 1,
      created_at: at,
    })
    await setLastMessage(db(), conversationId, row.id, at)
    return row.id
  }

  it('purges chat, attachments and the audit trail past their periods, and keeps what is younger', async () => {
    await ensureConversation(db(), expert.contributorId!, owner.personId, new Date().toISOString())
    const conversationId = (await conversationIdOf(db(), expert.contributorId!, owner.personId)).id
    await message(conversationId, 800, 'رسالة قديمة جدا')
    const recent = await message(conversationId, 10, 'رسالة حديثة')
    const session = await addSession(db(), {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-3),
      smeId: owner.personId,
      state: 'ended',
    })
    const { fileId } = await addRecommendationWithAttachment(ctx, session.id, expert.personId)
    await db()
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - 731 * DAY).toISOString() })
      .where('id', '=', fileId)
      .execute()
    const path = join(ctx.config.dataDir, 'uploads', `${fileId}.pdf`)
    expect(existsSync(path)).toBe(true)
    await recordAudit(db(), {
      actor: { personId: null, label: 'command line' },
      action: 'role.grant',
      targetType: 'person',
      now: new Date(Date.now() - 1900 * DAY),
    })
    await recordAudit(db(), {
      actor: { personId: null, label: 'command line' },
      action: 'role.grant',
      targetType: 'person',
    })

    const purged = await purgeExpired(db(), ctx.app.files, DEFAULT_RETENTION)
    expect(purged).toEqual({ chatMessages: 1, voiceNotes: 0, attachments: 1, auditEntries: 1 })

    const bodies = await db()
      .selectFrom('chat_messages')
      .select('body')
      .where('conversation_id', '=', conversationId)
      .execute()
    expect(bodies).toEqual([{ body: 'رسالة حديثة' }])
    const last = await db()
      .selectFrom('conversations')
      .select('last_message_id')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow()
    expect(last.last_message_id).toBe(recent)
    expect(await db().selectFrom('files').select('id').where('id', '=', fileId).execute()).toEqual([])
    expect(existsSync(path)).toBe(false)
    expect(await db().selectFrom('audit_log').select('action').execute()).toHaveLength(1)

    // A conversation whose every message is past its period keeps no dangling last message.
    await db()
      .updateTable('chat_messages')
      .set({ created_at: new Date(Date.now() - 900 * DAY).toISOString() })
      .execute()
    await purgeExpired(db(), ctx.app.files, DEFAULT_RETENTION)
    const emptied = await db()
      .selectFrom('conversations')
      .select('last_message_id')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow()
    expect(emptied.last_message_id).toBeNull()
  })

  it('keeps everything for ever with periods of 0, and the scheduler purges on its run', async () => {
    await recordAudit(db(), {
      actor: { personId: null, label: 'command line' },
      action: 'role.revoke',
      targetType: 'person',
      now: new Date(Date.now() - 4000 * DAY),
    })
    const none = await purgeExpired(db(), ctx.app.files, {
      chatDays: 0,
      voiceNoteDays: 0,
      attachmentDays: 0,
      auditDays: 0,
    })
    expect(none).toEqual({ chatMessages: 0, voiceNotes: 0, attachments: 0, auditEntries: 0 })
    const tick = await schedulerTick(ctx.app)
    expect(tick.purged.auditEntries).toBe(1)
  })
})

/**
 * The follow-up of a business owner's own change (issue 34), past the outbox: the expert pushed and she not,
 * and the mails delivered over SMTP to the catcher with the calendar file that cancels or moves the event.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type MailCatcher, startMailCatcher } from '../adapters/mail/catcher.ts'
import { deliverDue } from '../adapters/mail/outbox.ts'
import { smtpTransport } from '../adapters/mail/smtp.ts'
import type { PushMessage } from '../adapters/push/service.ts'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import { addBookableSlot, addCancelReasons, hoursFromNow, insertSlot } from '../test-support/fixtures.ts'
import { bookSlot } from './booking.ts'
import { type FollowUpDeps, runFollowUps } from './follow-ups.ts'
import { cancelMySession, rescheduleMySession } from './owner-changes.ts'

eachDatabase('a business owner’s change, told and mailed', (dialect) => {
  const ctx = useTestContext(dialect)
  let catcher: MailCatcher
  beforeAll(async () => {
    catcher = await startMailCatcher(mkdtempSync(join(tmpdir(), 'mashura-mail-')))
  })
  afterAll(async () => {
    await catcher?.close()
  })

  /** Every mail the catcher holds, parsed. */
  const caught = async () =>
    Promise.all(readdirSync(catcher.dir).map((name) => simpleParser(readFileSync(join(catcher.dir, name)))))
  /** Sends what the outbox holds to the catcher. */
  const deliver = async () => {
    const transport = smtpTransport(catcher.url)
    try {
      await deliverDue(ctx.store.db, {
        transport,
        from: '"مشورة Mashura" <no-reply@mashura.test>',
        instance: 't',
      })
    } finally {
      transport.close()
    }
  }
  const rules = { cutoffHours: 24, limits: { maxUpcomingPerExpert: 3, maxUpcoming: 10 } }

  it('pushes the expert, not her, and delivers both a CANCEL of the booking’s event, then a moved one', async () => {
    const pushes: { personId: number; message: PushMessage }[] = []
    const deps: FollowUpDeps = {
      ...ctx.app.followUps,
      // Web Push is a service outside; this stand-in keeps what would have been sent.
      push: { sendToPerson: async (personId, message) => void pushes.push({ personId, message }) },
    }
    const { reasonId } = await addCancelReasons(ctx.store.db)
    const { sme, expert, subjectId, slotId } = await addBookableSlot(ctx, 60)
    const booking = {
      smeId: sme.personId,
      bookerContributorId: null,
      communicationWay: 0 as const,
      subjectId,
    }
    const row = await bookSlot(ctx.store.db, {
      ...booking,
      slotId,
      description: null,
      meetingProvider: 'webrtc',
    })
    await runFollowUps(deps, [row.id])

    // A move: both mailed a REQUEST with the new time and SEQUENCE 1.
    const next = await insertSlot(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(90),
    })
    await rescheduleMySession(ctx.store.db, row.id, sme, next.id, rules)
    pushes.length = 0
    await runFollowUps(deps, [row.id])
    expect(pushes.map((p) => p.personId)).toEqual([expert.personId])
    expect(pushes[0]!.message.session_id).toBe(row.id)

    await cancelMySession(ctx.store.db, row.id, sme, { reasonId, details: null }, rules)
    pushes.length = 0
    await runFollowUps(deps, [row.id])
    expect(pushes.map((p) => p.personId)).toEqual([expert.personId])

    await deliver()
    const uid = `UID:session-${row.id}@${new URL(ctx.config.publicUrl).host}`
    const calendars = (await caught())
      .flatMap((mail) => mail.attachments.map((a) => ({ to: mail.to, ics: a.content.toString('utf8') })))
      .map(({ to, ics }) => ({ to: to && !Array.isArray(to) ? to.text : '', ics: ics.replace(/\r\n /g, '') }))
      .filter(({ ics }) => ics.includes(uid))
    const sequences = (method: string) =>
      calendars
        .filter(({ ics }) => ics.includes(`METHOD:${method}`))
        .map(({ ics }) => Number(/SEQUENCE:(\d+)/.exec(ics)?.[1] ?? 0))
    // The booking's own files (the confirmation, the expert's news) had no SEQUENCE: 0.
    expect(sequences('PUBLISH')).toEqual([0, 0])
    expect(sequences('REQUEST')).toEqual([1, 1])
    expect(sequences('CANCEL')).toEqual([2, 2])
    const moved = calendars.find(({ ics }) => ics.includes('METHOD:REQUEST'))!.ics
    // 90 hours ahead, in Riyadh's local time in the file.
    const local = new Date(Date.parse(next.start_at) + 3 * 3_600_000)
      .toISOString()
      .slice(0, 16)
      .replace(/[-:]/g, '')
    expect(moved).toContain(`DTSTART;TZID=Asia/Riyadh:${local}`)
    expect(new Set(calendars.filter(({ ics }) => ics.includes('METHOD:CANCEL')).map((c) => c.to)).size).toBe(
      2,
    )
  }, 60_000)
})

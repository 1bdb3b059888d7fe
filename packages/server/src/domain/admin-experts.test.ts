import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import {
  addBookableSlot,
  addExpert,
  hoursFromNow,
  insertSession,
  insertSlot,
  readSession,
} from '../test-support/fixtures.ts'
import {
  deactivateExpert,
  promotePerson,
  reactivateExpert,
  searchAdminExperts,
  updateExpert,
} from './admin-experts.ts'
import { COMMAND_LINE } from './audit.ts'
import { bookSlot } from './booking.ts'

eachDatabase('the back office’s expert rules', (dialect) => {
  const ctx = useTestContext(dialect)
  const deps = () => ({
    db: ctx.store.db,
    bus: ctx.app.bus,
    push: ctx.app.push,
    catalogueCache: ctx.app.catalogueCache,
    publicUrl: ctx.config.publicUrl,
  })
  const audits = (action: string, id: number) =>
    ctx.store.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .execute()

  it('pages the admin’s list and answers the total past the last page', async () => {
    await addExpert(ctx, { name: 'صفحة أولى' })
    await addExpert(ctx, { name: 'صفحة ثانية' })
    const first = await searchAdminExperts(ctx.store.db, { q: 'صفحة' }, { page: 1, perPage: 1 })
    expect(first.total).toBe(2)
    expect(first.ids).toHaveLength(1)
    expect(await searchAdminExperts(ctx.store.db, { q: 'صفحة' }, { page: 3, perPage: 1 })).toEqual({
      ids: [],
      total: 2,
    })
  })

  it('trims texts and records nothing when nothing changes', async () => {
    const expert = await addExpert(ctx, { name: 'تعديل', title_en: 'Consultant' })
    await updateExpert(deps(), COMMAND_LINE, expert.contributorId, { title_en: '  Consultant  ' })
    expect(await audits('expert.update', expert.contributorId)).toEqual([])
    await updateExpert(deps(), COMMAND_LINE, expert.contributorId, { title_en: ' Senior consultant ' })
    const row = await ctx.store.db
      .selectFrom('contributors')
      .select('title_en')
      .where('id', '=', expert.contributorId)
      .executeTakeFirstOrThrow()
    expect(row.title_en).toBe('Senior consultant')
    expect(await audits('expert.update', expert.contributorId)).toHaveLength(1)
  })

  it('cancels only future bookings, mails only owners with an address, and deactivates once of two at once', async () => {
    const db = ctx.store.db
    const expert = await addExpert(ctx, { name: 'مرتين' })
    const id = expert.contributorId
    const noMail = await ctx.person()
    await db.updateTable('people').set({ email: null }).where('id', '=', noMail.personId).execute()
    const future = await insertSession(
      db,
      await insertSlot(db, { contributorId: id, start: hoursFromNow(5) }),
      noMail.personId,
    )
    const started = await insertSession(
      db,
      await insertSlot(db, { contributorId: id, start: hoursFromNow(-0.5) }),
      noMail.personId,
    )
    const input = { cancelSessions: true, reason: 'سبب' }
    const results = await Promise.allSettled([
      deactivateExpert(deps(), COMMAND_LINE, id, input),
      deactivateExpert(deps(), COMMAND_LINE, id, input),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ code: 'expert_already_inactive' })
    expect((await readSession(db, future.id)).state).toBe('cancelled')
    expect((await readSession(db, started.id)).state).toBe('booked')
    const mails = await db
      .selectFrom('outbox')
      .select('id')
      .where('dedupe_key', 'like', `session_cancelled:${future.id}:%`)
      .execute()
    expect(mails).toEqual([])
    expect(await audits('expert.deactivate', id)).toHaveLength(1)
    await reactivateExpert(deps(), COMMAND_LINE, id)
    await expect(reactivateExpert(deps(), COMMAND_LINE, id)).rejects.toMatchObject({
      code: 'expert_already_active',
    })
  })

  it('refuses to promote without a person, or a person two people’s address names', async () => {
    const fields = { kind: 'bsa' as const, title_ar: 'أ', title_en: 'A' }
    await expect(promotePerson(deps(), COMMAND_LINE, {}, fields)).rejects.toMatchObject({ kind: 'invalid' })
    await ctx.person({ email: 'shared@example.sa' })
    await ctx.person({ email: 'Shared@example.sa' })
    await expect(
      promotePerson(deps(), COMMAND_LINE, { email: 'shared@example.sa' }, fields),
    ).rejects.toMatchObject({
      code: 'person_ambiguous',
    })
  })
})

eachDatabase('a booking racing a deactivation', (dialect) => {
  const ctx = useTestContext(dialect)

  it.runIf(dialect === 'postgres')(
    'waits for a deactivation in progress and is refused once it commits, booking nothing',
    async () => {
      const { sme, expert, subjectId, slotId } = await addBookableSlot(ctx, 30)
      const { db } = ctx.store
      let commit!: () => void
      const released = new Promise<void>((resolve) => {
        commit = resolve
      })
      let locked!: () => void
      const holding = new Promise<void>((resolve) => {
        locked = resolve
      })
      // The deactivation's transaction: the contributor row is written and held until told to commit.
      const deactivation = db.transaction().execute(async (trx) => {
        await trx
          .updateTable('contributors')
          .set({ is_active: 0 })
          .where('id', '=', expert.contributorId!)
          .execute()
        locked()
        await released
      })
      await holding
      const booking = bookSlot(db, {
        slotId,
        smeId: sme.personId,
        bookerContributorId: null,
        communicationWay: 0,
        subjectId,
        description: null,
        meetingProvider: 'webrtc',
      })
      const outcome = booking.then(
        () => 'booked',
        (error: { code?: string }) => error.code,
      )
      // The booking waits on the contributor's row lock (no fixed wait: PostgreSQL says when it waits).
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(db)
          return rows[0]!.n
        })
        .toBeGreaterThan(0)
      commit()
      await deactivation
      expect(await outcome).toBe('not_found')
      expect(await db.selectFrom('sessions').select('id').where('slot_id', '=', slotId).execute()).toEqual([])
    },
  )
})

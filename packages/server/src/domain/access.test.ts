import { expect, it } from 'vitest'
import { eachDatabase, usePeople, useTestContext } from '../test-support/context.ts'
import { addSession, fromNow, hoursFromNow } from '../test-support/fixtures.ts'
import { canReadSessionRecords, hasSessionWith, type SmeAccess, smeAccess } from './access.ts'

type Row = Parameters<typeof addSession>[1]
type Between = Omit<Row, 'contributorId' | 'smeId'>

const waiting: Between = { start: fromNow(2), state: 'pending', request_state: 'waiting' }
const lapsed: Between = { start: hoursFromNow(-1), state: 'pending', request_state: 'waiting' }
const rejected: Between = { start: fromNow(2), state: 'pending', request_state: 'rejected' }
const expired: Between = { start: fromNow(-1), state: 'pending', request_state: 'expired' }
const cancelled: Between = { start: fromNow(3), state: 'cancelled' }
const booked: Between = { start: fromNow(4), state: 'booked' }
const ongoing: Between = { start: hoursFromNow(-0.25), state: 'ongoing', is_instant: 1 }
const ended: Between = { start: fromNow(-3), state: 'ended', request_state: 'accepted' }
const absent: Between = { start: fromNow(-4), state: 'sme_absent' }

eachDatabase('domain/access', (dialect) => {
  const ctx = useTestContext(dialect)
  const { owner } = usePeople(ctx, { owner: { name: 'هيا العتيبي' } })

  /** A new expert with the given rows between them and the owner, and what they may see of her. */
  async function accessWith(...rows: Between[]): Promise<SmeAccess> {
    const expert = await ctx.person({ contributor: { kind: 'advisor' } })
    for (const row of rows)
      await addSession(ctx.store.db, { ...row, contributorId: expert.contributorId!, smeId: owner.personId })
    const access = await smeAccess(ctx.store.db, expert, owner.personId)
    // The two helpers tell the same rule.
    expect(await hasSessionWith(ctx.store.db, expert.contributorId!, owner.personId)).toBe(access === 'full')
    return access
  }

  it('gives everything to a booked, ongoing, ended or SME-absent session', async () => {
    for (const row of [booked, ongoing, ended, absent]) expect(await accessWith(row)).toBe('full')
  })

  it('gives a waiting request her profile without contact details, and nothing once it lapses', async () => {
    expect(await accessWith(waiting)).toBe('request')
    for (const row of [lapsed, rejected, expired]) expect(await accessWith(row)).toBe('none')
  })

  it('gives a cancelled session nothing, unless another session or a waiting request stands beside it', async () => {
    expect(await accessWith(cancelled)).toBe('none')
    expect(await accessWith(cancelled, ended)).toBe('full')
    expect(await accessWith(cancelled, rejected, waiting)).toBe('request')
    expect(await accessWith(rejected, expired, booked)).toBe('full')
  })

  it('gives her everything of herself, and a person with no expert identity nothing of anyone', async () => {
    expect(await smeAccess(ctx.store.db, owner, owner.personId)).toBe('full')
    const other = await ctx.person()
    expect(await smeAccess(ctx.store.db, other, owner.personId)).toBe('none')
    expect(await accessWith()).toBe('none')
  })

  it("lets a session's records be read by its two people and by experts with full access only", async () => {
    const db = ctx.store.db
    const first = await ctx.person({ contributor: { kind: 'consultant' } })
    const session = await addSession(db, {
      ...ended,
      contributorId: first.contributorId!,
      smeId: owner.personId,
    })
    const reader = async (...rows: Between[]) => {
      const expert = await ctx.person({ contributor: { kind: 'advisor' } })
      for (const row of rows)
        await addSession(db, { ...row, contributorId: expert.contributorId!, smeId: owner.personId })
      return canReadSessionRecords(db, expert, session.id)
    }
    expect(await canReadSessionRecords(db, owner, session.id)).toBe(true)
    expect(await canReadSessionRecords(db, first, session.id)).toBe(true)
    expect(await reader(booked)).toBe(true)
    for (const rows of [[waiting], [rejected], [expired], [cancelled], []])
      expect(await reader(...rows)).toBe(false)
    expect(await canReadSessionRecords(db, owner, 999_999)).toBe(false)
  })
})

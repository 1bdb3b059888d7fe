import { expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import { hoursFromNow } from '../test-support/fixtures.ts'
import { COMMAND_LINE } from './audit.ts'
import {
  acceptInvitationAtSignIn,
  INVITATION_TTL_MS,
  invitationState,
  invitationTokenHash,
  inviteExpert,
  revokeInvitation,
} from './expert-onboarding.ts'

eachDatabase('onboarding an expert by invitation', (dialect) => {
  const ctx = useTestContext(dialect)
  const deps = () => ({
    db: ctx.store.db,
    bus: ctx.app.bus,
    push: ctx.app.push,
    catalogueCache: ctx.app.catalogueCache,
    publicUrl: ctx.config.publicUrl,
  })
  const fields = { kind: 'partner' as const, title_ar: 'شريك', title_en: 'Partner' }

  it('keeps only a hash of the token, expires after seven days, and tells the states apart', async () => {
    const now = new Date('2026-11-20T10:00:00Z')
    const row = await inviteExpert(deps(), COMMAND_LINE, { email: ' Mixed@Example.SA ', fields }, now)
    expect(row.email).toBe('mixed@example.sa')
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(invitationTokenHash('a')).not.toBe(invitationTokenHash('b'))
    expect(Date.parse(row.expires_at) - now.getTime()).toBe(INVITATION_TTL_MS)
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 3600_000)
    expect(invitationState(row, now)).toBe('pending')
    expect(invitationState(row, new Date(now.getTime() + INVITATION_TTL_MS))).toBe('expired')
    expect(invitationState({ ...row, revoked_at: now.toISOString() }, now)).toBe('revoked')
    expect(invitationState({ ...row, accepted_at: now.toISOString() }, now)).toBe('accepted')
    // Defaults for what the admin left out.
    expect(row).toMatchObject({ center_id: null, subject_ids: '[]', chat_status: 1, join_now_enabled: 0 })
  })

  it('accepts only a verified address of an open invitation, once', async () => {
    await inviteExpert(deps(), COMMAND_LINE, { email: 'once@example.sa', fields })
    const person = await ctx.person({ email: 'once@example.sa' })
    const other = await ctx.person({ email: 'once@example.sa' })
    const who = { personId: person.personId, email: 'ONCE@example.sa' }
    expect(await acceptInvitationAtSignIn(deps(), { ...who, emailVerified: false })).toBeNull()
    expect(await acceptInvitationAtSignIn(deps(), { ...who, email: null, emailVerified: true })).toBeNull()
    // Past its expiry it makes no one an expert.
    expect(
      await acceptInvitationAtSignIn(deps(), { ...who, emailVerified: true }, hoursFromNow(24 * 8)),
    ).toBeNull()
    const id = await acceptInvitationAtSignIn(deps(), { ...who, emailVerified: true })
    expect(id).toBeGreaterThan(0)
    // Spent: another person with the same address gets nothing.
    expect(
      await acceptInvitationAtSignIn(deps(), {
        personId: other.personId,
        email: 'once@example.sa',
        emailVerified: true,
      }),
    ).toBeNull()
    const expert = await ctx.store.db
      .selectFrom('contributors')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow()
    expect(expert).toMatchObject({
      person_id: person.personId,
      kind: 'partner',
      title_en: 'Partner',
      is_active: 1,
    })
  })

  it('revokes an open invitation once', async () => {
    const row = await inviteExpert(deps(), COMMAND_LINE, { email: 'gone@example.sa', fields })
    const revoked = await revokeInvitation(deps(), COMMAND_LINE, row.id)
    expect(revoked.revoked_at).not.toBeNull()
    await expect(revokeInvitation(deps(), COMMAND_LINE, row.id)).rejects.toMatchObject({
      code: 'invitation_closed',
    })
    const person = await ctx.person({ email: 'gone@example.sa' })
    expect(
      await acceptInvitationAtSignIn(deps(), {
        personId: person.personId,
        email: 'gone@example.sa',
        emailVerified: true,
      }),
    ).toBeNull()
  })
})

/**
 * Onboarding an expert by e-mail (issue 33). The admin invites an address with the expert it is to become; the
 * invitation mail (queued with it) carries a one-time link, of which only a SHA-256 hash is kept. The person who
 * signs in through the provider with that address, verified by the provider (`email_verified`), before the
 * invitation expires ({@link INVITATION_TTL_MS}) and unless it was revoked, becomes that expert at that sign-in
 * (`acceptInvitationAtSignIn`, called by the sign-in route). An unverified address accepts nothing: anyone may
 * type any address at a provider that does not check it. Inviting an address again replaces its open
 * invitation (a new link; the old one is revoked): that is how a lost or expired invitation is sent again.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { ContributorKind } from '@mashura/core'
import { queueInvitationMail } from '../adapters/mail/expert-invitation.ts'
import {
  acceptInvitationIf,
  existingSubjectIds,
  insertInvitation,
  invitationById,
  openInvitationsOf,
  peopleByEmail,
  revokeInvitationIf,
  setInvitationContributor,
} from '../db/queries/admin-experts.ts'
import { contributorIdOfPerson, personName } from '../db/queries/people.ts'
import type { Row } from '../db/tables.ts'
import {
  afterExpertChange,
  checkExpertFields,
  createExpert,
  type ExpertChangeDeps,
  expertSnapshot,
  NEW_EXPERT_DEFAULTS,
  type NewExpertFields,
} from './admin-experts.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { conflict, DomainError, notFound } from './errors.ts'

/**
 * How long an invitation's link works: 7 days, like the rating link. A constant rather than a setting: an admin
 * who needs longer invites again, which sends a fresh link.
 */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000

/** An invitation's state at a moment: accepted and revoked are for good; an open one expires. */
export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired'

/** An invitation's state at `now`. */
export function invitationState(row: Row<'expert_invitations'>, now: Date = new Date()): InvitationState {
  if (row.accepted_at) return 'accepted'
  if (row.revoked_at) return 'revoked'
  return Date.parse(row.expires_at) <= now.getTime() ? 'expired' : 'pending'
}

/** The SHA-256 (hex) of a link's token: what is stored and looked up, never the token. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The fields an invitation will give its expert, as stored. */
function invitedFields(row: Row<'expert_invitations'>): NewExpertFields {
  return {
    kind: row.kind,
    gender: row.gender,
    center_id: row.center_id,
    subject_ids: JSON.parse(row.subject_ids) as number[],
    title_ar: row.title_ar,
    title_en: row.title_en,
    bio_ar: row.bio_ar,
    bio_en: row.bio_en,
    join_now_enabled: row.join_now_enabled === 1,
    chat_status: row.chat_status === 1,
    can_create_slots: row.can_create_slots === 1,
    can_delete_slots: row.can_delete_slots === 1,
    zoom_user: row.zoom_user,
  }
}

/** An invitation as the audit trail records it (never its token hash). */
function invitationRecord(row: Row<'expert_invitations'>) {
  const { token_hash: _hash, ...rest } = row
  return { ...rest, subject_ids: JSON.parse(row.subject_ids) as number[] }
}

/** What an invitation says: the address, the greeting's name, the expert to become. */
export interface InvitationInput {
  email: string
  fullName?: string | undefined
  fields: NewExpertFields
}

/**
 * Invites an address to become an expert: records the invitation, revokes the address's open one (if any),
 * queues the mail with a new one-time link, and records `expert.invite` (and the replaced ids), all in one
 * transaction. 409 `already_expert` when someone with that address is an expert already; 422 for an unknown
 * center or subject. Answers the invitation's row.
 */
export async function inviteExpert(
  deps: ExpertChangeDeps,
  actor: AuditActor,
  input: InvitationInput,
  now: Date = new Date(),
): Promise<Row<'expert_invitations'>> {
  const email = input.email.trim().toLowerCase()
  const fields = { ...NEW_EXPERT_DEFAULTS, ...input.fields }
  if ((await peopleByEmail(deps.db, email)).some((p) => p.contributor_id !== null))
    throw conflict('already_expert', 'errors.alreadyExpert')
  const stamp = now.toISOString()
  const token = randomBytes(32).toString('base64url')
  return deps.db.transaction().execute(async (trx) => {
    await checkExpertFields(trx, fields)
    const replaced: number[] = []
    for (const open of await openInvitationsOf(trx, email, stamp)) {
      if (await revokeInvitationIf(trx, open.id, stamp)) replaced.push(open.id)
    }
    const row = await insertInvitation(trx, {
      email,
      full_name: input.fullName?.trim() || null,
      token_hash: invitationTokenHash(token),
      kind: fields.kind,
      gender: fields.gender,
      center_id: fields.center_id,
      subject_ids: JSON.stringify([...new Set(fields.subject_ids)]),
      title_ar: fields.title_ar.trim(),
      title_en: fields.title_en.trim(),
      bio_ar: fields.bio_ar.trim(),
      bio_en: fields.bio_en.trim(),
      can_create_slots: fields.can_create_slots ? 1 : 0,
      can_delete_slots: fields.can_delete_slots ? 1 : 0,
      chat_status: fields.chat_status ? 1 : 0,
      join_now_enabled: fields.join_now_enabled ? 1 : 0,
      zoom_user: fields.zoom_user?.trim() || null,
      invited_by: actor.personId,
      created_at: stamp,
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      accepted_at: null,
      accepted_person_id: null,
      contributor_id: null,
      revoked_at: null,
    })
    await queueInvitationMail(trx, {
      invitationId: row.id,
      token,
      publicUrl: deps.publicUrl,
      now,
      facts: {
        name: row.full_name,
        email,
        kind: row.kind as ContributorKind,
        gender: row.gender,
        titles: { ar: row.title_ar, en: row.title_en },
        expiresAt: new Date(row.expires_at),
      },
    })
    await recordAudit(trx, {
      actor,
      action: 'expert.invite',
      targetType: 'expert_invitation',
      targetId: row.id,
      after: { ...invitationRecord(row), replaced_invitation_ids: replaced },
      now,
    })
    return row
  })
}

/**
 * Revokes an invitation that is not accepted: its link no longer makes an expert. 404 unknown, 409
 * `invitation_closed` when it was accepted or revoked already. Audit `expert.invitation_revoke`.
 */
export async function revokeInvitation(
  deps: Pick<ExpertChangeDeps, 'db'>,
  actor: AuditActor,
  id: number,
  now: Date = new Date(),
): Promise<Row<'expert_invitations'>> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await invitationById(trx, id)
    if (!before) throw notFound('errors.invitationNotFound')
    const row = await revokeInvitationIf(trx, id, now.toISOString())
    if (!row) throw conflict('invitation_closed', 'errors.invitationClosed')
    await recordAudit(trx, {
      actor,
      action: 'expert.invitation_revoke',
      targetType: 'expert_invitation',
      targetId: id,
      before: { state: invitationState(before, now), revoked_at: null },
      after: { state: 'revoked', revoked_at: row.revoked_at },
      now,
    })
    return row
  })
}

/** Who is signing in, as the provider vouches for them. */
export interface SigningIn {
  personId: number
  email: string | null
  /** Whether the provider verified the address (`email_verified: true`). */
  emailVerified: boolean
}

/**
 * At a sign-in: makes the person the expert of the open invitation of their address, when the provider
 * verified that address and they are no expert yet. Of two sign-ins at once, one accepts. Records
 * `expert.accept_invitation` (the person as actor). Answers the new contributor id, or null when nothing was
 * accepted.
 */
export async function acceptInvitationAtSignIn(
  deps: ExpertChangeDeps,
  who: SigningIn,
  now: Date = new Date(),
): Promise<number | null> {
  if (!who.emailVerified || !who.email) return null
  const stamp = now.toISOString()
  const [open] = await openInvitationsOf(deps.db, who.email.trim().toLowerCase(), stamp)
  if (!open) return null
  if (await contributorIdOfPerson(deps.db, who.personId)) return null
  let contributorId: number | null
  try {
    contributorId = await deps.db.transaction().execute(async (trx) => {
      const accepted = await acceptInvitationIf(trx, open.id, who.personId, stamp)
      if (!accepted) return null
      const fields = invitedFields(accepted)
      // A subject deleted since the invitation is left out rather than failing the sign-in.
      const wanted = fields.subject_ids ?? []
      const existing = wanted.length
        ? new Set((await existingSubjectIds(trx, wanted)).map((s) => s.id))
        : new Set()
      fields.subject_ids = wanted.filter((s) => existing.has(s))
      const id = await createExpert(trx, who.personId, fields, now)
      await setInvitationContributor(trx, accepted.id, id)
      const { full_name } = await personName(trx, who.personId)
      await recordAudit(trx, {
        actor: { personId: who.personId, label: full_name },
        action: 'expert.accept_invitation',
        targetType: 'expert',
        targetId: id,
        after: { invitation_id: accepted.id, person_id: who.personId, ...(await expertSnapshot(trx, id)) },
        now,
      })
      return id
    })
  } catch (error) {
    // The person became an expert meanwhile (another sign-in, a promotion): the invitation stays open.
    if (error instanceof DomainError && error.code === 'already_expert') return null
    throw error
  }
  if (contributorId !== null) await afterExpertChange(deps, contributorId)
  return contributorId
}

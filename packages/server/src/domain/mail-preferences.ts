/**
 * Each person's mail preferences (issue 34): which kinds of mail apply to them, which they turned off, and
 * the change of one kind. The outbox asks whether a mail's recipient turned its kind off
 * (`adapters/mail/preferences.ts`); here are the person's own reads and changes.
 */
import { MAIL_PREFERENCE_KINDS, type MailPreference, type MailPreferenceKind } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import { deleteMailOptOut, insertMailOptOut, mailOptOutsOf } from '../db/queries/mail-preferences.ts'
import type { Database } from '../db/tables.ts'
import { invalid } from './errors.ts'

/**
 * The kinds that apply to a business owner: a reminder before a session, the invitation to rate it, a
 * session's cancellation or move. A person with an expert identity has every kind: they get an expert's news
 * of a booking or request and the recommendations reminder, and may book as a business owner too (the
 * profile menu's switch).
 */
const OWNER_KINDS: readonly MailPreferenceKind[] = ['session_reminders', 'rating_requests', 'session_changes']

/** Who asks: a signed-in person, with their expert identity if they have one. */
export interface PreferenceHolder {
  personId: number
  contributorId: number | null
}

function kindsOf(holder: PreferenceHolder): MailPreferenceKind[] {
  return MAIL_PREFERENCE_KINDS.filter((kind) => holder.contributorId !== null || OWNER_KINDS.includes(kind))
}

/** The kinds of mail that apply to the person, each on or off, in the settings page's order. */
export async function mailPreferences(
  db: Kysely<Database>,
  holder: PreferenceHolder,
): Promise<MailPreference[]> {
  const off = new Set((await mailOptOutsOf(db, holder.personId)).map((row) => row.kind))
  return kindsOf(holder).map((kind) => ({ kind, enabled: !off.has(kind) }))
}

/**
 * Turns one kind of mail on or off for the person; 400 for a kind that does not apply to them (an
 * expert's kind, for a business owner). Answers
 * the person's preferences after the change.
 */
export async function updateMailPreference(
  db: Kysely<Database>,
  holder: PreferenceHolder,
  change: { kind: MailPreferenceKind; enabled: boolean },
  now = new Date(),
): Promise<MailPreference[]> {
  if (!kindsOf(holder).includes(change.kind))
    throw invalid('mail_kind_not_applicable', 'errors.validationFailed', { kind: 'errors.invalidValue' })
  if (change.enabled) await deleteMailOptOut(db, holder.personId, change.kind)
  else await insertMailOptOut(db, holder.personId, change.kind, now.toISOString())
  return mailPreferences(db, holder)
}

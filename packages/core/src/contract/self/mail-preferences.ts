/**
 * The self-service mail-preferences calls' schemas (issue 34), by name; their methods and paths are in
 * `./mail-preferences-endpoints.ts`. Each person may turn each kind of mail that applies to them off and on
 * again; the booking confirmation and the deletion and security mails have no kind and always go.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import { Envelope, OneOf } from '../common.ts'

/**
 * The kinds of mail a person can turn off, in the order the settings page lists them: a business owner's
 * reminder before a session and invitation to rate it; an expert's news of a booking or request and
 * reminder of unwritten recommendations; and, for both, a session's cancellation or move.
 */
export const MAIL_PREFERENCE_KINDS = [
  'session_reminders',
  'rating_requests',
  'expert_news',
  'recommendations_reminders',
  'session_changes',
] as const

/** A kind of mail a person can turn off. */
export type MailPreferenceKind = (typeof MAIL_PREFERENCE_KINDS)[number]

const KindSchema = OneOf(MAIL_PREFERENCE_KINDS, { description: 'A kind of mail.' })

/** One kind of mail and whether it is on. */
export const MailPreferenceSchema = Type.Object({
  kind: KindSchema,
  enabled: Type.Boolean({ description: 'Whether mails of this kind are sent.' }),
})

/** The kinds of mail that apply to the caller's role, in {@link MAIL_PREFERENCE_KINDS}' order. */
export const MailPreferencesSchema = Type.Object({ preferences: Type.Array(MailPreferenceSchema) })

/** The body of `PUT /profile/mail-preferences`: one kind, on or off. */
export const MailPreferenceBodySchema = Type.Object(
  { kind: KindSchema, enabled: Type.Boolean() },
  { additionalProperties: false },
)

export const mailPreferenceSchemas = {
  getMailPreferences: {
    response: Envelope(MailPreferencesSchema),
  },
  updateMailPreferences: {
    body: MailPreferenceBodySchema,
    response: Envelope(MailPreferencesSchema),
  },
} as const satisfies Record<string, CallSchemas>

/** One kind of mail and whether it is on. */
export type MailPreference = Static<typeof MailPreferenceSchema>
/** The body of a change of one kind. */
export type MailPreferenceInput = Static<typeof MailPreferenceBodySchema>

/**
 * The self-service consent calls' schemas (issue 34), by name; their methods and paths are in
 * `./consent-endpoints.ts`. Consent is kept on the server, per person, per role (business owners and experts
 * have their own terms) and per terms version, with its time: a person is asked again only when the back office
 * publishes a new version, or for a role they have not accepted yet, never because they signed out.
 *
 * The sign-in answer does not carry the consents: a page reads them at every start anyway (a version may be
 * published while a person stays signed in, and the login result a browser keeps would be stale by then), so
 * one read, `getMyConsents`, serves a fresh sign-in and a reload alike.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import { DateTimeSchema, Envelope, Nullable, OneOf } from '../common.ts'
import { USER_ROLES } from '../enums.ts'

const Role = OneOf(USER_ROLES, {
  description: "Whose terms: `sme` the business owners', `contributor` the experts' own.",
})

/** A terms version: 0 is the text as installed, before the back office published any new version. */
const version = (description?: string) =>
  Type.Integer({ minimum: 0, maximum: 2_147_483_647, ...(description ? { description } : {}) })

/** One stored acceptance: who accepted which role's terms, at which version, when. */
export const ConsentSchema = Type.Object({
  role: Role,
  version: version(),
  accepted_at: DateTimeSchema,
})

/** Where one role's terms stand for the signed-in person. */
export const RoleConsentSchema = Type.Object({
  published_version: version(
    "The version in force (the back office's `adminPublishTerms` raises it); 0 before the first.",
  ),
  accepted_version: Nullable(
    version('The newest version this person accepted for the role; null when never.'),
  ),
  accepted_at: Nullable(
    Type.String({ format: 'date-time', description: 'When they accepted `accepted_version`.' }),
  ),
  needs_acceptance: Type.Boolean({
    description: 'Whether to ask: never accepted, or a version above the accepted one is published.',
  }),
})

/** The signed-in person's consents, per role they hold. */
export const MyConsentsSchema = Type.Object({
  sme: RoleConsentSchema,
  // The experts' terms; null for a person without an expert identity.
  contributor: Nullable(RoleConsentSchema),
})

/** The body of `acceptTerms`: the role and the version of its terms the person read and accepts. */
export const AcceptTermsBodySchema = Type.Object(
  {
    role: Role,
    version: version(
      'The published version the person was shown; another is refused (409 `terms_outdated`).',
    ),
  },
  { additionalProperties: false },
)

export const consentSchemas = {
  getMyConsents: { response: Envelope(MyConsentsSchema) },
  acceptTerms: { body: AcceptTermsBodySchema, response: Envelope(ConsentSchema) },
} as const satisfies Record<string, CallSchemas>

/** One stored acceptance of a role's terms. */
export type Consent = Static<typeof ConsentSchema>
/** Where one role's terms stand for the signed-in person. */
export type RoleConsent = Static<typeof RoleConsentSchema>
/** The signed-in person's consents, per role. */
export type MyConsents = Static<typeof MyConsentsSchema>
/** The body of `acceptTerms`. */
export type AcceptTermsBody = Static<typeof AcceptTermsBodySchema>

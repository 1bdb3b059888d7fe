/**
 * The wire shapes of signing in and out (spec section 7, "Authentication"): the login with the provider's
 * code, the popup hand-off for widgets, the mobile app's link and the chat backend's token.
 */
import { type Static, Type } from 'typebox'
import { FileRefSchema, Nullable } from './common.ts'

/** A one-time handle: 32 random bytes, base64url without padding (43 characters). */
export const HANDLE_PATTERN = '^[A-Za-z0-9_-]{43}$'

/** A PKCE-style S256 challenge: base64url(SHA-256(verifier)), 43 characters. */
const Challenge = Type.String({
  pattern: HANDLE_PATTERN,
  description:
    "The S256 challenge of the widget's verifier: base64url(SHA-256(verifier)). The verifier stays in the page that opened the popup.",
})
const PageOrigin = Type.String({
  minLength: 1,
  maxLength: 512,
  description: "The partner page's origin (`location.origin`); one the API key allows.",
})
const CodeVerifier = Type.String({
  minLength: 43,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._~-]+$',
  description: 'The PKCE verifier whose S256 challenge started the sign-in (RFC 7636).',
})
const ProviderCode = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: "The provider's authorization code.",
})
const RedirectUri = Type.String({
  minLength: 1,
  maxLength: 2048,
  format: 'uri',
  description: 'The redirect URI the sign-in started with.',
})

/** The body of `POST /authentication/auth/login`: the provider's code and the PKCE verifier. */
export const LoginBodySchema = Type.Object(
  { code: ProviderCode, code_verifier: CodeVerifier, redirect_uri: RedirectUri },
  { additionalProperties: false },
)

/**
 * The body of `POST /authentication/handoff/login`: the platform's sign-in popup completing a sign-in for the
 * widget that opened it (the widget's challenge and page origin beside the provider's code).
 */
export const HandoffLoginBodySchema = Type.Object(
  {
    code: ProviderCode,
    code_verifier: CodeVerifier,
    redirect_uri: RedirectUri,
    challenge: Challenge,
    origin: PageOrigin,
  },
  { additionalProperties: false },
)

/** What the popup's sign-in answers: the one-time code the opening page redeems, never the token. */
export const HandoffCodeSchema = Type.Object({
  code: Type.String({
    pattern: HANDLE_PATTERN,
    description:
      "The one-time code (43 characters) to hand to the page that opened the popup, and only to it: by `postMessage` to its origin, or through the API key's return page.",
  }),
  expires_in: Type.Integer({ description: 'Seconds the code can be redeemed in.' }),
})

/** The body of `POST /authentication/handoff/redeem`: the popup's code and the opening page's verifier. */
export const HandoffRedeemBodySchema = Type.Object(
  {
    code: Type.String({ pattern: HANDLE_PATTERN, description: 'The one-time code the popup handed over.' }),
    verifier: Type.String({
      pattern: HANDLE_PATTERN,
      description:
        'The verifier whose S256 challenge the popup was opened with (32 random bytes, base64url).',
    }),
  },
  { additionalProperties: false },
)

/** The signed-in person as the login result describes them. */
export const LoginUserSchema = Type.Object({
  full_name: Type.String(),
  email: Type.Optional(Type.String()),
  sme: Nullable(Type.Object({ file: Nullable(FileRefSchema) })),
  contributor: Nullable(Type.Object({ file: Nullable(FileRefSchema) })),
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
})

/** The result of a login: the API token, the roles and the person. */
export const LoginResultSchema = Type.Object({
  access_token: Type.String(),
  roles: Type.Array(Type.String(), {
    description: '`sme` always; `contributor` for experts; `admin` for the agency.',
  }),
  contributor_id: Nullable(Type.Integer()),
  user: LoginUserSchema,
})

/** The body of `POST /authentication/logout`. */
export const LogoutBodySchema = Type.Object(
  { fcm_token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  { additionalProperties: false },
)

/** The chat backend's sign-in: `payload` is the custom token for the realtime store. */
export const ChatAuthResultSchema = Type.Object({
  payload: Type.String({
    description:
      "The chat backend's custom token, valid for 10 minutes (Firebase's: an hour): with Firebase configured, " +
      "a Firebase custom token (uid the person's id; claims contributor_id and sid) to sign in to Firebase " +
      'with, which the realtime socket (/api/realtime) also takes; otherwise the built-in realtime token.',
  }),
})

/** The body of `POST /authentication/app-link`. */
export const AppLinkBodySchema = Type.Object(
  {
    to: Type.Optional(
      Type.String({
        maxLength: 512,
        // A path on the site: one leading slash, never `//` or `/\` (both leave the site), no spaces.
        pattern: '^/(?![/\\\\])[^\\s\\\\]*$',
        description:
          'Where the web view goes once signed in: a path on the site (`/sessions`); the home page when absent.',
      }),
    ),
  },
  { additionalProperties: false },
)

/** The answer of `POST /authentication/app-link`: the mobile app's one-time link. */
export const AppLinkSchema = Type.Object({
  url: Type.String({
    description: "The address to open in the app's web view: the site's `/redirection/{handle}`.",
  }),
  expires_in: Type.Integer({
    description: 'Seconds the link stays valid: it is redeemed once, within a minute.',
  }),
})

/**
 * The body of `POST /authentication/app-link/redeem`: the handle of the mobile app's link, and whether the
 * person agreed to leave the account this browser is signed in to for the link's (after a 409).
 */
export const AppLinkRedeemBodySchema = Type.Object(
  {
    handle: Type.String({ pattern: HANDLE_PATTERN, description: "The link's one-time handle." }),
    confirm: Type.Optional(
      Type.Boolean({
        description:
          "Set only once the person chose to continue as the link's person after a `409 app_link_other_person`: the browser's session (the request's token) is then replaced.",
      }),
    ),
  },
  { additionalProperties: false },
)

/**
 * The 409 of `POST /authentication/app-link/redeem`: the browser is signed in as someone other than the link's
 * person, and no `confirm` was given. Nothing was redeemed; the link still works for its minute.
 */
export const AppLinkOtherPersonSchema = Type.Object({
  error: Type.Object({
    code: Type.Literal('app_link_other_person'),
    message: Type.String({ description: "The question to ask, in the request's language." }),
    signed_in_as: Type.String({ description: "The display name of the person the request's token is of." }),
    link_for: Type.String({ description: 'The display name of the person the link would sign in.' }),
  }),
})

/** What the mobile app's link opens: a new session's login result and where to go with it. */
export const AppLinkRedeemResultSchema = Type.Object({
  result: LoginResultSchema,
  to: Type.String({ description: 'The path the app asked the web view to go to, or `/`.' }),
})

/** The body of `POST /authentication/auth/login`. */
export type LoginInput = Static<typeof LoginBodySchema>
/** The body of `POST /authentication/handoff/login`: the popup's sign-in for the widget that opened it. */
export type HandoffLoginInput = Static<typeof HandoffLoginBodySchema>
/** The one-time code the popup hands to the page that opened it. */
export type HandoffCode = Static<typeof HandoffCodeSchema>
/** The body of `POST /authentication/handoff/redeem`. */
export type HandoffRedeemInput = Static<typeof HandoffRedeemBodySchema>
/** The signed-in person: `sme` and `contributor` carry the identities' profile pictures, or are null. */
export type LoginUser = Static<typeof LoginUserSchema>
/** The result of a login; the role is `contributor` when `roles` includes `contributor`. */
export type LoginResult = Static<typeof LoginResultSchema>
/** The body of `POST /authentication/logout`: the push token to forget, when the device registered one. */
export type LogoutInput = Static<typeof LogoutBodySchema>
/** The body of `POST /authentication/app-link`. */
export type AppLinkInput = Static<typeof AppLinkBodySchema>
/** The mobile app's one-time link. */
export type AppLink = Static<typeof AppLinkSchema>
/** The body of `POST /authentication/app-link/redeem`. */
export type AppLinkRedeemInput = Static<typeof AppLinkRedeemBodySchema>
/** What the mobile app's link opens. */
export type AppLinkRedeemResult = Static<typeof AppLinkRedeemResultSchema>
/** The answer of a redeem that would replace another person's session: who is signed in, and whom the link is for. */
export type AppLinkOtherPerson = Static<typeof AppLinkOtherPersonSchema>

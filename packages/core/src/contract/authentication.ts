/**
 * The wire shapes of signing in and out (spec section 7, "Authentication"): the login with the provider's
 * code, the popup hand-off for widgets, the mobile app's link and the chat backend's token.
 */
import { type Static, Type } from 'typebox'
import { FileRefSchema, Nullable } from './common.ts'
import { MAX_REDEEM_WAIT_S } from './limits.ts'

/** A one-time handle: 32 random bytes, base64url without padding (43 characters). */
export const HANDLE_PATTERN = '^[A-Za-z0-9_-]{43}$'

const Handle = Type.String({
  pattern: HANDLE_PATTERN,
  description: "The widget's one-time handle: 32 random bytes, base64url (43 characters).",
})
const PageOrigin = Type.String({
  minLength: 1,
  maxLength: 512,
  description: "The partner page's origin (`location.origin`); one the API key allows.",
})

/** A widget's one-time handle and the page origin its sign-in result is for. */
export const SignInHandoffSchema = Type.Object(
  { handle: Handle, origin: PageOrigin },
  {
    additionalProperties: false,
    description:
      "Set by the platform's sign-in popup: keep the login result for a minute under the widget's handle, for the page at `origin` to redeem once (`POST /authentication/handoff/redeem`).",
  },
)

/** The body of `POST /authentication/auth/login`: the provider's code and the PKCE verifier. */
export const LoginBodySchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048, description: "The provider's authorization code." }),
    code_verifier: Type.String({
      minLength: 43,
      maxLength: 128,
      pattern: '^[A-Za-z0-9._~-]+$',
      description: 'The PKCE verifier whose S256 challenge started the sign-in (RFC 7636).',
    }),
    redirect_uri: Type.String({
      minLength: 1,
      maxLength: 2048,
      format: 'uri',
      description: 'The redirect URI the sign-in started with.',
    }),
    handoff: Type.Optional(SignInHandoffSchema),
  },
  { additionalProperties: false },
)

/** The body of `POST /authentication/handoff`: a popup sign-in that ended without a result. */
export const HandoffFailureBodySchema = Type.Object(
  {
    handle: Handle,
    origin: PageOrigin,
    outcome: Type.Union([Type.Literal('cancelled'), Type.Literal('failed')], {
      description: '`cancelled`: the visitor turned the sign-in down; `failed`: it went wrong.',
    }),
  },
  { additionalProperties: false },
)

/** The body of `POST /authentication/handoff/redeem`. */
export const HandoffRedeemBodySchema = Type.Object(
  {
    handle: Handle,
    wait: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_REDEEM_WAIT_S,
        default: 0,
        description: 'Seconds to wait for the popup when nothing is there yet (long poll).',
      }),
    ),
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

/** What a redeem finds: nothing yet, the login result, or the end of a sign-in without one. */
export const HandoffRedeemResultSchema = Type.Object({
  status: Type.Union(
    [Type.Literal('pending'), Type.Literal('signed_in'), Type.Literal('cancelled'), Type.Literal('failed')],
    {
      description:
        '`pending`: nothing yet (the popup is still open, or the handle, key or origin is not one that was deposited); the others end the hand-off.',
    },
  ),
  result: Nullable(LoginResultSchema),
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

/** The body of `POST /authentication/app-link/redeem`: the handle of the mobile app's link. */
export const AppLinkRedeemBodySchema = Type.Object(
  { handle: Type.String({ pattern: HANDLE_PATTERN, description: "The link's one-time handle." }) },
  { additionalProperties: false },
)

/** What the mobile app's link opens: a new session's login result and where to go with it. */
export const AppLinkRedeemResultSchema = Type.Object({
  result: LoginResultSchema,
  to: Type.String({ description: 'The path the app asked the web view to go to, or `/`.' }),
})

/** A widget's one-time handle and the page origin its sign-in result is for. */
export type SignInHandoff = Static<typeof SignInHandoffSchema>
/** The body of `POST /authentication/auth/login`; `handoff` is set by the platform's sign-in popup. */
export type LoginInput = Static<typeof LoginBodySchema>
/** The body of `POST /authentication/handoff`. */
export type HandoffFailureInput = Static<typeof HandoffFailureBodySchema>
/** The body of `POST /authentication/handoff/redeem`. */
export type HandoffRedeemInput = Static<typeof HandoffRedeemBodySchema>
/** The signed-in person: `sme` and `contributor` carry the identities' profile pictures, or are null. */
export type LoginUser = Static<typeof LoginUserSchema>
/** The result of a login; the role is `contributor` when `roles` includes `contributor`. */
export type LoginResult = Static<typeof LoginResultSchema>
/** What a redeem finds; `result` is set for `signed_in`. */
export type HandoffRedeemResult = Static<typeof HandoffRedeemResultSchema>
/** The body of `POST /authentication/logout`: the push token to forget, when the device registered one. */
export type LogoutInput = Static<typeof LogoutBodySchema>
/** The chat backend's sign-in. */
export type ChatAuthResult = Static<typeof ChatAuthResultSchema>
/** The body of `POST /authentication/app-link`. */
export type AppLinkInput = Static<typeof AppLinkBodySchema>
/** The mobile app's one-time link. */
export type AppLink = Static<typeof AppLinkSchema>
/** The body of `POST /authentication/app-link/redeem`. */
export type AppLinkRedeemInput = Static<typeof AppLinkRedeemBodySchema>
/** What the mobile app's link opens. */
export type AppLinkRedeemResult = Static<typeof AppLinkRedeemResultSchema>

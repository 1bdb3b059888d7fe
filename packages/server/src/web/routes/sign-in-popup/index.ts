/**
 * `GET /sign-in/popup`: the platform's sign-in page for widgets on partner sites (design section 3).
 *
 * A widget on a partner page opens it in a popup with the partner's origin and API key. The first visit
 * is answered only when that origin is one the key allows (the same rule as CORS on `/api`); the page's
 * script then signs the visitor in with PKCE and sends this same address to the provider as the redirect
 * URI. The provider's return visit (`state`, `code` or `error`, no origin) gets the page without an
 * origin: the script hands the widget a one-time code (never the token) only at the origin the first visit
 * stored in this tab, by `postMessage` to the opener or through the key's return page (issue 30).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { normalizeLanguage } from '@mashura/core'
import { HANDLE_PATTERN } from '@mashura/core/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { createOidcClient } from '../../../adapters/auth/oidc-client.ts'
import { inProcessFetch } from '../../../adapters/oidc/in-process-fetch.ts'
import { originAllowed, signInReturnPage } from '../../plugins/api-key.ts'
import { POPUP_CSP, renderPopupPage, renderRefusedPage } from './page.ts'

/** The page's address on the platform; also the redirect URI its sign-ins use. */
export const SIGN_IN_POPUP_PATH = '/sign-in/popup'

const text = (description: string, maxLength = 2048) => Type.Optional(Type.String({ maxLength, description }))

const PopupQuery = Type.Object({
  origin: text('The opener (partner page) origin, as `location.origin`.', 512),
  api_key: text("The partner's API key.", 256),
  lang: text('`ar` (the default) or `en`.', 32),
  challenge: Type.Optional(
    Type.String({
      pattern: HANDLE_PATTERN,
      description:
        "The S256 challenge of the verifier the opening widget keeps: the sign-in is kept for that verifier's holder alone (issue 30).",
    }),
  ),
  // The provider's answer on the return visit (RFC 6749 section 4.1.2, RFC 9207 `iss`).
  state: text('The sign-in state, on the return visit.'),
  code: text('The authorization code, on the return visit.'),
  iss: text('The issuer, on the return visit.'),
  error: text("The provider's error code, on the return visit."),
  error_description: text("The provider's error text, on the return visit."),
})

/** Registers the page. */
export async function signInPopupRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { config } = app
  const oidc = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    timeoutMs: config.outboundTimeoutMs,
    ...(config.oidc.dev ? { fetch: inProcessFetch(app, config.publicUrl) } : {}),
  })

  /** The provider's authorization endpoint: known for the dev provider, discovered for any other. */
  async function authorizeUrl(): Promise<string | null> {
    if (config.oidc.dev) return `${config.oidc.issuer}/auth`
    try {
      return (await oidc.discover()).authorization_endpoint ?? null
    } catch {
      return null
    }
  }

  function html(reply: FastifyReply, status: number, body: string) {
    return (
      reply
        .code(status)
        .header('content-security-policy', POPUP_CSP)
        .header('x-frame-options', 'DENY')
        .header('cache-control', 'no-store')
        // The page must keep `window.opener` (a cross-origin partner page): COOP same-origin would sever it.
        .header('cross-origin-opener-policy', 'unsafe-none')
        .type('text/html; charset=utf-8')
        .send(body)
    )
  }

  app.get(
    SIGN_IN_POPUP_PATH,
    {
      schema: {
        // The API document's server is `/api`; this page lives outside it.
        hide: true,
        tags: ['sign-in'],
        summary: "The platform's sign-in page for widgets on partner sites, opened in a popup.",
        description:
          "Answers 200 HTML when `origin` is allowed for `api_key` and a `challenge` is given (or on the provider's return visit), 400 HTML otherwise. The page names the site, and hands a one-time code, never the token, to the opener at that origin only, or, without an opener, to the key's registered return page on that origin.",
        querystring: PopupQuery,
        produces: ['text/html'],
        response: {
          200: Type.String({ description: 'The sign-in page.' }),
          400: Type.String({ description: 'The refusal page, in Arabic and English.' }),
          503: Type.String({ description: 'The sign-in provider is unreachable.' }),
        },
      },
    },
    async (request, reply) => {
      const { query } = request
      const lang = normalizeLanguage(query.lang)
      const returning = query.state !== undefined || query.error !== undefined
      let origin: string | null = null
      let apiKey: string | null = null
      let challenge: string | null = null
      let returnPage: string | null = null
      if (!returning) {
        if (!query.origin || !query.api_key || !query.challenge)
          return html(reply, 400, renderRefusedPage(lang, 'incompleteLink'))
        if (!originAllowed(config, query.api_key, query.origin)) {
          return html(reply, 400, renderRefusedPage(lang, 'originNotAllowed'))
        }
        origin = query.origin
        apiKey = query.api_key
        challenge = query.challenge
        returnPage = signInReturnPage(config, query.api_key, query.origin)
      }
      const authorize = await authorizeUrl()
      if (!authorize) {
        request.log.warn('sign-in popup: the provider has no authorization endpoint')
        return html(reply, 503, renderRefusedPage(lang, 'unavailable'))
      }
      return html(
        reply,
        200,
        renderPopupPage({
          origin,
          apiKey,
          challenge,
          returnPage,
          lang,
          apiBase: '/api',
          authorizeUrl: authorize,
          clientId: config.oidc.clientId,
        }),
      )
    },
  )
}

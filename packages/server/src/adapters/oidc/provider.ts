/**
 * The built-in development sign-in provider (design section 3): `oidc-provider`
 * mounted inside the Fastify app at `/oidc`, registered only when no OIDC_ISSUER
 * is configured. One confidential client (the API server itself), PKCE S256
 * required, scopes `openid profile email`, and a server-rendered account chooser
 * listing the dev accounts instead of a password form.
 *
 * Storage: oidc-provider's own in-memory adapter, named explicitly: given none, the
 * library makes the same one and prints a warning that it must be replaced, which
 * is right for a production provider and only noise in development, where it is
 * what we want (issue 31). Interactions, codes and sessions live in this process,
 * so a sign-in must start and finish on one instance; the signing keys and cookie keys are persisted under `DATA_DIR/secrets`
 * so restarts and several instances still agree on tokens and cookies.
 */
import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type * as Oidc from 'oidc-provider'
import type { Configuration, Interaction, Provider } from 'oidc-provider'
import type * as MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js'
import type { Config } from '../../config.ts'
import { DEV_ACCOUNTS } from './dev-accounts.ts'
import { loadOrCreateCookieKeys, loadOrCreateJwks } from './keys.ts'
import { pageLanguage, renderChooser, renderError, renderLoggedOut, renderLogout } from './pages.ts'

/** Where the provider is mounted in the app; the issuer is `${publicUrl}${OIDC_MOUNT}`. */
export const OIDC_MOUNT = '/oidc'

/** The scopes the dev provider knows. */
export const DEV_SCOPES = ['openid', 'profile', 'email'] as const

/**
 * Redirect URIs accepted on any port: the host app and examples running on a developer's machine
 * (`/redirectauth`) and the platform's sign-in popup for widgets on partner pages (`/sign-in/popup`).
 */
const LOOPBACK_REDIRECT = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?\/(redirectauth|sign-in\/popup)$/
/** Post-logout return addresses accepted on any port (the site's home). */
const LOOPBACK_HOME = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?\/$/

/** Sources a form on the provider's pages may submit to, redirects included (CSP `form-action`). */
function formActionSources(config: Config): string {
  return ["'self'", new URL(config.publicUrl).origin, 'http://localhost:*', 'http://127.0.0.1:*'].join(' ')
}

/**
 * Sets the `form-action` directive of the response's CSP. Browsers apply it to the
 * redirects that follow a form submission, and sign-in ends with a redirect to the
 * client's `/redirectauth` on another origin.
 */
function allowFormRedirects(res: ServerResponse, sources: string): void {
  const csp = res.getHeader('content-security-policy')
  if (typeof csp !== 'string') return
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^form-action(\s|$)/i.test(d))
  res.setHeader('content-security-policy', [...directives, `form-action ${sources}`].join(';'))
}

/**
 * Lets the provider's pages keep `window.opener`: the sign-in popup of a widget on a partner page walks
 * through them, and a cross-origin COOP `same-origin` page would cut the popup off from that page for good.
 */
function keepOpener(res: ServerResponse): void {
  res.setHeader('cross-origin-opener-policy', 'unsafe-none')
}

function languageOf(query: unknown, params: unknown): 'ar' | 'en' {
  const q = (query ?? {}) as Record<string, unknown>
  const p = (params ?? {}) as Record<string, unknown>
  return pageLanguage(q.lang, p.ui_locales ?? q.ui_locales)
}

/** Builds the provider (keys are read or made here, so only when first needed). */
function createProvider(
  oidc: typeof Oidc,
  memory: typeof MemoryAdapter,
  config: Config,
  log: FastifyBaseLogger,
): Provider {
  const { Provider, interactionPolicy } = oidc
  const { clientId, clientSecret, issuer } = config.oidc
  const policy = interactionPolicy.base()
  // A dev provider is for switching between people: ask which account on every sign-in,
  // even when the provider still has a session.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'dev_account_choice',
        'the dev provider asks which account to use every time',
        'login_required',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    )

  const configuration: Configuration = {
    adapter: memory.createMemoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Mashura',
        redirect_uris: [`${config.publicUrl}/redirectauth`, `${config.publicUrl}/sign-in/popup`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    responseTypes: ['code'],
    scopes: [...DEV_SCOPES],
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // Put name and e-mail in the ID token too, so the API server needs no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const account = DEV_ACCOUNTS.find((a) => a.subject === sub)
      if (!account) return undefined
      return {
        accountId: account.subject,
        claims: () => ({
          sub: account.subject,
          name: account.name,
          email: account.email,
          email_verified: true,
        }),
      }
    },
    jwks: loadOrCreateJwks(config.dataDir) as Configuration['jwks'],
    cookies: { keys: loadOrCreateCookieKeys(config.dataDir) },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    // Only the API server talks to the token and userinfo endpoints, never a browser.
    clientBasedCORS: () => false,
    discovery: { ui_locales_supported: ['ar', 'en'] },
    clientAuthMethods: ['client_secret_basic'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: { query: unknown; oidc: { params?: unknown }; body: unknown }, form: string) {
          ctx.body = renderLogout(languageOf(ctx.query, ctx.oidc.params), form)
        },
        postLogoutSuccessSource(ctx: { query: unknown; oidc: { params?: unknown }; body: unknown }) {
          ctx.body = renderLoggedOut(languageOf(ctx.query, ctx.oidc.params))
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = renderError(
        languageOf(ctx.query, ctx.oidc?.params),
        out.error ?? 'server_error',
        out.error_description,
      )
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 10 * 60,
      Grant: 60 * 60,
      Session: 60 * 60,
    },
  }

  const provider = new Provider(issuer, configuration)
  // Behind a trusted proxy, X-Forwarded-Proto/Host say how browsers reach the provider.
  provider.proxy = Array.isArray(config.trustProxy) ? config.trustProxy.length > 0 : config.trustProxy > 0
  // Only the registered redirect URIs and their loopback paths on any port; everything else exactly as registered.
  const client = provider.Client.prototype
  const redirectUriAllowed = client.redirectUriAllowed
  const postLogoutRedirectUriAllowed = client.postLogoutRedirectUriAllowed
  client.redirectUriAllowed = function (this: typeof client, uri: string) {
    return redirectUriAllowed.call(this, uri) || (this.clientId === clientId && LOOPBACK_REDIRECT.test(uri))
  }
  client.postLogoutRedirectUriAllowed = function (this: typeof client, uri: string) {
    return (
      postLogoutRedirectUriAllowed.call(this, uri) || (this.clientId === clientId && LOOPBACK_HOME.test(uri))
    )
  }
  // Its routes are relative to the mount point; URLs it builds must carry it.
  provider.use(async (ctx, next) => {
    ctx.mountPath = OIDC_MOUNT
    await next()
  })
  provider.on('server_error', (_ctx: unknown, error: Error) =>
    log.error({ err: error }, 'dev sign-in provider error'),
  )
  return provider
}

/** The dev provider plugin: the provider's own endpoints under `/oidc`, and the account chooser. */
export async function devOidcProvider(app: FastifyInstance): Promise<void> {
  const config = app.config
  let built: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | null = null
  // Built on first use: generating the first key pair costs a moment, and most test apps never sign in. The
  // module too is loaded then: it takes about 0.2 s, a good part of the server's start-up.
  const instance = () => {
    built ??= Promise.all([import('oidc-provider'), import('oidc-provider/lib/adapters/memory_adapter.js')])
      .then(([oidc, memory]) => {
        const provider = createProvider(oidc, memory, config, app.log)
        return { provider, callback: provider.callback() }
      })
      .catch((error) => {
        // Tried again on the next request, as before the module was loaded lazily.
        built = null
        throw error
      })
    return built
  }
  const formAction = formActionSources(config)

  // oidc-provider reads request bodies itself: Fastify must leave the stream alone.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  async function toProvider(request: FastifyRequest, reply: FastifyReply) {
    const { callback } = await instance()
    reply.hijack()
    const raw = request.raw
    const rest = (raw.url ?? '/').slice(OIDC_MOUNT.length)
    raw.url = rest.startsWith('/') ? rest : `/${rest}`
    allowFormRedirects(reply.raw, formAction)
    keepOpener(reply.raw)
    await callback(raw, reply.raw)
  }
  for (const url of [OIDC_MOUNT, `${OIDC_MOUNT}/*`]) {
    app.route({ method: ['GET', 'POST'], url, schema: { hide: true }, handler: toProvider })
  }

  await app.register(async (pages) => {
    // Pages and their redirects alike: Chromium also switches browsing context groups on a redirect's COOP.
    pages.addHook('onRequest', async (_request, reply) => keepOpener(reply.raw))
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    function page(reply: FastifyReply, status: number, html: string) {
      allowFormRedirects(reply.raw, formAction)
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html)
    }

    /** The pending interaction behind the request's cookie, if it is the one in the address. */
    async function pending(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | null> {
      const { uid } = request.params as { uid: string }
      try {
        const details = await (await instance()).provider.interactionDetails(request.raw, reply.raw)
        return details.uid === uid ? details : null
      } catch {
        return null
      }
    }

    const path = `${OIDC_MOUNT}/interaction/:uid`

    pages.get(path, { schema: { hide: true } }, async (request, reply) => {
      const details = await pending(request, reply)
      const lang = languageOf(request.query, details?.params)
      if (!details) return page(reply, 400, renderError(lang, 'interaction_not_found'))
      const action = `${OIDC_MOUNT}/interaction/${encodeURIComponent(details.uid)}`
      return page(reply, 200, renderChooser({ lang, action, accounts: DEV_ACCOUNTS }))
    })

    pages.post(path, { schema: { hide: true } }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>
      // The interaction cookie (SameSite=Lax, signed) must name the interaction in the address:
      // a form posted from another site carries no cookie and is refused here.
      const details = await pending(request, reply)
      const lang = languageOf(form, details?.params)
      if (!details) return page(reply, 400, renderError(lang, 'interaction_not_found'))
      const { provider } = await instance()
      if (form.cancel !== undefined) {
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'End-User aborted interaction' },
          { mergeWithLastSubmission: false },
        )
        return reply.redirect(returnTo, 303)
      }
      const account = DEV_ACCOUNTS.find((a) => a.subject === form.subject)
      if (!account) {
        const action = `${OIDC_MOUNT}/interaction/${encodeURIComponent(details.uid)}`
        return page(
          reply,
          400,
          renderChooser({ lang, action, accounts: DEV_ACCOUNTS, problem: 'unknownAccount' }),
        )
      }
      // First-party client: the requested scopes are granted with the login, no consent screen.
      const grant = new provider.Grant({
        accountId: account.subject,
        clientId: String(details.params.client_id),
      })
      const requested = String(details.params.scope ?? '').split(' ')
      grant.addOIDCScope(DEV_SCOPES.filter((s) => requested.includes(s)).join(' '))
      const grantId = await grant.save()
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.subject }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      )
      return reply.redirect(returnTo, 303)
    })
  })
}

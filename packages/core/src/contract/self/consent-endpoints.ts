/**
 * The method and path of the self-service consent calls (issue 34), by name: the signed-in person's
 * acceptances of the terms, and accepting the published version for a role. TypeBox-free, like
 * `../endpoints.ts`; the schemas are in `./consent.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const consentEndpoints = {
  getMyConsents: 'GET /self/consents',
  acceptTerms: 'POST /self/consents',
} as const satisfies Record<string, `${CallMethod} /${string}`>

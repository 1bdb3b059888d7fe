/**
 * The self-service consent calls' schemas (issue 34), by name; their methods and paths are in `./consent-endpoints.ts`.
 */
import type { CallSchemas } from '../calls.ts'

export const consentSchemas = {} as const satisfies Record<string, CallSchemas>

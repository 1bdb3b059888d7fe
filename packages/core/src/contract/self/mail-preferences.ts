/**
 * The self-service mail-preferences calls' schemas (issue 34), by name; their methods and paths are in `./mail-preferences-endpoints.ts`.
 */
import type { CallSchemas } from '../calls.ts'

export const mailPreferenceSchemas = {} as const satisfies Record<string, CallSchemas>

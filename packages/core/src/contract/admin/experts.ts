/**
 * The schemas of the back office's experts calls (issue 33), by the call's name; their methods and paths are in
 * `./experts-endpoints.ts`.
 */
import type { CallSchemas } from '../calls.ts'

export const adminExpertSchemas = {} as const satisfies Record<string, CallSchemas>

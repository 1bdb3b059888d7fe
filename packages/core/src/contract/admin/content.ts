/**
 * The schemas of the back office's content calls (issue 33), by the call's name; their methods and paths are in
 * `./content-endpoints.ts`.
 */
import type { CallSchemas } from '../calls.ts'

export const adminContentSchemas = {} as const satisfies Record<string, CallSchemas>

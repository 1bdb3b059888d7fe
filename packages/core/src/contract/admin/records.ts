/**
 * The schemas of the back office's records calls (issue 33), by the call's name; their methods and paths are in
 * `./records-endpoints.ts`.
 */
import type { CallSchemas } from '../calls.ts'

export const adminRecordsSchemas = {} as const satisfies Record<string, CallSchemas>

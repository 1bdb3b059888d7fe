/**
 * The self-service my-data calls' schemas (issue 34), by name; their methods and paths are in `./my-data-endpoints.ts`.
 */
import type { CallSchemas } from '../calls.ts'

export const myDataSchemas = {} as const satisfies Record<string, CallSchemas>

/**
 * The method and path of the back office's experts calls (issue 33), by name, below `/api/admin`. TypeBox-free, like
 * `../endpoints.ts`: the back office's client carries this table; the schemas are in `./experts.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const adminExpertEndpoints = {} as const satisfies Record<string, `${CallMethod} /admin/${string}`>

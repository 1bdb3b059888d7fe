/**
 * The method and path of the self-service my-data calls (issue 34), by name. TypeBox-free, like `../endpoints.ts`;
 * the schemas are in `./my-data.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const myDataEndpoints = {} as const satisfies Record<string, `${CallMethod} /${string}`>

/**
 * The method and path of the self-service consent calls (issue 34), by name. TypeBox-free, like `../endpoints.ts`;
 * the schemas are in `./consent.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const consentEndpoints = {} as const satisfies Record<string, `${CallMethod} /${string}`>

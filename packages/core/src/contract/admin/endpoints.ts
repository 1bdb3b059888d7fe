/**
 * The method and path of every back-office call (issue 33), by name: the areas' tables joined. Apart from
 * `../endpoints.ts` so that the widgets and the public site never carry the back office's paths; the back
 * office's own client (loaded for admins only) takes them from here.
 */
import { adminContentEndpoints } from './content-endpoints.ts'
import { adminExpertEndpoints } from './experts-endpoints.ts'
import { adminRecordsEndpoints } from './records-endpoints.ts'
import { adminWebhookEndpoints } from './webhooks-endpoints.ts'

export const adminEndpoints = {
  ...adminExpertEndpoints,
  ...adminContentEndpoints,
  ...adminRecordsEndpoints,
  ...adminWebhookEndpoints,
} as const

/** The name of a back-office call. */
export type AdminCallName = keyof typeof adminEndpoints

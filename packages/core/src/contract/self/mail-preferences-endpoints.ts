/**
 * The method and path of the self-service mail-preferences calls (issue 34), by name. TypeBox-free, like `../endpoints.ts`;
 * the schemas are in `./mail-preferences.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const mailPreferenceEndpoints = {
  getMailPreferences: 'GET /profile/mail-preferences',
  updateMailPreferences: 'PUT /profile/mail-preferences',
} as const satisfies Record<string, `${CallMethod} /${string}`>

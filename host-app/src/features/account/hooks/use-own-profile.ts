import {
  EXTRA_STORAGE_KEYS,
  getSmeCompanies,
  getSmeProfile,
  getSmeSessionHistory,
  getSmeSessions,
  getStorage,
  type LoginResult,
  type SmeProfile,
} from '@mashura/core'
import { api } from '../../../lib/api.ts'

/** The signed-in person as the login stored them (name, email, pictures), or null if it is missing. */
export function storedLogin(): LoginResult | null {
  try {
    return JSON.parse(getStorage().getItem(EXTRA_STORAGE_KEYS.loginData) ?? 'null') as LoginResult | null
  } catch {
    // A damaged record only costs what it held; the page shows the rest.
    return null
  }
}

/** What the own-profile page shows of a business owner. */
export interface OwnProfile {
  /** The profile, when the business owner's id could be found (from any of their sessions). */
  profile: SmeProfile | null
  /** Their companies. */
  companies: SmeProfile['companies']
}

/**
 * Loads the business owner's own profile. The login carries no business-owner id, and the profile read needs
 * one: it is taken from any of their sessions (every session names its business owner). Without a session
 * the companies alone are shown.
 */
export async function loadOwnProfile(signal: AbortSignal): Promise<OwnProfile> {
  const [companies, history] = await Promise.all([
    getSmeCompanies(api, { signal }),
    getSmeSessionHistory(api, { per_page: 1 }, { signal }),
  ])
  let smeId = history.data[0]?.sme.id
  if (smeId === undefined) smeId = (await getSmeSessions(api, { per_page: 1 }, { signal })).data[0]?.sme.id
  const profile = smeId === undefined ? null : (await getSmeProfile(api, { id: smeId }, { signal })).data
  return { profile, companies: profile?.companies ?? companies.data }
}

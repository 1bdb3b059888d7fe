/** An OAuth access token as a token endpoint answers it (RFC 6749 section 5.1). */
export interface IssuedToken {
  access_token: string
  /** Seconds it lives; an hour when the endpoint does not say. */
  expires_in?: number
}

/** How long before it lapses a token is renewed, so that no call starts with a token about to expire. */
const RENEW_EARLY_MS = 60_000

/**
 * The access-token cache of an OAuth client (Zoom's Server-to-Server app, the Firebase service account):
 * answers the cached token until a minute before it lapses, else fetches one, with every caller waiting
 * for the same request while it runs. `refresh` forgets the cached token (after a 401).
 */
export function accessTokenCache(
  fetchToken: () => Promise<IssuedToken>,
  now: () => number = Date.now,
): (refresh?: boolean) => Promise<string> {
  let cached: { value: string; expiresAt: number } | null = null
  let pending: Promise<string> | null = null
  const renew = async (): Promise<string> => {
    const issued = await fetchToken()
    const lifetime = Math.max(0, (issued.expires_in ?? 3600) * 1000 - RENEW_EARLY_MS)
    cached = { value: issued.access_token, expiresAt: now() + lifetime }
    return issued.access_token
  }
  return (refresh = false) => {
    if (refresh) cached = null
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached.value)
    pending ??= renew().finally(() => {
      pending = null
    })
    return pending
  }
}

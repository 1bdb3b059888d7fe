/**
 * The mobile app's one-time links into the site (issue 30; `web/routes/authentication/app-link.ts`). The app
 * asks for one and opens `/redirection/{handle}` in its web view; the site's page redeems it once.
 *
 * A link is kept for a minute under a hash of its random handle, and what it says (whose link, from which of
 * the app's sessions, the path it opens) is sealed with a key derived from the handle: the table alone opens
 * nothing and names nobody. Reading a link ({@link findAppLink}) leaves it in place, so the site can first ask
 * a browser signed in as someone else whether to switch; only taking it ({@link takeAppLink}) uses it up,
 * once, even when two redeems race. Expired links are swept whenever a link is made.
 *
 * Its own table, apart from the widgets' sign-in hand-offs: the two protocols share no handle, no row and no
 * code path, so a change to one cannot open the other.
 */
import { randomBytes } from 'node:crypto'
import type { Store } from '../../db/database.ts'
import { deleteExpiredAppLinks, insertAppLink, liveAppLink, takeLiveAppLink } from '../../db/queries/auth.ts'
import { sealer } from './sealing.ts'

/** How long a link may wait to be opened. */
export const APP_LINK_TTL_MS = 60_000

/** What a link says, sealed under its handle. */
export interface AppLinkContent {
  /** The person the link signs in. */
  personId: number
  /** The app's API session that asked for it: a link outlives no logout of the app. */
  sessionId: string
  /** The path on the site to open. */
  to: string
}

/** Links are sealed under their handles, with keys of their own. */
const links = sealer('app-link')

/** The row id of a handle. */
const linkId = (handle: string): string => links.idOf(handle)

/** Opens a link's content with its handle; null when it does not open with it. */
function unseal(handle: string, sealed: string): AppLinkContent | null {
  try {
    return links.unseal(handle, sealed) as AppLinkContent
  } catch {
    return null
  }
}

/**
 * Makes a link for {@link APP_LINK_TTL_MS}: a new random handle (32 bytes, base64url: the contract's
 * `HANDLE_PATTERN`), of which only a hash is stored. Expired links are swept on the way.
 */
export async function createAppLink(
  store: Store,
  content: AppLinkContent,
  now = new Date(),
): Promise<{ handle: string; expiresAt: Date }> {
  await deleteExpiredAppLinks(store.db, now.toISOString())
  const handle = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + APP_LINK_TTL_MS)
  await insertAppLink(store.db, {
    id: linkId(handle),
    sealed: links.seal(handle, content),
    expires_at: expiresAt.toISOString(),
  })
  return { handle, expiresAt }
}

/** Reads a live link without using it up; null when it is unknown, expired or already used. */
export async function findAppLink(
  store: Store,
  handle: string,
  now = new Date(),
): Promise<AppLinkContent | null> {
  const row = await liveAppLink(store.db, linkId(handle), now.toISOString())
  return row ? unseal(handle, row.sealed) : null
}

/**
 * Uses a live link up and answers what it says; null when it is unknown, expired or already used. Two takes
 * racing get it once between them (the delete).
 */
export async function takeAppLink(
  store: Store,
  handle: string,
  now = new Date(),
): Promise<AppLinkContent | null> {
  const row = await takeLiveAppLink(store.db, linkId(handle), now.toISOString())
  return row ? unseal(handle, row.sealed) : null
}

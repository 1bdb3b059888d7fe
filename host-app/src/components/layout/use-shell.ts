import {
  $auth,
  $expert,
  $hasUnreadChat,
  $notificationCount,
  COLORS,
  getStorage,
  initialsOf,
  STORAGE_KEYS,
} from '@mashura/core'
import { useStore } from '@nanostores/react'
import { type NavigationItem, navigationItems } from '../../lib/navigation-items.ts'
import { useExpertProfilePath } from './use-own-profile-path.ts'

/**
 * The navigation bar's visible items, from the session, the expert's live record and their own profile's
 * address (spec section 2).
 */
export function useNavigationItems(): NavigationItem[] {
  const auth = useStore($auth)
  const expert = useStore($expert)
  const hasUnreadChat = useStore($hasUnreadChat)
  const notificationCount = useStore($notificationCount)
  const signedIn = auth.token !== null
  const ownProfilePath = useExpertProfilePath(signedIn && auth.userRole === 'contributor')
  return navigationItems({
    signedIn,
    role: auth.userRole,
    ownProfilePath,
    expertKind: expert?.role ?? null,
    chatStatus: expert?.chat_status === true,
    hasUnreadChat,
    notificationCount,
  })
}

/** The stored profile picture of the acting role, if the login carried one. */
export function storedProfilePicture(role: 'sme' | 'contributor'): string | null {
  const storage = getStorage()
  const own = storage.getItem(
    role === 'contributor' ? STORAGE_KEYS.contributorProfilePic : STORAGE_KEYS.smeProfilePic,
  )
  // An expert without an expert picture still has the business-owner one, and the other way round.
  return (
    own || storage.getItem(STORAGE_KEYS.smeProfilePic) || storage.getItem(STORAGE_KEYS.contributorProfilePic)
  )
}

/** The initials of a name for an avatar without a picture, by core's rule («أحمد العتيبي» → «أ ع»); '?' for none. */
export function initials(name: string | null | undefined): string {
  return initialsOf(name ?? '') || '?'
}

/** An avatar picture of initials on the brand colour, as an SVG data address (used when no photo exists). */
export function initialsAvatar(name: string | null | undefined): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${COLORS.secondary}"/><text x="32" y="33" fill="#fff" font-family="IBM Plex Sans Arabic, system-ui, sans-serif" font-size="22" font-weight="600" text-anchor="middle" dominant-baseline="central">${escapeXml(initials(name))}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** Escapes text for an XML text node. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

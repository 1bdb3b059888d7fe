/**
 * The side menu's rules and state (spec 2): which items a person sees, and the highlighted one, kept in a
 * store and in storage. Only the site has a side menu, so this lives here rather than in core, whose
 * bundles every widget carries.
 */
import { $auth, getStorage, type KeyValueStorage, STORAGE_KEYS, type UserRole } from '@mashura/core'
import { atom, onMount } from 'nanostores'

/**
 * Side menu item ids, in display order (spec 2); `week` (the expert's own profile with their week of slots)
 * is the expert's addition.
 */
export const SIDE_MENU_ITEMS = ['home', 'sessions', 'week', 'profile', 'about', 'logout'] as const
/** A side menu item id. */
export type SideMenuItemId = (typeof SIDE_MENU_ITEMS)[number]

/**
 * The side menu items a person sees, in order: signed out, home and about; a business owner, home, sessions,
 * profile, about and log out; an expert, their week of slots too, after sessions.
 */
export function sideMenuItems(signedIn: boolean, role: UserRole): SideMenuItemId[] {
  if (!signedIn) return ['home', 'about']
  return SIDE_MENU_ITEMS.filter((id) => id !== 'week' || role === 'contributor')
}

/** Returns whether a string names a side menu item (for values read back from storage). */
export function isSideMenuItem(value: unknown): value is SideMenuItemId {
  return typeof value === 'string' && (SIDE_MENU_ITEMS as readonly string[]).includes(value)
}

/** The highlighted item as storage holds it; null when none, or when what is stored names no item. */
export function storedMenuItem(storage: KeyValueStorage = getStorage()): SideMenuItemId | null {
  const stored = storage.getItem(STORAGE_KEYS.activeMenuItem)
  return isSideMenuItem(stored) ? stored : null
}

/**
 * The highlighted side menu item, kept in state and in storage (storage key `activeMenuItem`). Read from
 * storage when the menu first subscribes; forgotten on sign-out (logout or a 401), which clears storage too.
 */
export const $activeMenuItem = atom<SideMenuItemId | null>(null)

onMount($activeMenuItem, () => {
  $activeMenuItem.set(storedMenuItem())
  let signedIn = $auth.get().token !== null
  return $auth.listen(({ token }) => {
    if (signedIn && token === null) $activeMenuItem.set(null)
    signedIn = token !== null
  })
})

/** Highlights a side menu item and stores it. */
export function setActiveMenuItem(item: SideMenuItemId, storage: KeyValueStorage = getStorage()): void {
  storage.setItem(STORAGE_KEYS.activeMenuItem, item)
  $activeMenuItem.set(item)
}

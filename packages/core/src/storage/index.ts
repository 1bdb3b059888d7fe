/**
 * Browser storage: the exact keys of spec section 3, and a Web Storage-shaped
 * interface so that core runs in Node (in memory) and in browsers (localStorage).
 */

/** The part of the Web Storage API core uses; `localStorage` and `sessionStorage` fit it. */
export interface KeyValueStorage {
  /** Reads a value, null when absent. */
  getItem(key: string): string | null
  /** Writes a value. */
  setItem(key: string, value: string): void
  /** Removes a value. */
  removeItem(key: string): void
}

/** The browser storage keys named by spec section 3, exactly. */
export const STORAGE_KEYS = {
  smeProfilePic: 'smeProfilePic',
  contributorProfilePic: 'contributorProfilePic',
  smeFullName: 'smeFullName',
  smeEmail: 'smeEmail',
  contributorID: 'contributorID',
  contributorToken: 'contributorToken',
  userRole: 'userRole',
  activeMenuItem: 'activeMenuItem',
  fcmToken: 'fcmToken',
} as const

/**
 * The other client-side values the spec says are stored ("tokens, names, push token,
 * login data and the terms agreement flag") under keys of our choosing.
 */
export const EXTRA_STORAGE_KEYS = {
  /** The business owner's API token. */
  smeToken: 'smeToken',
  /** A token handed in by the mobile app's web view; overrides both others. */
  mobileAppToken: 'mobileAppToken',
  /** The contributor's full name. */
  contributorFullName: 'contributorFullName',
  /** The whole login result, JSON. */
  loginData: 'loginData',
  /**
   * The spec's terms flag: no longer written, since consent is kept on the server (issue 34); listed so that
   * logout clears what a browser kept from before.
   */
  termsAgreed: 'termsAgreed',
  /** The chosen language; a preference, so it survives logout. */
  language: 'language',
} as const

/** Every key that logout and a 401 clear: all of spec section 3 and our extras, except the language preference. */
export const SESSION_STORAGE_KEYS: readonly string[] = [
  ...Object.values(STORAGE_KEYS),
  ...Object.values(EXTRA_STORAGE_KEYS).filter((k) => k !== EXTRA_STORAGE_KEYS.language),
]

/** A storage held in memory: for Node, tests, and browsers whose storage is blocked. */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { snapshot(): Record<string, string> } {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, String(v))
    },
    removeItem: (k) => {
      map.delete(k)
    },
    snapshot: () => Object.fromEntries(map),
  }
}

function probe(name: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    const s = (globalThis as Record<string, unknown>)[name] as KeyValueStorage | undefined
    if (!s) return null
    // Safari private mode and sandboxed iframes throw on write.
    s.setItem('__mashura_probe__', '1')
    s.removeItem('__mashura_probe__')
    return s
  } catch {
    return null
  }
}

let local: KeyValueStorage | null = null
let session: KeyValueStorage | null = null

/** The persistent storage core uses: set by {@link configureStorage}, else `localStorage`, else memory. */
export function getStorage(): KeyValueStorage {
  local ??= probe('localStorage') ?? memoryStorage()
  return local
}

/** The per-tab storage sign-in uses for state and verifier: set by {@link configureStorage}, else `sessionStorage`, else memory. */
export function getSessionStorage(): KeyValueStorage {
  session ??= probe('sessionStorage') ?? memoryStorage()
  return session
}

/** Points core at other storages (an embedding host's, or fresh memory ones in tests). */
export function configureStorage(options: { local?: KeyValueStorage; session?: KeyValueStorage }): void {
  if (options.local) local = options.local
  if (options.session) session = options.session
}

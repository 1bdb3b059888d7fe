/**
 * App-wide state as nanostores. Logic lives here; components only subscribe.
 * Persisted stores read and write through the storage of `../storage`.
 */
import { atom, computed, map } from 'nanostores'
import { DEFAULT_LANGUAGE, direction, type Language, normalizeLanguage } from '../i18n/index.ts'
import type { ExpertRecord } from '../realtime/index.ts'
import { roleFromContributorId, type UserRole } from '../rules/index.ts'
import { EXTRA_STORAGE_KEYS, getStorage, STORAGE_KEYS } from '../storage/index.ts'

// ---------------------------------------------------------------- session auth state (spec 3)

/** The session auth state of spec section 3. */
export interface SessionAuthState {
  /** The request token, null when signed out. */
  token: string | null
  /** The signed-in person's full name. */
  userName: string | null
  /** The acting role. */
  userRole: UserRole
  /** The contributor id, null for a business owner without one. */
  id: string | null
  /** Whether the admin enabled instant sessions for this expert. */
  instantAvailabilityByAdmin: boolean
  /** The expert's own instant-availability toggle (the spec's spelling). */
  instantAvailabilityByContributer: boolean
  /** Whether the realtime store is signed in. */
  isFireStoreSignedIn: boolean
}

/** The signed-out auth state. */
export function signedOutState(): SessionAuthState {
  return {
    token: null,
    userName: null,
    userRole: 'sme',
    id: null,
    instantAvailabilityByAdmin: false,
    instantAvailabilityByContributer: false,
    isFireStoreSignedIn: false,
  }
}

/** The session auth state. */
export const $auth = map<SessionAuthState>(signedOutState())

/** Whether someone is signed in. */
export const $signedIn = computed($auth, (a) => a.token !== null)

/** Rebuilds the auth state from storage (at start-up, and after sign-in, switch or logout). */
export function loadAuthState(storage = getStorage()): SessionAuthState {
  const contributorId = storage.getItem(STORAGE_KEYS.contributorID)
  const hasId = roleFromContributorId(contributorId) === 'contributor'
  const stored = storage.getItem(STORAGE_KEYS.userRole)
  const role: UserRole =
    stored === 'contributor' && hasId
      ? 'contributor'
      : stored === 'sme'
        ? 'sme'
        : roleFromContributorId(contributorId)
  const mobile = storage.getItem(EXTRA_STORAGE_KEYS.mobileAppToken)
  const token =
    mobile ||
    (role === 'contributor'
      ? storage.getItem(STORAGE_KEYS.contributorToken)
      : storage.getItem(EXTRA_STORAGE_KEYS.smeToken)) ||
    null
  const name =
    role === 'contributor'
      ? (storage.getItem(EXTRA_STORAGE_KEYS.contributorFullName) ?? storage.getItem(STORAGE_KEYS.smeFullName))
      : storage.getItem(STORAGE_KEYS.smeFullName)
  const state: SessionAuthState = {
    ...$auth.get(),
    token,
    userName: name,
    userRole: role,
    id: hasId ? contributorId : null,
  }
  if (!token) Object.assign(state, signedOutState(), { userRole: role, id: state.id })
  $auth.set(state)
  return state
}

// ---------------------------------------------------------------- language

function initialLanguage(): Language {
  try {
    const stored = getStorage().getItem(EXTRA_STORAGE_KEYS.language)
    return stored ? normalizeLanguage(stored) : DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE
  }
}

/** The interface language: Arabic by default. */
export const $language = atom<Language>(initialLanguage())
/** The writing direction that follows the language: rtl unless English. */
export const $direction = computed($language, (lang) => direction(lang))

/** Switches the language and remembers the choice. */
export function setLanguage(lang: string, storage = getStorage()): Language {
  const next = normalizeLanguage(lang)
  storage.setItem(EXTRA_STORAGE_KEYS.language, next)
  $language.set(next)
  return next
}

// ---------------------------------------------------------------- counts, expert

/** Re-reads the persisted stores after `configureStorage` pointed core at other storage. */
export function hydrateStores(storage = getStorage()): void {
  const lang = storage.getItem(EXTRA_STORAGE_KEYS.language)
  $language.set(lang ? normalizeLanguage(lang) : DEFAULT_LANGUAGE)
  loadAuthState(storage)
}

/** The live notification count. */
export const $notificationCount = atom(0)
/** Whether any chat conversation is unread. */
export const $hasUnreadChat = atom(false)
/** The live expert record of the signed-in contributor. */
export const $expert = atom<ExpertRecord | null>(null)

/** Instant availability: whether the admin enabled it, and the expert's own toggle. */
export const $instantAvailability = computed($auth, (a) => ({
  enabledByAdmin: a.instantAvailabilityByAdmin,
  available: a.instantAvailabilityByContributer,
}))

/**
 * Flips the instant-availability toggle: shows the new value at once, sends it
 * immediately with `send`, and puts the old value back if sending fails.
 */
export async function setInstantAvailability(
  value: boolean,
  send: (value: boolean) => Promise<unknown>,
): Promise<void> {
  const before = $auth.get().instantAvailabilityByContributer
  $auth.setKey('instantAvailabilityByContributer', value)
  try {
    await send(value)
  } catch (error) {
    $auth.setKey('instantAvailabilityByContributer', before)
    throw error
  }
}

/** Puts every store back to its signed-out state (logout, 401). */
export function resetSessionStores(): void {
  $auth.set(signedOutState())
  $notificationCount.set(0)
  $hasUnreadChat.set(false)
  $expert.set(null)
}

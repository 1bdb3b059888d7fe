/**
 * @mashura/core/testing: what other packages' tests need from core beyond its public surface: resetting the
 * signed-in state and storage between tests, an in-memory realtime client, the sign-in flow's PKCE and return
 * parsing (for the reference provider's tests), and the formatters and rules a test checks the UI and the server against.
 * Nothing in production imports this entry.
 */

export { clearSession, pkceChallenge, readSignInReturn } from './auth/index.ts'
export { type ArgumentKind, argumentsOf, sampleValues } from './i18n/catalog-checks.ts'
export { setI18nErrorHandler } from './i18n/index.ts'
export { createMemoryPush, createMemoryRealtime, type MemoryRealtime } from './realtime/index.ts'
export { hasUnreadMessages, SESSION_TRANSITIONS } from './rules/index.ts'
export { configureStorage, memoryStorage } from './storage/index.ts'
export { signedOutState } from './stores/index.ts'
export { formatHijriDate, onRiyadhToday } from './time/index.ts'

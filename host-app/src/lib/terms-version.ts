/**
 * Which version of each role's terms this browser accepted (issue 33: publishing a new version in the back
 * office makes people accept again). The published version comes with the terms (`version`, 0 before the
 * first publication); the accepted one is kept beside the spec's `termsAgreed` flag, per role, since owners
 * and experts have their own terms. Until consent is kept on the server (the self-service issue), a browser
 * that never saw a version counts as having accepted none.
 */
import { getStorage, type KeyValueStorage } from '@mashura/core'

/** The storage key of a role's accepted terms version. */
const keyOf = (role: 'sme' | 'contributor') => `termsAgreedVersion.${role}`

/** The terms version this browser accepted for `role`; 0 when none is known. */
export function acceptedTermsVersion(
  role: 'sme' | 'contributor',
  storage: KeyValueStorage = getStorage(),
): number {
  const value = Number(storage.getItem(keyOf(role)))
  return Number.isInteger(value) && value > 0 ? value : 0
}

/** Records that `role`'s terms were accepted at `version`. */
export function recordTermsVersion(
  role: 'sme' | 'contributor',
  version: number,
  storage: KeyValueStorage = getStorage(),
): void {
  if (version > 0) storage.setItem(keyOf(role), String(version))
}

/** Whether the terms must be shown: never accepted here, or a version above the accepted one is published. */
export function needsTerms(state: { agreed: boolean; accepted: number; published: number }): boolean {
  return !state.agreed || state.published > state.accepted
}

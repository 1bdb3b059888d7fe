/**
 * Whether to ask for the terms (spec sections 2 and 4; issue 34): the server keeps each person's consent per
 * role and terms version, so the site asks only when it says the acting role's published version is not
 * accepted yet — a new person, a role never accepted, a version the back office published since. Signing out
 * and in again asks nothing; nothing about consent is kept in the browser. While signed out nothing asks.
 */
import { $auth, acceptTerms, type CallData, getMyConsents, isApiError, type UserRole } from '@mashura/core'
import { useLoad } from '@mashura/widgets/use-load'
import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { api } from './api.ts'

/** The signed-in person's consents, as the server answers them. */
export type MyConsents = CallData<'getMyConsents'>

/**
 * Where the terms stand for the page: `signed-out` (nothing to ask), `checking` (the server has not answered),
 * `asked` (the popup shows), `accepted`, or `unknown` (the consents could not be read: nothing is asked rather
 * than something the server could not record).
 */
export type TermsStep = 'signed-out' | 'checking' | 'asked' | 'accepted' | 'unknown'

/** Decides the step from the session and the server's answer for the acting role. */
export function termsStep(
  signedIn: boolean,
  consents: { data: MyConsents | undefined; failed: boolean },
  role: UserRole,
): TermsStep {
  if (!signedIn) return 'signed-out'
  if (consents.data === undefined) return consents.failed ? 'unknown' : 'checking'
  // An expert acting as one who holds no expert identity any more is asked for what they hold: the owners'.
  const mine = consents.data[role] ?? consents.data.sme
  return mine.needs_acceptance ? 'asked' : 'accepted'
}

/** The consents once `accepted` is stored: that role's version accepted, nothing more to ask for it. */
export function withAccepted(consents: MyConsents, accepted: CallData<'acceptTerms'>): MyConsents {
  const before = consents[accepted.role] ?? consents.sme
  return {
    ...consents,
    [accepted.role]: {
      ...before,
      accepted_version: accepted.version,
      accepted_at: accepted.accepted_at,
      needs_acceptance: accepted.version < before.published_version,
    },
  }
}

/** What the terms popup needs: the step, the acting role, and accepting its published version. */
export interface TermsConsent {
  step: TermsStep
  role: UserRole
  /** The published version of the acting role's terms (0 until known). */
  version: number
  /** The refusal of the last acceptance, in the page's language (a newer version was published meanwhile). */
  error: string | null
  /** Whether an acceptance is on its way. */
  busy: boolean
  /** Accepts the published version of the acting role's terms. */
  accept(): Promise<void>
}

/** The terms consent of the signed-in person, read from the server once per session (token). */
export function useTermsConsent(): TermsConsent {
  const { token, userRole } = useStore($auth)
  const signedIn = token !== null
  const consents = useLoad(
    (signal) => getMyConsents(api, { signal }).then((answer) => answer.data),
    [token],
    {
      enabled: signedIn,
      clearOnChange: true,
    },
  )
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const step = termsStep(signedIn, { data: consents.data, failed: consents.error !== undefined }, userRole)
  const role = consents.data?.[userRole] ? userRole : 'sme'
  const version = consents.data ? (consents.data[role] ?? consents.data.sme).published_version : 0

  async function accept() {
    const known = consents.data
    if (!known || busy) return
    setBusy(true)
    setError(null)
    try {
      const { data } = await acceptTerms(api, { role, version })
      consents.set(withAccepted(known, data))
    } catch (failure) {
      // A version published since the terms were read: read again, and say why the popup stays.
      setError(isApiError(failure) ? failure.message : String(failure))
      consents.reload()
    } finally {
      setBusy(false)
    }
  }

  return { step, role, version, error, busy, accept }
}

import './footer.css'
import { $auth, agreeToTerms, getTermsAndConditions, hasAgreedToTerms } from '@mashura/core'
import { ModalDialog } from '@mashura/widgets/react'
import { useStore } from '@nanostores/react'
import { useEffect, useId, useState } from 'react'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { signOut } from '../../lib/session.ts'
import { acceptedTermsVersion, needsTerms, recordTermsVersion } from '../../lib/terms-version.ts'
import { useApi } from '../../lib/use-api.ts'
import { DialogActions } from '../ui/dialog-actions.tsx'
import { PageLoading } from '../ui/page-loading.tsx'

/** The terms text for the acting role, with loading, failure and retry. */
function TermsText({ role }: { role: 'sme' | 'contributor' }) {
  const t = useT()
  const terms = useApi((signal) => getTermsAndConditions(api, { role }, { signal }), [role, t.lang])
  if (terms.loading && !terms.data) return <PageLoading />
  if (!terms.data)
    return (
      <div className="terms-failed" role="alert">
        <p>{t.t('shell.terms.loadFailed')}</p>
        <button type="button" className="button" onClick={terms.reload}>
          {t.t('common.retry')}
        </button>
      </div>
    )
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the long text scrolls, and keyboard users must reach it
    <div className="terms-text" tabIndex={0}>
      {terms.data.data.value}
    </div>
  )
}

/**
 * The terms popup (spec sections 2, 4, 5): after sign-in, until the terms are accepted, a modal with the
 * terms of the acting role (experts have their own), and again when the back office publishes a new version
 * of them (issue 33). Only agreeing closes it; the way out is logging out.
 */
export function TermsPopup() {
  const t = useT()
  const { token, userRole } = useStore($auth)
  const [agreed, setAgreed] = useState(hasAgreedToTerms)
  const [published, setPublished] = useState(0)
  const [accepted, setAccepted] = useState(0)
  const titleId = useId()
  // A new session (sign-in, profile switch) reads the flag again: logout clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is the trigger, not an input
  useEffect(() => setAgreed(hasAgreedToTerms()), [token])
  // The published version of the acting role's terms, read in the browser once a person is signed in.
  useEffect(() => {
    setAccepted(acceptedTermsVersion(userRole))
    if (token === null) return
    const controller = new AbortController()
    getTermsAndConditions(api, { role: userRole }, { signal: controller.signal }).then(
      (answer) => setPublished(answer.data.version ?? 0),
      // Unread, the version stays as it was: the spec's flag alone decides.
      () => undefined,
    )
    return () => controller.abort()
  }, [token, userRole])
  const open = token !== null && needsTerms({ agreed, accepted, published })
  return (
    <ModalDialog open={open} className="dialog terms-popup" data-region="terms-popup" labelledBy={titleId}>
      <h2 id={titleId} className="dialog-title" tabIndex={-1} data-autofocus>
        {t.t('terms.title')}
      </h2>
      <p className="muted">{t.t('terms.intro')}</p>
      <TermsText role={userRole} />
      <DialogActions
        tone="primary"
        cancel={{ label: t.t('nav.logout'), onClick: () => void signOut() }}
        confirm={{
          label: t.t('terms.agree'),
          action: 'agree-terms',
          onClick: () => {
            agreeToTerms()
            recordTermsVersion(userRole, published)
            setAccepted(published)
            setAgreed(true)
          },
        }}
      />
    </ModalDialog>
  )
}

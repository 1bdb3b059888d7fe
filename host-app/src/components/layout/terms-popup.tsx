import './footer.css'
import { getTermsAndConditions } from '@mashura/core'
import { ModalDialog } from '@mashura/widgets/react'
import { useId } from 'react'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { signOut } from '../../lib/session.ts'
import { useTermsConsent } from '../../lib/terms-consent.ts'
import { useApi } from '../../lib/use-api.ts'
import { DialogActions } from '../ui/dialog-actions.tsx'
import { PageLoading } from '../ui/page-loading.tsx'

/**
 * The terms text for the acting role, with loading, failure and retry. Drawn only while the popup asks, so a
 * page that asks nothing reads no terms; a newer published version reads the text again.
 */
function TermsText({ role, version }: { role: 'sme' | 'contributor'; version: number }) {
  const t = useT()
  const terms = useApi((signal) => getTermsAndConditions(api, { role }, { signal }), [role, version, t.lang])
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
 * The terms popup (spec sections 2, 4, 5): after sign-in, a modal with the terms of the acting role (experts
 * have their own), shown only when the server says this person has not accepted the published version for
 * that role (issue 34: consent is kept on the server, so signing out and in again asks nothing, and a version
 * the back office publishes asks again). Only agreeing closes it; the way out is logging out. Its
 * `data-terms` says where the terms stand (`signed-out`, `checking`, `asked`, `accepted`, `unknown`).
 */
export function TermsPopup() {
  const t = useT()
  const consent = useTermsConsent()
  const titleId = useId()
  const open = consent.step === 'asked'
  return (
    <ModalDialog
      open={open}
      className="dialog terms-popup"
      data-region="terms-popup"
      data-terms={consent.step}
      labelledBy={titleId}
    >
      <h2 id={titleId} className="dialog-title" tabIndex={-1} data-autofocus>
        {t.t('terms.title')}
      </h2>
      <p className="muted">{t.t('terms.intro')}</p>
      {open && <TermsText role={consent.role} version={consent.version} />}
      {consent.error && (
        <p className="form-error" role="alert">
          {consent.error}
        </p>
      )}
      <DialogActions
        tone="primary"
        cancel={{ label: t.t('nav.logout'), onClick: () => void signOut() }}
        confirm={{
          label: t.t('terms.agree'),
          action: 'agree-terms',
          busy: consent.busy,
          disabled: consent.busy,
          onClick: () => void consent.accept(),
        }}
      />
    </ModalDialog>
  )
}

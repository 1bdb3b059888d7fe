import { $auth } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useId } from 'react'
import { useT } from '../../lib/i18n.ts'
import { startSignIn } from '../../lib/session.ts'
import { useJoinInstant } from './use-join-instant.ts'
import './instant.css'

/**
 * "Available now — join now" on the profile of an expert who takes instant sessions now: a business owner
 * joins at once; a signed-out visitor signs in first and comes back to this page (as the booking calendar
 * does). Nothing for a signed-in expert, who cannot be the business owner of a session.
 */
export function JoinNow({ contributorId }: { contributorId: number }) {
  const t = useT()
  const auth = useStore($auth)
  const { busy, join } = useJoinInstant(contributorId)
  const titleId = useId()
  const signedIn = auth.token !== null
  if (signedIn && auth.userRole !== 'sme') return null
  return (
    <section className="instant-card" data-region="instant" aria-labelledby={titleId}>
      <h2 className="instant-title" id={titleId}>
        <span className="instant-dot" aria-hidden="true" />
        {t.t('instant.availableNow')}
      </h2>
      <p className="instant-hint">{t.t('instant.hint')}</p>
      {signedIn ? (
        <button
          type="button"
          className="button button-primary"
          data-action="join-instant"
          aria-disabled={busy}
          onClick={() => void join()}
        >
          {t.t(busy ? 'instant.joining' : 'instant.joinNow')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary"
          data-action="sign-in-to-join"
          onClick={() => void startSignIn()}
        >
          {t.t('instant.signInToJoin')}
        </button>
      )}
    </section>
  )
}

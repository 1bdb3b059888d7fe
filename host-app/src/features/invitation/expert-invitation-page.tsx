import { $auth } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import { startSignIn } from '../../lib/session.ts'
import './expert-invitation.css'

/**
 * An expert invitation's page (issue 33). The invitation is accepted by signing in through the agency's
 * provider with the address it was sent to (verified by the provider): the page says so and offers the
 * sign-in, which comes back to the dashboard once the person is an expert. Signed in already, it says as
 * whom, so that someone signed in with another address knows to sign out first.
 */
export function ExpertInvitationPage() {
  const t = useT()
  const auth = useStore($auth)
  const signedIn = Boolean(auth.token)
  const expert = auth.userRole === 'contributor'
  return (
    <section className="invitation" data-page="expert-invitation" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t.t('invitation.title')}</h1>
      <p>{t.t('invitation.body')}</p>
      {!signedIn ? (
        <>
          <p className="muted">{t.t('invitation.howTo')}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void startSignIn()}
            data-action="accept-invitation"
          >
            {t.t('invitation.signIn')}
          </button>
        </>
      ) : expert ? (
        <>
          <p role="status">{t.t('invitation.welcome', { name: auth.userName ?? '' })}</p>
          <Link className="button button-primary" to={paths.dashboard.to()}>
            {t.t('invitation.toDashboard')}
          </Link>
        </>
      ) : (
        <p role="status">{t.t('invitation.otherAccount', { name: auth.userName ?? '' })}</p>
      )}
    </section>
  )
}

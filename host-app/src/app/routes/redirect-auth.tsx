import { AuthError, isApiError } from '@mashura/core'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { showErrorNotice } from '../../lib/notices.ts'
import { cancelledSignInPath, finishSignIn } from '../../lib/session.ts'

/**
 * `/redirectauth`, where the sign-in provider returns: completes the sign-in through core, signs into
 * realtime, then goes to the dashboard or home (or back to the page sign-in started from); the terms popup
 * shows there until the terms are accepted. A failure says why and goes home; a sign-in the visitor
 * cancelled at the provider goes back to where they started, saying nothing.
 */
export default function RedirectAuth() {
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    // Once: the code can be exchanged only once, and React's development mode runs effects twice.
    if (started.current) return
    started.current = true
    // Turned down at the provider: back where the visitor was, with no error to show.
    const cancelled = cancelledSignInPath(window.location.href)
    if (cancelled) {
      navigate(cancelled, { replace: true })
      return
    }
    finishSignIn(window.location.href).then(
      ({ path }) => navigate(path, { replace: true }),
      (error: unknown) => {
        console.error('sign-in failed', error)
        // The server's message when it answered; otherwise the sign-in could not be checked (a stale or
        // replayed return address, or the provider refused).
        if (isApiError(error) && error.message) showErrorNotice({ kind: 'error', text: error.message })
        else
          showErrorNotice({
            kind: 'error',
            key: error instanceof AuthError ? 'signIn.failed' : 'common.error',
          })
        navigate('/', { replace: true })
      },
    )
  }, [navigate])
  return <PageLoading />
}

import { isApiError, showErrorNotice, validateRating } from '@mashura/core'
import { useEffect, useRef } from 'react'
import { useNavigate, useParams } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { finishAppLink, isAppLinkHandle } from '../../lib/session.ts'

/**
 * Where a token points: the spec leaves it open, so a token here is one of the two the product hands out.
 * - The mobile app's link (`POST /authentication/app-link`): its web view signs in with it, keeping the
 *   session as the mobile-app token of spec sections 3 and 6, and goes to the page the app asked for. A
 *   link expired or used says so and goes home, signed out.
 * - A rating link's token: one the server opens (or one already rated, or a check refused for too many
 *   attempts) goes to the rating page, which shows the form or the outcome itself.
 * Any other token goes home.
 */
async function destination(token: string): Promise<string> {
  let appLinkError: string | null = null
  if (isAppLinkHandle(token)) {
    try {
      return await finishAppLink(token)
    } catch (error) {
      if (!isApiError(error) || error.code !== 'app_link_unknown') return paths.home.to()
      appLinkError = error.message
    }
  }
  try {
    await validateRating(api, { token })
    return paths.smeRate.to(token)
  } catch (error) {
    if (isApiError(error) && (error.code === 'already_rated' || error.status === 429))
      return paths.smeRate.to(token)
    if (appLinkError) showErrorNotice({ kind: 'error', text: appLinkError })
    return paths.home.to()
  }
}

/** `/redirection/{token}`: resolves the token and replaces itself with where it points. */
export default function RedirectionRoute() {
  const t = useT()
  const navigate = useNavigate()
  const token = useParams().token ?? ''
  const resolved = useRef<string | null>(null)
  useEffect(() => {
    // Once per token, never aborted: an app link is redeemed once, and React's development mode runs effects
    // twice.
    if (resolved.current === token) return
    resolved.current = token
    void destination(token).then((to) => navigate(to, { replace: true }))
  }, [token, navigate])
  return (
    <div data-page="redirection">
      <h1 className="visually-hidden">{t.t('redirectionPage.title')}</h1>
      <PageLoading />
    </div>
  )
}

import { isApiError, validateRating } from '@mashura/core'
import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'

/**
 * Where a token points: the spec leaves it open, so a token here is a rating link's token (the one
 * tokenised link the product sends). One the server opens (or one already rated, or a check refused for
 * too many attempts) goes to the rating page, which shows the form or the outcome itself; any other token
 * goes home.
 */
async function destination(token: string, signal: AbortSignal): Promise<string> {
  try {
    await validateRating(api, { token }, { signal })
    return paths.smeRate.to(token)
  } catch (error) {
    if (isApiError(error) && (error.code === 'already_rated' || error.status === 429))
      return paths.smeRate.to(token)
    return paths.home.to()
  }
}

/** `/redirection/{token}`: resolves the token and replaces itself with where it points. */
export default function RedirectionRoute() {
  const t = useT()
  const navigate = useNavigate()
  const token = useParams().token ?? ''
  useEffect(() => {
    const controller = new AbortController()
    void destination(token, controller.signal).then((to) => {
      if (!controller.signal.aborted) void navigate(to, { replace: true })
    })
    return () => controller.abort()
  }, [token, navigate])
  return (
    <div data-page="redirection">
      <h1 className="visually-hidden">{t.t('redirectionPage.title')}</h1>
      <PageLoading />
    </div>
  )
}

import { type AppLinkQuestion, isApiError, validateRating } from '@mashura/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import '../../components/layout/app-link-question.css'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { showErrorNotice, showSnackbar } from '../../lib/notices.ts'
import { finishAppLink, isAppLinkHandle } from '../../lib/session.ts'

type T = ReturnType<typeof useT>

/**
 * A name set apart from the sentence around it (Unicode's first-strong isolate, as `<bdi>` does in markup): an
 * Arabic name in an English sentence, or the other way round, keeps its own direction and the full stop after it
 * stays at the sentence's end.
 */
const isolate = (name: string) => `\u2068${name}\u2069`

/** Follows an app link and says whom it signed in; resolves with where to go, or the question to ask first. */
async function followAppLink(handle: string, t: T, confirm = false): Promise<string | AppLinkQuestion> {
  const outcome = await finishAppLink(handle, { confirm })
  if (outcome.status !== 'signed_in') return outcome
  // A link signs a browser in without anyone choosing an account: the page always says whose it is now.
  showSnackbar({ kind: 'success', text: t.t('redirectionPage.signedInAs', { name: isolate(outcome.name) }) })
  return outcome.to
}

/**
 * Where a token points: the spec leaves it open, so a token here is one of the two the product hands out.
 * - The mobile app's link (`POST /authentication/app-link`): its web view signs in with it, keeping the
 *   session as the mobile-app token of spec sections 3 and 6, and goes to the page the app asked for, saying
 *   whom it signed in. A browser signed in as someone else is asked first (the question). A link expired or
 *   used says so and goes home, signed out.
 * - A rating link's token: one the server opens (or one already rated, or a check refused for too many
 *   attempts) goes to the rating page, which shows the form or the outcome itself.
 * Any other token goes home.
 */
async function destination(token: string, t: T): Promise<string | AppLinkQuestion> {
  let appLinkError: string | null = null
  if (isAppLinkHandle(token)) {
    try {
      return await followAppLink(token, t)
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

/**
 * The question an app link asks a browser signed in as someone else (issue 30): staying is the default (it has
 * the focus, and it is what Enter does at once), so a link nobody expected never swaps the account under the
 * person's hands.
 */
function OtherPersonQuestion({
  question,
  busy,
  onStay,
  onContinue,
}: {
  question: AppLinkQuestion
  busy: boolean
  onStay: () => void
  onContinue: () => void
}) {
  const t = useT()
  const titleId = useId()
  const textId = useId()
  const stay = useRef<HTMLButtonElement>(null)
  useEffect(() => stay.current?.focus(), [])
  const names = { current: isolate(question.signedInAs), other: isolate(question.linkFor) }
  return (
    <section className="app-link-question card" data-region="app-link-question" aria-labelledby={titleId}>
      <h1 id={titleId}>{t.t('redirectionPage.otherPerson.title')}</h1>
      <p id={textId}>{t.t('redirectionPage.otherPerson.text', names)}</p>
      <div className="dialog-actions">
        <button
          ref={stay}
          type="button"
          className="button button-primary"
          data-action="app-link-stay"
          aria-describedby={textId}
          disabled={busy}
          onClick={onStay}
        >
          {t.t('redirectionPage.otherPerson.stay', names)}
        </button>
        <button
          type="button"
          className="button"
          data-action="app-link-continue"
          aria-busy={busy}
          disabled={busy}
          onClick={onContinue}
        >
          {t.t('redirectionPage.otherPerson.continue', names)}
        </button>
      </div>
    </section>
  )
}

/** `/redirection/{token}`: resolves the token and replaces itself with where it points. */
export default function RedirectionRoute() {
  const t = useT()
  const navigate = useNavigate()
  const token = useParams().token ?? ''
  const resolved = useRef<string | null>(null)
  const [question, setQuestion] = useState<AppLinkQuestion | null>(null)
  const [busy, setBusy] = useState(false)
  const go = (to: string) => navigate(to, { replace: true })
  useEffect(() => {
    // Once per token, never aborted: an app link is redeemed once, and React's development mode runs effects
    // twice.
    if (resolved.current === token) return
    resolved.current = token
    setQuestion(null)
    void destination(token, t).then((next) =>
      typeof next === 'string' ? navigate(next, { replace: true }) : setQuestion(next),
    )
  }, [token, navigate, t])

  if (question) {
    const onContinue = () => {
      setBusy(true)
      followAppLink(token, t, true).then(
        (next) => go(typeof next === 'string' ? next : paths.home.to()),
        (error: unknown) => {
          // Expired while the person read the question, or refused: say so, and stay who they were.
          showErrorNotice(
            isApiError(error) && error.message
              ? { kind: 'error', text: error.message }
              : { kind: 'error', key: 'common.error' },
          )
          go(paths.home.to())
        },
      )
    }
    return (
      <div data-page="redirection">
        <OtherPersonQuestion
          question={question}
          busy={busy}
          onStay={() => go(paths.home.to())}
          onContinue={onContinue}
        />
      </div>
    )
  }
  return (
    <div data-page="redirection">
      <h1 className="visually-hidden">{t.t('redirectionPage.title')}</h1>
      <PageLoading />
    </div>
  )
}

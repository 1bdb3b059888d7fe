import {
  type FetchLike,
  isApiError,
  type Language,
  type Question,
  type QuestionAnswer,
  RATING_TEXT_MAX,
  submitSessionRating,
} from '@mashura/core'
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { RatingSubmittedDetail } from '../events.ts'
import { createRatingClient } from '../shared/api.ts'
import { LiveStatus } from '../shared/notice.tsx'
import { useLoad } from '../shared/use-load.ts'
import { useTranslator } from '../shared/use-translator.ts'
import { CharacterCount } from './character-count.tsx'
import { QuestionField } from './question-field.tsx'
import { isAlreadyRated, loadRatingFlow, type RatingFlowResult } from './rating-flow.ts'
import { RatingSummary } from './rating-summary.tsx'

/** The props of {@link RateForm}: strings in, one callback out. */
export interface RateFormProps {
  /** The token of the rating link. */
  token?: string | undefined
  /** The passphrase that decrypts the link's rating access token. */
  ratingKey?: string | undefined
  /** The API base. */
  apiBase: string
  /** The embedding site's API key. */
  apiKey: string
  /** The language; `ar` by default. */
  lang?: Language | undefined
  /** The `fetch` the API client uses. */
  fetch?: FetchLike | undefined
  /** Called once the server accepted the rating. */
  onSubmitted?: ((detail: RatingSubmittedDetail) => void) | undefined
  /** Where the link after a rating (or an already-rated link) goes; the site's home page (`/`) by default. */
  doneHref?: string | undefined
}

/** Where the form is: where opening the link ended (see {@link loadRatingFlow}), or the success. */
type Outcome = RatingFlowResult | { kind: 'succeeded' }

/** What the form shows: loading, or an {@link Outcome}. */
type View = { kind: 'loading' } | Outcome

const LOADING: View = { kind: 'loading' }

type Answers = Record<number, QuestionAnswer['value']>

function isAnswered(value: QuestionAnswer['value'] | undefined): boolean {
  return value !== undefined && !(typeof value === 'string' && value.trim() === '')
}

/**
 * The session rating form: opens the rating link, loads the questionnaires, asks each question by type,
 * and submits. It knows nothing of custom elements; `rate-form.element.ts` wraps it.
 */
export function RateForm(props: RateFormProps) {
  const { token, ratingKey, apiBase, apiKey, lang, fetch, onSubmitted, doneHref } = props
  const t = useTranslator(lang)
  const [answers, setAnswers] = useState<Answers>({})
  const [comment, setComment] = useState('')
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set())
  const [submitting, setSubmitting] = useState(false)
  const outcomeRef = useRef<HTMLParagraphElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const commentId = useId()
  const commentCountId = useId()
  const titleId = useId()
  const summaryId = useId()

  // The decrypted rating access token, once the link is open: the client sends it in its own header.
  const accessTokenRef = useRef<string | null>(null)
  const client = useMemo(
    () => createRatingClient({ apiBase, apiKey, lang: t.lang, fetch }, () => accessTokenRef.current),
    [apiBase, apiKey, t.lang, fetch],
  )

  const loaded = useLoad<Outcome>(
    (signal) =>
      loadRatingFlow(client, token, ratingKey, signal).then((next) =>
        next.kind === 'error' && !next.message ? { kind: 'error', message: t.t('common.error') } : next,
      ),
    [token, ratingKey, client, t],
    { clearOnChange: true },
  )
  const setView = loaded.set
  const view: View =
    loaded.data ?? (loaded.error === undefined ? LOADING : { kind: 'error', message: t.t('common.error') })

  // Outcomes replace the form; moving focus to them keeps keyboard and screen-reader users in place.
  useEffect(() => {
    if (view.kind === 'already-rated' || view.kind === 'succeeded' || view.kind === 'error') {
      outcomeRef.current?.focus()
    }
  }, [view.kind])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (view.kind !== 'form' || submitting) return
    const questions = view.questionnaires.flatMap((q) => q.questions)
    const unanswered = new Set(
      questions.filter((q) => q.required && !isAnswered(answers[q.id])).map((q) => q.id),
    )
    setMissing(unanswered)
    if (unanswered.size > 0) {
      const first = formRef.current?.querySelector<HTMLElement>(`[data-question="${[...unanswered][0]}"]`)
      first?.focus()
      return
    }
    const answered: QuestionAnswer[] = questions
      .filter((q) => isAnswered(answers[q.id]))
      .map((q) => ({ question_id: q.id, value: answers[q.id]! }))
    accessTokenRef.current = view.accessToken
    setSubmitting(true)
    try {
      await submitSessionRating(client, {
        id: view.sessionId,
        answers: answered,
        comment: comment.trim() === '' ? null : comment.trim(),
      })
      setView({ kind: 'succeeded' })
      onSubmitted?.({ sessionId: view.sessionId })
    } catch (error) {
      if (isApiError(error) && isAlreadyRated('submit', error.status)) setView({ kind: 'already-rated' })
      else setView({ kind: 'error', message: isApiError(error) ? error.message : t.t('common.error') })
    } finally {
      setSubmitting(false)
    }
  }

  const outcome =
    view.kind === 'already-rated'
      ? t.t('rating.alreadyRated')
      : view.kind === 'succeeded'
        ? t.t('rating.succeeded')
        : view.kind === 'error'
          ? view.message
          : ''

  return (
    <div part="base" className="base" dir={t.dir} lang={t.lang} aria-busy={view.kind === 'loading'}>
      <h2 part="title" className="title" id={titleId}>
        {t.t('rating.title')}
      </h2>
      <LiveStatus state={view.kind} ref={outcomeRef}>
        {outcome}
      </LiveStatus>
      {(view.kind === 'succeeded' || view.kind === 'already-rated') && (
        // Not a dead end: the person goes on from here (issue 31).
        <p className="done">
          <a part="done-link" className="done-link" href={doneHref || '/'}>
            {t.t('rating.doneLink')}
          </a>
        </p>
      )}
      {view.kind === 'loading' && (
        <div part="skeleton" className="skeleton">
          <span className="visually-hidden">{t.t('common.loading')}</span>
          <div className="bone bone-heading" aria-hidden="true" />
          <div className="bone bone-stars" aria-hidden="true" />
          <div className="bone bone-heading" aria-hidden="true" />
          <div className="bone bone-text" aria-hidden="true" />
        </div>
      )}
      {view.kind === 'form' && (
        <form
          part="form"
          className="form"
          noValidate
          onSubmit={submit}
          ref={formRef}
          aria-labelledby={titleId}
          aria-describedby={view.session ? summaryId : undefined}
        >
          {view.session && <RatingSummary session={view.session} t={t} id={summaryId} />}
          {view.questionnaires.map((questionnaire) => (
            <section key={questionnaire.id} part="questionnaire" className="questionnaire">
              <h3 className="questionnaire-title">{questionnaire.title}</h3>
              {questionnaire.questions.map((question: Question) => (
                <QuestionField
                  key={question.id}
                  question={question}
                  value={answers[question.id]}
                  missing={missing.has(question.id)}
                  t={t}
                  onChange={(value) => {
                    setAnswers((current) => ({ ...current, [question.id]: value }))
                    setMissing((current) => {
                      if (!current.has(question.id)) return current
                      const next = new Set(current)
                      next.delete(question.id)
                      return next
                    })
                  }}
                />
              ))}
            </section>
          ))}
          <div className="field">
            <label htmlFor={commentId} className="label">
              {t.t('rating.commentPlaceholder')}
            </label>
            <textarea
              id={commentId}
              part="textarea"
              className="textarea"
              rows={4}
              maxLength={RATING_TEXT_MAX}
              aria-describedby={commentCountId}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <CharacterCount value={comment} max={RATING_TEXT_MAX} id={commentCountId} t={t} />
          </div>
          <button type="submit" part="submit" className="submit" aria-disabled={submitting}>
            {t.t('rating.submit')}
          </button>
        </form>
      )}
    </div>
  )
}

import { foldArabic, getCommonQuestions } from '@mashura/core'
import { useDeferredValue, useId, useState } from 'react'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import './faq.css'

/**
 * The FAQ (`/Faq`): the common questions as an accordion of native `<details>`, with a box that filters
 * them by question or answer and announces how many match. A failed load says so and offers a retry.
 */
export function FaqPage() {
  const t = useT()
  const filterId = useId()
  const [filter, setFilter] = useState('')
  const deferred = useDeferredValue(filter)
  const questions = useApi((signal) => getCommonQuestions(api, { signal }), [t.lang])
  const needle = foldArabic(deferred)
  const all = questions.data?.data ?? []
  const shown = needle ? all.filter((q) => foldArabic(`${q.question} ${q.answer}`).includes(needle)) : all
  return (
    <div data-page="faq" className="faq-page">
      <h1>{t.t('faq.title')}</h1>
      {questions.error && !questions.loading ? (
        <div className="empty-state">
          <p>{t.t('faqPage.loadFailed')}</p>
          <button type="button" className="button" onClick={questions.reload}>
            {t.t('common.retry')}
          </button>
        </div>
      ) : !questions.data ? (
        <PageLoading />
      ) : all.length === 0 ? (
        <p className="empty-state">{t.t('empty.faq')}</p>
      ) : (
        <>
          <div className="faq-filter">
            <label htmlFor={filterId}>{t.t('faqPage.filterLabel')}</label>
            <input
              id={filterId}
              type="search"
              value={filter}
              placeholder={t.t('faqPage.filterPlaceholder')}
              autoComplete="off"
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          <p
            className="faq-count muted"
            role="status"
            // Every count's wording, for the filter of the drawn page's script without React (islands.ts).
            data-counts={JSON.stringify(
              Array.from({ length: all.length + 1 }, (_, count) => t.t('faqPage.count', { count })),
            )}
          >
            {t.t('faqPage.count', { count: shown.length })}
          </p>
          <div className="faq-list">
            {shown.map((q) => (
              <details key={q.id} className="faq-item" data-faq-id={q.id}>
                <summary>{q.question}</summary>
                <p>{q.answer}</p>
              </details>
            ))}
          </div>
        </>
      )}
    </div>
  )
}

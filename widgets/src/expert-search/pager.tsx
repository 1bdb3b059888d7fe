import type { PageMeta } from '@mashura/core'
import type { ExpertSearchTranslator } from './expert-search-types.ts'

/** The props of {@link Pager}. */
export interface PagerProps {
  /** The page asked for (it may still be loading). */
  page: number
  /** The paging block of the last page shown. */
  meta: PageMeta
  /** Called with -1 for the previous page and 1 for the next. */
  onStep: (step: -1 | 1) => void
  /** The widget's translator. */
  t: ExpertSearchTranslator
}

/**
 * Previous and next, with "page x of y" between them; the parent steps from the page asked for last, so
 * that quick presses move on page by page while a page loads. The buttons stay focusable at either end
 * (`aria-disabled`), so that focus never drops to the page when the last page is reached.
 */
export function Pager({ page, meta, onStep, t }: PagerProps) {
  const first = page <= 1
  const last = page >= meta.last_page
  return (
    <nav className="pager" part="pager" aria-label={t.t('expertSearch.pagerLabel')}>
      <button
        type="button"
        className="m-button m-button-quiet page-button"
        part="previous"
        aria-disabled={first}
        onClick={() => onStep(-1)}
      >
        {t.t('common.previous')}
      </button>
      <span className="page-of" part="page-of">
        {t.t('common.pagination', { page, total: meta.last_page })}
      </span>
      <button
        type="button"
        className="m-button m-button-quiet page-button"
        part="next"
        aria-disabled={last}
        onClick={() => onStep(1)}
      >
        {t.t('common.next')}
      </button>
    </nav>
  )
}

import type { PageMeta } from '@mashura/core'
import { StepNav } from '../shared/step-nav.tsx'
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
  return (
    <StepNav
      part="pager"
      label={t.t('expertSearch.pagerLabel')}
      buttonClass="page-button"
      stopWith="aria-disabled"
      previous={{ part: 'previous', stop: page <= 1, content: t.t('common.previous') }}
      next={{ part: 'next', stop: page >= meta.last_page, content: t.t('common.next') }}
      onStep={onStep}
    >
      <span className="page-of" part="page-of">
        {t.t('common.pagination', { page, total: meta.last_page })}
      </span>
    </StepNav>
  )
}

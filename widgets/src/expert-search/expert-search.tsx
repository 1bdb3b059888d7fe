import {
  type ContributorProfile,
  expertSearchMessages,
  type FetchLike,
  type PageMeta,
  riyadhDay,
} from '@mashura/core'
import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react'
import type { ExpertSelectedDetail } from '../events.ts'
import { ErrorNotice } from '../shared/notice.tsx'
import type { WidgetSeed } from '../shared/seed.ts'
import { useTranslator } from '../shared/use-translator.ts'
import { useWidgetContext } from '../shared/widget-context.ts'
import { ExpertCard } from './expert-card.tsx'
import { Pager } from './pager.tsx'
import { SearchFiltersForm } from './search-filters.tsx'
import {
  activeFilterCount,
  hasNarrowingFilters,
  initialFilters,
  parseRole,
  type SearchFilters,
} from './search-query.ts'
import { useExpertResults } from './use-expert-results.ts'
import { useFilterOptions } from './use-filter-options.ts'

/** What a search shows: its filters and page (kept by the element so that moving it loses nothing). */
export interface ExpertSearchState {
  /** The filters applied. */
  filters: SearchFilters
  /** The 1-based page shown. */
  page: number
}

/** The props of {@link ExpertSearch}: strings and numbers in, callbacks out. */
export interface ExpertSearchProps {
  /** The API base. */
  apiBase: string
  /** The embedding site's API key. */
  apiKey: string
  /** The language; `ar` by default. */
  lang?: string | undefined
  /** The `fetch` the API client uses. */
  fetch?: FetchLike | undefined
  /** The kind of expert listed (`bsa`, `advisor`, `consultant`, `partner`); every kind when absent. */
  role?: string | undefined
  /** The subject to filter by at first. */
  subject?: number | undefined
  /** The search text to start with. */
  query?: string | undefined
  /** Results per page (the server's default, 15, when absent; at most 100). */
  perPage?: number | undefined
  /** A state to resume instead of the attributes' starting point. */
  resume?: ExpertSearchState | undefined
  /** Called whenever the filters or the page change. */
  onStateChange?: ((state: ExpertSearchState) => void) | undefined
  /** Called when the visitor chooses an expert. */
  onSelected?: ((detail: ExpertSelectedDetail) => void) | undefined
  /** Results and filter lists the host already has (a page its server drew); React hosts only. */
  seed?: WidgetSeed | undefined
}

/** Today's Riyadh calendar day as `YYYY-MM-DD`. */
const riyadhToday = () => riyadhDay(new Date())

/**
 * The expert search: a search box, the filters of spec section 2, a page of results and the pager. It
 * knows nothing of custom elements; `expert-search.element.ts` wraps it. A new role, subject or query
 * starts a new search from scratch.
 */
export function ExpertSearch(props: ExpertSearchProps) {
  return (
    <ExpertSearchView key={`${props.role ?? ''}|${props.subject ?? ''}|${props.query ?? ''}`} {...props} />
  )
}

function ExpertSearchView(props: ExpertSearchProps) {
  const { apiBase, apiKey, fetch, perPage, resume, onStateChange, onSelected } = props
  const t = useTranslator(props.lang, expertSearchMessages)
  const role = parseRole(props.role)
  const start = useMemo(
    () => initialFilters(role, props.subject ?? null, props.query ?? ''),
    [role, props.subject, props.query],
  )
  // A state kept by an older version lacks the newer fields (the order): the start fills them in.
  const [filters, setFilters] = useState<SearchFilters>(() => ({ ...start, ...resume?.filters }))
  const [page, setPage] = useState(resume?.page ?? 1)
  // The page asked for last, ahead of the render: quick presses of "next" each move one page on.
  const pageRef = useRef(page)
  const [draft, setDraft] = useState(filters.text)
  const [attempt, setAttempt] = useState(0)
  const [noticeHidden, setNoticeHidden] = useState(false)
  const [resets, setResets] = useState(0)
  // Narrow widgets fold the filters behind one button (CSS decides when); closed at first, also on the server.
  const [filtersOpen, setFiltersOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const filtersId = useId()
  const today = useMemo(riyadhToday, [])

  // One context (configuration and client) for the whole widget; the search is public, so no token is set.
  const context = useWidgetContext({ apiBase, apiKey, lang: t.lang, fetch })
  const view = useExpertResults(context, role, filters, page, perPage, attempt, props.seed)
  const options = useFilterOptions(context, props.seed)

  // The pager stays while the next page loads, so that the button just pressed keeps focus.
  const lastMeta = useRef<PageMeta | null>(null)
  if (view.kind === 'results') lastMeta.current = view.meta
  if (view.kind === 'error') lastMeta.current = null
  const meta = lastMeta.current

  function apply(next: SearchFilters, nextPage = 1) {
    setFilters(next)
    setPage(nextPage)
    pageRef.current = nextPage
    setNoticeHidden(false)
    onStateChange?.({ filters: next, page: nextPage })
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Every filter change starts again at page 1; a repeated search reloads.
    if (draft === filters.text && page === 1) retry()
    else apply({ ...filters, text: draft })
  }

  function retry() {
    setNoticeHidden(false)
    setAttempt((n) => n + 1)
  }

  function clearFilters() {
    setDraft('')
    setResets((n) => n + 1)
    apply(initialFilters(role, null, ''))
    inputRef.current?.focus()
  }

  function choose(expert: ContributorProfile) {
    onSelected?.({ contributorId: expert.id, role: expert.role, subjectId: filters.subject })
  }

  const hideNotice = useCallback(() => setNoticeHidden(true), [])
  const errorMessage =
    view.kind === 'error' ? view.message || t.t(view.network ? 'errors.network' : 'common.error') : null
  const status =
    view.kind !== 'results'
      ? ''
      : view.meta.total === 0
        ? t.t('contributors.results', { count: 0 })
        : t.t('expertSearch.resultsOnPage', {
            count: view.meta.total,
            page: view.meta.page,
            pages: view.meta.last_page,
          })
  const unfiltered = initialFilters(role, null, '')
  const narrowed = hasNarrowingFilters(filters, unfiltered)
  const active = activeFilterCount(filters, unfiltered)

  return (
    <div part="base" className="base" dir={t.dir} lang={t.lang} aria-busy={view.kind === 'loading'}>
      <search className="search" part="search" aria-label={t.t('expertSearch.label')}>
        <form onSubmit={submit}>
          <label className="label" htmlFor={inputId}>
            {t.t('expertSearch.searchLabel')}
          </label>
          <div className="search-row">
            <input
              id={inputId}
              ref={inputRef}
              className="search-input"
              part="search-input"
              type="search"
              enterKeyHint="search"
              maxLength={200}
              placeholder={t.t('nav.searchPlaceholder')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="m-button" part="search-button">
              {t.t('nav.searchSubmit')}
            </button>
          </div>
        </form>
      </search>
      {/* Shown only while the widget is narrow (the stylesheet's container query): a disclosure. */}
      <button
        ref={toggleRef}
        type="button"
        className="m-button m-button-quiet filters-toggle"
        part="filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {t.t('expertSearch.filtersToggle')}
        {active > 0 && (
          <span className="filters-count" part="filters-count">
            {t.t('expertSearch.filtersActive', { count: active })}
          </span>
        )}
      </button>
      <div id={filtersId} className="filters-panel" data-open={filtersOpen}>
        <SearchFiltersForm
          filters={filters}
          onChange={(next) => apply(next)}
          options={options}
          role={role}
          today={today}
          resets={resets}
          t={t}
        />
        <button
          type="button"
          className="m-button filters-done"
          part="filters-done"
          onClick={() => {
            setFiltersOpen(false)
            toggleRef.current?.focus()
          }}
        >
          {t.t('expertSearch.filtersDone')}
        </button>
      </div>
      {narrowed && (
        <button type="button" className="m-button m-button-quiet clear" part="clear" onClick={clearFilters}>
          {t.t('contributors.filters.clear')}
        </button>
      )}
      {/* Always present, so that each new count is announced. */}
      <p className="status" part="status" role="status">
        {status}
      </p>
      <ErrorNotice
        message={errorMessage}
        retryLabel={t.t('common.retry')}
        onRetry={retry}
        onHide={hideNotice}
      />
      {view.kind === 'error' && noticeHidden && (
        <p className="failed" part="failed">
          {t.t('expertSearch.loadFailed')}{' '}
          <button type="button" className="m-button m-button-quiet" part="retry" onClick={retry}>
            {t.t('common.retry')}
          </button>
        </p>
      )}
      {view.kind === 'loading' && (
        <div className="skeleton" part="skeleton" role="status" aria-label={t.t('common.loading')}>
          {[0, 1, 2].map((n) => (
            <div key={n} className="skeleton-card" aria-hidden="true">
              <span className="skeleton-photo" />
              <span className="m-skeleton-bar" />
              <span className="m-skeleton-bar" />
              <span className="m-skeleton-bar" />
            </div>
          ))}
        </div>
      )}
      {view.kind === 'results' && view.experts.length > 0 && (
        <ul className="results" part="results" aria-label={t.t('expertSearch.resultsLabel')}>
          {view.experts.map((expert) => (
            <ExpertCard key={expert.id} expert={expert} onChoose={choose} t={t} />
          ))}
        </ul>
      )}
      {view.kind === 'results' && view.experts.length === 0 && (
        <div className="empty" part="empty">
          <h3 className="empty-title">{t.t('expertSearch.emptyTitle')}</h3>
          <p className="empty-hint">{t.t('expertSearch.emptyHint')}</p>
          <button type="button" className="m-button" part="empty-clear" onClick={clearFilters}>
            {t.t('contributors.filters.clear')}
          </button>
        </div>
      )}
      {meta && meta.last_page > 1 && (
        <Pager
          page={page}
          meta={meta}
          onStep={(step) => {
            const next = pageRef.current + step
            if (next >= 1 && next <= meta.last_page) apply(filters, next)
          }}
          t={t}
        />
      )}
    </div>
  )
}

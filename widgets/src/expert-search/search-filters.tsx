import { isSubjectType, type MessageKey, type SubjectType } from '@mashura/core'
import { type ReactNode, useId } from 'react'
import type { ExpertRole } from '../events.ts'
import { DatesFilter } from './dates-filter.tsx'
import type { ExpertSearchTranslator } from './expert-search-types.ts'
import { type SearchFilters, sortOf } from './search-query.ts'
import type { FilterOptions } from './use-filter-options.ts'

/** The message of each field (subject type). */
const FIELD_LABELS: Readonly<Record<SubjectType, MessageKey>> = {
  1: 'subjects.consulting',
  2: 'subjects.guidance',
  4: 'subjects.partnerships',
}

/** The props of {@link SearchFiltersForm}. */
export interface SearchFiltersProps {
  /** The filters now applied. */
  filters: SearchFilters
  /** Called with the whole new filters when the visitor changes one. */
  onChange: (filters: SearchFilters) => void
  /** The subject and center choices. */
  options: FilterOptions
  /** The `role` attribute: bsa lists offer bsa subjects only. */
  role: ExpertRole | null
  /** Today in Riyadh (`YYYY-MM-DD`). */
  today: string
  /** How many times every filter was cleared: each time, the dates filter starts afresh. */
  resets: number
  /** The widget's translator. */
  t: ExpertSearchTranslator
}

/** Reads a select's value as an id, or null for the "all" choice (an empty value). */
function idOrNull(value: string): number | null {
  return value === '' ? null : Number(value)
}

/** One labelled native select of the filters; `onChange` gets the chosen option's value. */
function SelectField({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string
  label: string
  value: string | number
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  )
}

/**
 * The filters of spec section 2: field, subject, calendar dates, session type, center, availability and
 * the order (best match for a text, or newest first). Each applies as soon as it changes; native selects, a checkbox and two native
 * date inputs keep them small and keyboard operable.
 */
export function SearchFiltersForm({
  filters,
  onChange,
  options,
  role,
  today,
  resets,
  t,
}: SearchFiltersProps) {
  const ids = {
    field: useId(),
    subject: useId(),
    sessionType: useId(),
    center: useId(),
    available: useId(),
    sort: useId(),
  }
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch })
  const subjects = options.subjects.filter(
    (subject) =>
      subject.id === filters.subject ||
      ((filters.field === null || subject.type === filters.field) && (role !== 'bsa' || subject.bsa_subject)),
  )
  // The `subject` attribute may name a subject the list has not loaded (yet): keep it choosable.
  const missingSubject =
    filters.subject !== null && !subjects.some((subject) => subject.id === filters.subject)

  return (
    <fieldset className="filters" part="filters">
      <legend className="legend">{t.t('contributors.filters.title')}</legend>
      <SelectField
        id={ids.field}
        label={t.t('contributors.filters.field')}
        value={filters.field ?? ''}
        onChange={(chosen) => {
          const value = Number(chosen)
          const field = isSubjectType(value) ? value : null
          const subject = options.subjects.find((s) => s.id === filters.subject)
          // A subject of another field would leave nothing to list.
          const keepSubject = field === null || !subject || subject.type === field
          set({ field, ...(keepSubject ? {} : { subject: null }) })
        }}
      >
        <option value="">{t.t('expertSearch.allFields')}</option>
        {([1, 2, 4] as const).map((type) => (
          <option key={type} value={type}>
            {t.t(FIELD_LABELS[type])}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={ids.subject}
        label={t.t('contributors.filters.subject')}
        value={filters.subject ?? ''}
        onChange={(chosen) => set({ subject: idOrNull(chosen) })}
      >
        <option value="">{t.t('expertSearch.allSubjects')}</option>
        {missingSubject && <option value={filters.subject ?? ''}>{`#${filters.subject}`}</option>}
        {subjects.map((subject) => (
          <option key={subject.id} value={subject.id}>
            {subject.name}
          </option>
        ))}
      </SelectField>
      {/* A new key empties its inputs, partly typed days included, which no `value` could. */}
      <DatesFilter
        key={resets}
        value={filters.dates}
        onChange={(dates) => set({ dates })}
        today={today}
        t={t}
      />
      <SelectField
        id={ids.sessionType}
        label={t.t('contributors.filters.sessionType')}
        value={filters.sessionType ?? ''}
        onChange={(value) => set({ sessionType: value === '1' ? 1 : value === '2' ? 2 : null })}
      >
        <option value="">{t.t('expertSearch.anySessionType')}</option>
        <option value="2">{t.t('communication.online')}</option>
        <option value="1">{t.t('communication.office')}</option>
      </SelectField>
      <SelectField
        id={ids.center}
        label={t.t('contributors.filters.center')}
        value={filters.center ?? ''}
        onChange={(chosen) => set({ center: idOrNull(chosen) })}
      >
        <option value="">{t.t('expertSearch.allCenters')}</option>
        {options.centers.map((center) => (
          <option key={center.id} value={center.id}>
            {center.name}
          </option>
        ))}
      </SelectField>
      <div className="field field-check">
        <span className="label" aria-hidden="true">
          {t.t('contributors.filters.availability')}
        </span>
        <label className="check" htmlFor={ids.available}>
          <input
            id={ids.available}
            type="checkbox"
            checked={filters.availableOnly}
            onChange={(event) => set({ availableOnly: event.target.checked })}
          />
          {t.t('expertSearch.availableOnly')}
        </label>
      </div>
      {/* Best match needs a text to match: without one the list is newest first. */}
      <SelectField
        id={ids.sort}
        label={t.t('expertSearch.sortLabel')}
        value={sortOf(filters)}
        onChange={(value) => set({ sort: value === 'newest' ? 'newest' : 'relevance' })}
      >
        <option value="relevance" disabled={filters.text.trim() === ''}>
          {t.t('expertSearch.sortRelevance')}
        </option>
        <option value="newest">{t.t('expertSearch.sortNewest')}</option>
      </SelectField>
    </fieldset>
  )
}

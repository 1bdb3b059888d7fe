import r2wc from '@r2wc/react-to-web-component'
import { createElement } from 'react'
import { emit } from '../events.ts'
import { resolveConfig, type SharedAttributes, sharedProps } from '../shared/config.ts'
import { defineElement } from '../shared/define-element.ts'
import { adoptStyles } from '../shared/styles.ts'
import { ExpertSearch, type ExpertSearchState } from './expert-search.tsx'
import { expertSearchSheet } from './sheet.ts'

/** The attributes of `<expert-search>`, as r2wc hands them over. */
interface ExpertSearchAttributes extends SharedAttributes {
  role?: string
  expertRole?: string
  subject?: number
  query?: string
  perPage?: number
  container?: HTMLElement
}

/**
 * The search each element showed last, with the attributes it started from. r2wc unmounts the React tree
 * when an element leaves the document and mounts a new one when it comes back, so a moved element resumes
 * from here; new attributes start afresh.
 */
const lastSearch = new WeakMap<Element, { start: string; state: ExpertSearchState }>()

/** The elements already warned that `role` is deprecated (once each). */
const warnedRole = new WeakSet<Element>()

/** The console warning of an element still set up with the deprecated `role` attribute. */
export const ROLE_DEPRECATION =
  '<expert-search>: the `role` attribute is deprecated, since `role` is ARIA\'s attribute and accessibility checkers flag values such as "consultant" (axe: aria-roles). Use `expert-role`; `role` keeps working until the next major release.'

function ExpertSearchHost({
  container,
  role: ariaRole,
  expertRole,
  subject,
  query,
  perPage,
  ...shared
}: ExpertSearchAttributes) {
  // r2wc renders into the shadow root and passes it as `container`.
  const host = (container as unknown as ShadowRoot | undefined)?.host
  const role = expertRole || ariaRole
  if (ariaRole && !expertRole && host && !warnedRole.has(host)) {
    warnedRole.add(host)
    console.warn(ROLE_DEPRECATION)
  }
  const start = JSON.stringify([role ?? '', subject ?? null, query ?? ''])
  const saved = host ? lastSearch.get(host) : undefined
  return createElement(ExpertSearch, {
    ...resolveConfig(shared),
    role,
    subject: Number.isInteger(subject) && (subject as number) > 0 ? subject : undefined,
    query,
    perPage:
      Number.isInteger(perPage) && (perPage as number) > 0 ? Math.min(perPage as number, 100) : undefined,
    resume: saved?.start === start ? saved.state : undefined,
    onStateChange: (state) => {
      if (host) lastSearch.set(host, { start, state })
    },
    onSelected: (detail) => {
      if (host) emit(host, 'expert-selected', detail)
    },
  })
}

const Base = r2wc(ExpertSearchHost, {
  shadow: 'open',
  props: {
    ...sharedProps,
    role: 'string',
    expertRole: 'string',
    subject: 'number',
    query: 'string',
    perPage: 'number',
  },
})

/**
 * The expert search: a search box, the filters of spec section 2 (field, subject, calendar dates, session
 * type, center, availability, newest first), a page of results with photo, name, kind, subjects and next
 * free slot in Saudi Arabia time, and a pager.
 *
 * @tag expert-search
 *
 * @attr expert-role - The kind of expert listed: `bsa`, `advisor`, `consultant` or `partner`; every kind
 *   when absent. `bsa` reads the bsa list; the other three read the consultants list with their field preset.
 * @attr role - Deprecated: the same as `expert-role`, which wins when both are set. `role` is ARIA's
 *   attribute, and checkers (axe `aria-roles`) flag these values on the element; it still works until the
 *   next major release, with a console warning once per element.
 * @attr subject - A subject id to filter by at first.
 * @attr query - The search text to start with; a blank search is sent as a single space.
 * @attr per-page - Results per page (default 15, at most 100).
 * @attr api-base - The API base (default `/api`, or the page-wide value from `configureWidgets`).
 * @attr api-key - The embedding site's API key.
 * @attr lang - `ar` (default, right to left) or `en` (left to right).
 *
 * @event expert-selected - Emitted when the visitor chooses a result;
 *   `detail: { contributorId: number, role: 'bsa' | 'advisor' | 'consultant' | 'partner', subjectId: number | null }`
 *   (`role` is the expert's own kind; `subjectId` the subject filter, which the `subject` attribute presets).
 *
 * @csspart base - The wrapper; carries `dir` and `lang`.
 * @csspart search - The search form.
 * @csspart search-input - The search text box.
 * @csspart search-button - The search button.
 * @csspart filters-toggle - The "Filters" button (with the count of active filters) that opens and closes
 *   the filters while the widget is narrower than 768px.
 * @csspart filters-count - The number of active filters in that button.
 * @csspart filters - The filters' fieldset.
 * @csspart filters-done - The "Show results" button that closes the narrow widget's filters.
 * @csspart dates - The date range's input group.
 * @csspart clear - The "clear filters" button under the filters.
 * @csspart status - The live region announcing the number of results.
 * @csspart notice - The error notice (hides itself after 10 seconds).
 * @csspart retry - A retry button, in the notice or after it.
 * @csspart failed - The line that keeps a retry button once the notice has gone.
 * @csspart skeleton - The loading placeholder.
 * @csspart results - The list of results.
 * @csspart result - One result.
 * @csspart photo - A result's photo, or its initials when there is none.
 * @csspart name - A result's name.
 * @csspart kind - A result's kind (consultant, advisor, …).
 * @csspart available-now - A result's "available now" badge, when the expert takes instant sessions now.
 * @csspart subjects - A result's subjects.
 * @csspart next-slot - A result's next free slot.
 * @csspart choose - A result's choose button.
 * @csspart empty - The no-results message.
 * @csspart empty-clear - The no-results message's "clear filters" button.
 * @csspart pager - The pager.
 * @csspart previous - The previous-page button.
 * @csspart next - The next-page button.
 * @csspart page-of - The "page x of y" text.
 *
 * @cssproperty --expert-search-columns - The most result columns on wide screens (default `3`); one column
 *   under 576px.
 * @cssproperty --expert-search-card-min-inline-size - The narrowest a result column gets (default `16rem`).
 * @cssproperty --expert-search-photo-size - The size of a result's photo (default `4rem`).
 * @cssproperty --expert-search-accent - Buttons, links, focus rings, checkboxes (default: `--mashura-color-primary`
 *   darkened by a fifth, since white text on `#3084b2` itself misses WCAG AA's 4.5:1).
 * @cssproperty --mashura-color-primary - The brand primary (`#3084b2`); also `--mashura-color-secondary`,
 *   `--mashura-color-text`, `--mashura-color-muted`, `--mashura-color-surface`, `--mashura-color-border`,
 *   `--mashura-font-family`.
 */
export class ExpertSearchElement extends Base {
  constructor() {
    super()
    if (this.shadowRoot) adoptStyles(this.shadowRoot, 'expert-search', expertSearchSheet)
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'expert-search': ExpertSearchElement
  }
}

/** Registers the search under `tag` (guarded); each extra tag gets its own subclass, as the registry requires. */
export function defineExpertSearch(tag = 'expert-search'): void {
  defineElement(tag, 'expert-search', ExpertSearchElement)
}

import {
  type ApiClient,
  type Availability,
  addCalendarDays,
  type CallOptions,
  type ContributorListParams,
  type ContributorProfile,
  getBsaContributors,
  getConsultants,
  type PagedResponse,
  type SubjectType,
  searchContributors,
} from '@mashura/core'
import type { ExpertRole } from '../events.ts'

/** What the visitor asked for: the search text and the filters of spec section 2. */
export interface SearchFilters {
  /** The search text as typed; blank lists everyone. */
  text: string
  /** The field (subject type), or null for every field. */
  field: SubjectType | null
  /** The subject, or null for every subject. */
  subject: number | null
  /** The first and last Riyadh day (`YYYY-MM-DD`) of the calendar dates, or null for any day. */
  dates: { start: string; end: string } | null
  /** The session type: 1 in the office, 2 online, or null for either. */
  sessionType: 1 | 2 | null
  /** The center, or null for every center. */
  center: number | null
  /** Only experts with at least one free future slot. */
  availableOnly: boolean
  /** The order of a text's matches: best match first, or newest first (see {@link sortOf}). */
  sort: SearchSort
}

/** The orders a visitor can pick: best match (for a text) or newest first. */
export type SearchSort = 'relevance' | 'newest'

/** The order a search is listed in: the chosen one for a text, newest first without one (nothing to match). */
export function sortOf(filters: SearchFilters): SearchSort {
  return filters.text.trim() === '' ? 'newest' : filters.sort
}

/** The most days a search may name (the server's limit, a month). */
export const MAX_SEARCH_DAYS = 31

/** The field each kind serves (spec section 3: 1 consulting, 2 guidance, 4 partnerships); bsa spans them. */
export const FIELD_OF_ROLE: Readonly<Record<ExpertRole, SubjectType | null>> = {
  consultant: 1,
  advisor: 2,
  partner: 4,
  bsa: null,
}

/** Reads the `role` attribute: one of the four kinds, or null for every kind. */
export function parseRole(value: string | null | undefined): ExpertRole | null {
  return value === 'bsa' || value === 'advisor' || value === 'consultant' || value === 'partner'
    ? value
    : null
}

/** The filters a widget starts with: the attributes' role, subject and text, nothing else narrowed. */
export function initialFilters(role: ExpertRole | null, subject: number | null, text: string): SearchFilters {
  return {
    text,
    field: role ? FIELD_OF_ROLE[role] : null,
    subject,
    dates: null,
    sessionType: null,
    center: null,
    availableOnly: false,
    sort: 'relevance',
  }
}

/** Whether any filter narrows the list beyond what the attributes set (so "clear filters" helps); the order narrows nothing. */
export function hasNarrowingFilters(filters: SearchFilters, start: SearchFilters): boolean {
  return JSON.stringify({ ...filters, sort: start.sort }) !== JSON.stringify(start)
}

/**
 * How many filters narrow the list beyond the attributes' kind (the "Filters" button's count): the field,
 * subject, dates, session type, center and availability; the text and the order are not filters.
 */
export function activeFilterCount(filters: SearchFilters, start: SearchFilters): number {
  const keys = ['field', 'subject', 'dates', 'sessionType', 'center', 'availableOnly'] as const
  return keys.filter((key) => JSON.stringify(filters[key]) !== JSON.stringify(start[key])).length
}

/**
 * Lists the Riyadh days from `start` to `end` (both `YYYY-MM-DD`, in either order), at most
 * {@link MAX_SEARCH_DAYS}, for the `dates` filter that names days one by one.
 */
export function daysBetween(start: string, end: string): string[] {
  const [from, to] = start <= end ? [start, end] : [end, start]
  const days: string[] = []
  for (let day = from; day <= to && days.length < MAX_SEARCH_DAYS; day = addCalendarDays(day, 1))
    days.push(day)
  return days
}

/**
 * The query of one page: the text always goes as `q`, a blank one as a single space (spec section 2), and
 * only the filters that narrow.
 */
export function searchParams(
  filters: SearchFilters,
  page: number,
  perPage: number | undefined,
): ContributorListParams {
  const text = filters.text.trim()
  return {
    q: text === '' ? ' ' : text,
    page,
    ...(perPage ? { per_page: perPage } : {}),
    ...(filters.field !== null ? { type: filters.field } : {}),
    ...(filters.subject !== null ? { subjects: [filters.subject] } : {}),
    ...(filters.center !== null ? { centers: [filters.center] } : {}),
    ...(filters.dates ? { dates: daysBetween(filters.dates.start, filters.dates.end) } : {}),
    ...(filters.sessionType !== null ? { availability: filters.sessionType satisfies Availability } : {}),
    ...(filters.availableOnly ? { available: true } : {}),
    sort: sortOf(filters),
  }
}

/**
 * Reads one page of experts from the call that fits the role: the bsa list for `bsa`, the consultants
 * list (consultants, advisors, partners; the field picks the kind) for the other kinds, and the search
 * across every kind when no role is set.
 */
export function fetchExperts(
  client: ApiClient,
  role: ExpertRole | null,
  params: ContributorListParams,
  options: CallOptions,
): Promise<PagedResponse<ContributorProfile>> {
  if (role === 'bsa') return getBsaContributors(client, params, options)
  if (role) return getConsultants(client, params, options)
  return searchContributors(client, params, options)
}

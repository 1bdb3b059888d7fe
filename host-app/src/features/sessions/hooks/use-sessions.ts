import {
  $language,
  addCalendarDays,
  type DateScope,
  getBookedSessions,
  getSmeSessionHistory,
  getSmeSessions,
  isCalendarDay,
  type PagedResponse,
  type Session,
  startOfRiyadhDay,
  type UserRole,
} from '@mashura/core'
import { useStore } from '@nanostores/react'
import { api } from '../../../lib/api.ts'
import { type ApiState, useApi } from '../../../lib/use-api.ts'

/** The lists a business owner has. */
export const SME_TABS = ['upcoming', 'history'] as const
/** The periods an expert's booked sessions can be read by (core's `DateScope`), in tab order. */
export const EXPERT_SCOPES = [
  'today',
  'week',
  'month',
  'upcoming',
  'past',
] as const satisfies readonly DateScope[]
/** The expert's tabs: the periods, then a date range of their choice (`/sessions/range?from=…&to=…`). */
export const EXPERT_TABS = [...EXPERT_SCOPES, 'range'] as const

/** A tab of the sessions page. */
export type SessionsTab = (typeof SME_TABS)[number] | (typeof EXPERT_TABS)[number]

/** A range of Riyadh days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string
  to: string
}

/** The tabs of a role. */
export function tabsFor(role: UserRole): readonly SessionsTab[] {
  return role === 'sme' ? SME_TABS : EXPERT_TABS
}

/** The tab an address's `{type}` names for a role, or null when it names none (then upcoming is shown). */
export function tabFromType(role: UserRole, type: string | undefined): SessionsTab | null {
  return tabsFor(role).find((tab) => tab === type) ?? null
}

/** Whether a string is a calendar day `YYYY-MM-DD` that exists. */
export function isDay(value: string | null | undefined): value is string {
  return isCalendarDay(value)
}

/** The moments a range of Riyadh days covers: from 00:00 of `from` to 00:00 after `to`, as ISO times. */
export function rangeBounds(range: DayRange): { from: string; to: string } {
  const start = startOfRiyadhDay(range.from)
  const end = startOfRiyadhDay(addCalendarDays(range.to, 1))
  return { from: start.toISOString(), to: end.toISOString() }
}

/**
 * Loads one page of the sessions of a tab: the business owner's upcoming or past sessions, or the expert's
 * booked sessions of a period or of a range of days (`range`; nothing is asked until a valid one is given).
 * Reloads when the language changes: subject and office names come translated.
 */
export function useSessions(
  role: UserRole,
  tab: SessionsTab,
  page: number,
  range: DayRange | null = null,
): ApiState<PagedResponse<Session>> {
  const lang = useStore($language)
  return useApi(
    (signal) => {
      if (role === 'contributor') {
        if (tab === 'range') {
          if (!range) return Promise.resolve(emptyPage())
          return getBookedSessions(api, { ...rangeBounds(range), page }, { signal })
        }
        return getBookedSessions(api, { date_scope: tab as DateScope, page }, { signal })
      }
      if (tab === 'history') return getSmeSessionHistory(api, { page }, { signal })
      return getSmeSessions(api, { page }, { signal })
    },
    [role, tab, page, lang, range?.from, range?.to],
  )
}

/** An empty first page, for a range not yet chosen. */
function emptyPage(): PagedResponse<Session> {
  return { data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } }
}

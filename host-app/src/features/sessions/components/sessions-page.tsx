import '../../../lib/more-messages.ts'
import { $auth, addCalendarDays, formatDateWithHijri, riyadhDay } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { useOwnProfilePath } from '../../../components/layout/use-own-profile-path.ts'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { usePageParam } from '../../../lib/use-page-param.ts'
import {
  type DayRange,
  isDay,
  type SessionsTab,
  tabFromType,
  tabsFor,
  useSessions,
} from '../hooks/use-sessions.ts'
import { SessionList } from './session-list.tsx'
import '../sessions.css'

/** How many days the range view covers when none is chosen yet: today and the four weeks after. */
const DEFAULT_RANGE_DAYS = 28

/** The catalog key of a tab's label. */
function tabLabelKey(tab: SessionsTab) {
  if (tab === 'history') return 'sessions.history' as const
  if (tab === 'range') return 'workspace.range.tab' as const
  return `sessionsPage.scope.${tab}` as const
}

/** Today's Riyadh day and the day `days` later, as `YYYY-MM-DD`. */
function riyadhDays(days: number): DayRange {
  const today = riyadhDay(new Date())
  return { from: today, to: addCalendarDays(today, days) }
}

/** The range the address asks for (`?from=…&to=…`), or the default one when it asks for none. */
function useRange(): DayRange {
  const [params] = useSearchParams()
  const from = params.get('from')
  const to = params.get('to')
  return useMemo(() => (isDay(from) && isDay(to) ? { from, to } : riyadhDays(DEFAULT_RANGE_DAYS)), [from, to])
}

/**
 * The expert's choice of days: from and to (Riyadh days, both included). Showing puts them in the address
 * (`?from=…&to=…`, first page), so the view can be shared and the back button works; an end before the
 * start is refused here with a message next to the end date, and nothing typed is lost.
 */
function RangeForm({ range }: { range: DayRange }) {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [error, setError] = useState('')
  useEffect(() => {
    setFrom(range.from)
    setTo(range.to)
  }, [range])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isDay(from) || !isDay(to)) {
      setError(t.t('workspace.range.invalid'))
      return
    }
    if (to < from) {
      setError(t.t('workspace.range.endBeforeStart'))
      return
    }
    setError('')
    navigate(`${paths.sessions.to('range')}?${new URLSearchParams({ from, to })}`)
  }

  return (
    <form className="range-form" onSubmit={submit} data-region="range-form" noValidate>
      <label>
        <span>{t.t('workspace.range.from')}</span>
        <input type="date" name="from" required value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        <span>{t.t('workspace.range.to')}</span>
        <input
          type="date"
          name="to"
          required
          value={to}
          min={from || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <button type="submit" className="button button-primary" data-action="show-range">
        {t.t('workspace.range.show')}
      </button>
      <p id={`${id}-error`} className="field-error range-error" role="alert">
        {error}
      </p>
    </form>
  )
}

/** What an empty tab says, and the way on: an expert is sent to publish slots, a business owner to find an expert. */
function EmptyTab({ tab, expert }: { tab: SessionsTab; expert: boolean }) {
  const t = useT()
  const profile = useOwnProfilePath(expert)
  if (expert)
    return (
      <>
        <p className="empty-title">{t.t('workspace.sessions.none')}</p>
        <p>{t.t('sessionsPage.emptyExpertHint')}</p>
        <Link className="button" to={profile} data-action="go-add-slots">
          {t.t('workspace.next.addSlots')}
        </Link>
      </>
    )
  if (tab === 'history')
    return (
      <>
        <p className="empty-title">{t.t('empty.history')}</p>
        <p>{t.t('sessionsPage.emptyHistoryHint')}</p>
      </>
    )
  return (
    <>
      <p className="empty-title">{t.t('empty.upcomingSessions')}</p>
      <p>{t.t('sessionsPage.emptyUpcomingHint')}</p>
      <Link className="button button-primary" to={paths.home.to()}>
        {t.t('sessionsPage.findExpert')}
      </Link>
    </>
  )
}

/**
 * `/sessions/{type}`: the signed-in person's sessions. A business owner has upcoming and history; an expert
 * has today, this week, this month, upcoming, past, and a range of days of their choice
 * (`/sessions/range?from=YYYY-MM-DD&to=YYYY-MM-DD`, Riyadh days). Tabs are links; an unknown type shows upcoming.
 */
export function SessionsPage() {
  const t = useT()
  const { type } = useParams()
  const role = useStore($auth).userRole
  const page = usePageParam()
  const tab = tabFromType(role, type)
  const range = useRange()
  const state = useSessions(role, tab ?? 'upcoming', page, tab === 'range' ? range : null)
  const activeTab = useRef<HTMLAnchorElement>(null)
  // On a narrow screen the tabs scroll sideways: bring the current one into view.
  useEffect(() => {
    if (tab) activeTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [tab])
  if (!tab) return <Navigate to={paths.sessions.to('upcoming')} replace />
  const expert = role === 'contributor'
  return (
    <section className="sme-page" data-page="sessions" data-tab={tab}>
      <h1>{t.t('sessionsPage.title')}</h1>
      <nav className="tabs" aria-label={t.t('sessionsPage.tabs')}>
        <ul>
          {tabsFor(role).map((item) => (
            <li key={item}>
              <Link
                to={paths.sessions.to(item)}
                className="tab"
                aria-current={item === tab ? 'page' : undefined}
                ref={item === tab ? activeTab : undefined}
                data-tab={item}
              >
                {t.t(tabLabelKey(item))}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'range' ? (
        <>
          <RangeForm range={range} />
          <p className="range-summary" data-from={range.from} data-to={range.to}>
            {t.t('workspace.range.summary', {
              from: formatDateWithHijri(range.from, t.lang),
              to: formatDateWithHijri(range.to, t.lang),
            })}
          </p>
        </>
      ) : null}
      <SessionList
        state={state}
        viewer={role}
        empty={<EmptyTab tab={tab} expert={expert} />}
        row={() => ({ withHistoryLink: expert })}
      />
    </section>
  )
}

import {
  type ApiClient,
  addDays,
  type ContributorProfile,
  type DateRange,
  getContributorSchedule,
  isApiError,
  type Slot,
  weekBounds,
} from '@mashura/core'
import { useEffect, useMemo, useState } from 'react'
import { seeded, type WidgetSeed } from '../shared/seed.ts'
import { useLoad } from '../shared/use-load.ts'

/** One Saudi week of an expert's free slots. */
export interface WeekSchedule {
  /** The expert, as the schedule call returns them. */
  contributor: ContributorProfile
  /** The week's free slots, earliest first. */
  slots: Slot[]
  /** Whether free slots exist after this week. */
  later: boolean
  /** The start of the week these slots are in (ms): the week asked for, or the first with free slots. */
  start: number
}

/** Where loading a week stands: `data` stays while a reload runs, so the page does not jump. */
export interface ScheduleState {
  /** The week shown, Sunday to Saturday in Riyadh. */
  week: DateRange
  /** The loaded week, or null before the first answer for this week. */
  data: WeekSchedule | null
  /** Whether a load is under way. */
  loading: boolean
  /** The load error's message (an empty string means the generic one), or null. */
  error: string | null
  /** Loads the week again (after a booking, or from the error notice's retry button). */
  reload: () => void
}

/** The largest page the schedule call serves. */
const PER_PAGE = 100
/** A bound on pages walked for one week, so a broken server cannot keep the widget looping. */
const MAX_PAGES = 20

/**
 * Reads the free slots of one week. The public schedule call pages every free future slot earliest first
 * (it has no date range), so this walks pages until a slot starts after the week. With `firstFree`, a week
 * without free slots gives way to the week of the next free slot (the calendar opens there, issue 31).
 */
export async function loadWeek(
  client: ApiClient,
  contributorId: number,
  week: DateRange,
  signal: AbortSignal,
  firstFree = false,
): Promise<WeekSchedule> {
  const slots: Slot[] = []
  let start = week.start.getTime()
  let end = week.end.getTime()
  for (let page = 1; ; page++) {
    const { data, meta } = await getContributorSchedule(
      client,
      { id: contributorId, page, per_page: PER_PAGE },
      { signal },
    )
    for (const slot of data.slots) {
      const at = Date.parse(slot.start)
      if (at > end && firstFree && slots.length === 0) {
        const next = weekBounds(slot.start)
        start = next.start.getTime()
        end = next.end.getTime()
      }
      if (at > end) return { contributor: data.contributor, slots, later: true, start }
      if (at >= start) slots.push(slot)
    }
    if (page >= (meta?.last_page ?? 1) || page >= MAX_PAGES)
      return { contributor: data.contributor, slots, later: false, start }
  }
}

/**
 * The week `offset` weeks after the current one (never before it), loaded and reloaded on demand; with
 * `offset` null, the current week, or the week of the next free slot when the current one has none.
 * `now` is read once per offset, so that a widget left open overnight keeps the week it shows. A week the
 * host already has (`seed`: the server drew it) is the first state, and is not loaded again.
 */
export function useSchedule(
  client: ApiClient,
  contributorId: number | undefined,
  offset: number | null,
  seed?: WidgetSeed,
): ScheduleState {
  const asked = useMemo(() => weekBounds(addDays(new Date(), (offset ?? 0) * 7)), [offset])
  const firstFree = offset === null
  // A week change drops the previous week's answer at once, so its slots never show as this week's.
  const { data, error, loading, reload } = useLoad(
    (signal) => loadWeek(client, contributorId!, asked, signal, firstFree),
    [client, contributorId, asked, firstFree],
    {
      clearOnChange: true,
      enabled: contributorId !== undefined,
      initial: () => {
        if (contributorId === undefined) return undefined
        const key = `booking-calendar:${contributorId}:${asked.start.getTime()}${firstFree ? ':first-free' : ''}`
        const data = seeded(seed, key, () =>
          loadWeek(client, contributorId, asked, new AbortController().signal, firstFree),
        )
        return data ? { data } : undefined
      },
    },
  )
  const shown = data?.start
  const week = useMemo(
    () => (firstFree && shown !== undefined && shown !== asked.start.getTime() ? weekBounds(shown) : asked),
    [firstFree, shown, asked],
  )
  return {
    week,
    data: data ?? null,
    loading,
    error: error === undefined ? null : isApiError(error) ? error.message : '',
    reload,
  }
}

/** The longest wait `setTimeout` takes (about 24.8 days); a later start is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1

/**
 * The slots whose start is still ahead. A calendar left open must not offer a time that has begun: the
 * list is checked again when the next slot starts, and that slot drops out.
 */
export function useUpcoming(slots: Slot[]): Slot[] {
  const [now, setNow] = useState(Date.now)
  const upcoming = useMemo(() => slots.filter((slot) => Date.parse(slot.start) > now), [slots, now])
  const next = upcoming.reduce((soonest, slot) => Math.min(soonest, Date.parse(slot.start)), Infinity)
  useEffect(() => {
    if (next === Infinity) return
    // `now` is a dependency so that a wait cut short by the cap starts again.
    void now
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, next - Date.now()), MAX_DELAY_MS))
    return () => clearTimeout(timer)
  }, [next, now])
  return upcoming
}

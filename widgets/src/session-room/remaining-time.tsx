import { useEffect, useState } from 'react'
import type { RoomTranslator } from './session-details.tsx'

/** The props of {@link RemainingTime}. */
export interface RemainingTimeProps {
  /** When the session is due to start (ISO 8601). */
  start: string
  /** When the session is due to end (ISO 8601). */
  end: string
  /** Whether the session is under way (`ongoing`); a booked one only counts down to its start. */
  ongoing: boolean
  /** The translator. */
  t: RoomTranslator
}

/** How often the indicator is redrawn: often enough for a minute count, rarely enough to cost nothing. */
const TICK_MS = 15_000

/** How long before its start a booked session counts down to it: a day (further off, the date says it). */
const COUNTDOWN_MS = 24 * 60 * 60_000

/** Minutes left before `end`, rounded down; negative once it has passed. */
export function minutesLeft(end: string, now: number): number {
  return Math.floor((Date.parse(end) - now) / 60_000)
}

/**
 * What the room says about time at `now`: before a booked session's start, the whole minutes until it
 * (`upcoming`); from the start of an ongoing one, the minutes left before the end (`running`, `ending` under
 * five minutes, `over` once past). A booked session says nothing once its start has passed (it has not begun)
 * or while it is more than a day off; an ongoing one that began early says nothing until its slot starts: it
 * is under way, and "starts in" beside "the meeting has started" contradicted the call (issue 31).
 */
export function sessionClock(
  { start, end, ongoing }: Pick<RemainingTimeProps, 'start' | 'end' | 'ongoing'>,
  now: number,
): { state: 'upcoming' | 'running' | 'ending' | 'over'; minutes: number } | null {
  const untilStart = Date.parse(start) - now
  if (untilStart > 0) {
    if (ongoing || untilStart > COUNTDOWN_MS) return null
    return { state: 'upcoming', minutes: Math.floor(untilStart / 60_000) }
  }
  if (!ongoing) return null
  const minutes = minutesLeft(end, now)
  return { state: minutes < 0 ? 'over' : minutes < 5 ? 'ending' : 'running', minutes }
}

/**
 * A live clock of the session's time. Before a booked session starts (later today or tomorrow), how long
 * until it starts, part `starts-in` with `data-state="upcoming"`; once its start has come, the
 * minutes an ongoing session has left, then that its time is over, part `remaining` with `data-state`
 * `running`, `ending` (under five minutes: time to extend or wrap up) or `over`. A `timer` role (not
 * announced on each change, which would interrupt the call). It follows `start` and `end`, so an extension
 * shows at once.
 */
export function RemainingTime({ start, end, ongoing, t }: RemainingTimeProps) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const clock = sessionClock({ start, end, ongoing }, now)
  if (!clock) return null
  if (clock.state === 'upcoming') {
    const hours = Math.floor(clock.minutes / 60)
    return (
      <p className="remaining" part="starts-in" role="timer" data-state="upcoming">
        {hours > 0
          ? t.t('sessionRoom.startsInHours', { hours, minutes: clock.minutes % 60 })
          : t.t('sessionRoom.startsIn', { minutes: clock.minutes })}
      </p>
    )
  }
  return (
    <p className="remaining" part="remaining" role="timer" data-state={clock.state}>
      {clock.state === 'over'
        ? t.t('sessionRoom.overtime')
        : t.t('sessionRoom.remaining', { minutes: clock.minutes })}
    </p>
  )
}

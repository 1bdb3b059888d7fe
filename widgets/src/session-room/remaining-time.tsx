import { useEffect, useState } from 'react'
import type { RoomTranslator } from './session-details.tsx'

/** The props of {@link RemainingTime}. */
export interface RemainingTimeProps {
  /** When the session is due to end (ISO 8601). */
  end: string
  /** The translator. */
  t: RoomTranslator
}

/** How often the indicator is redrawn: often enough for a minute count, rarely enough to cost nothing. */
const TICK_MS = 15_000

/** Minutes left before `end`, rounded down; negative once it has passed. */
export function minutesLeft(end: string, now: number): number {
  return Math.floor((Date.parse(end) - now) / 60_000)
}

/**
 * A live count of the minutes an ongoing session has left, then that its time is over. A `timer` role
 * (not announced on each change, which would interrupt the call), with `data-state` `running`, `ending`
 * (under five minutes: time to extend or wrap up) or `over`. It follows `end`, so an extension shows at once.
 */
export function RemainingTime({ end, t }: RemainingTimeProps) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const minutes = minutesLeft(end, now)
  const state = minutes < 0 ? 'over' : minutes < 5 ? 'ending' : 'running'
  return (
    <p className="remaining" part="remaining" role="timer" data-state={state}>
      {state === 'over' ? t.t('sessionRoom.overtime') : t.t('sessionRoom.remaining', { minutes })}
    </p>
  )
}

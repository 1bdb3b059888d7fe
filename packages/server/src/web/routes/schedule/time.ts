/** The Riyadh periods `GET /schedule/booked-sessions` reads by name. */
import { addDays, startOfRiyadhDay, startOfRiyadhMonth, weekBounds } from '@mashura/core'

/** A period with a named calendar span. */
export type CalendarScope = 'today' | 'week' | 'month'

/** A span of time: `start` included, `end` excluded. */
export interface HalfOpenRange {
  /** The first instant. */
  start: Date
  /** The first instant after the span. */
  end: Date
}

/**
 * The span of a named period around `now`: the Riyadh day, the Saudi week (Sunday to Saturday) or the
 * Riyadh calendar month.
 */
export function scopeBounds(scope: CalendarScope, now: Date): HalfOpenRange {
  if (scope === 'today') {
    const start = startOfRiyadhDay(now)
    return { start, end: addDays(start, 1) }
  }
  if (scope === 'week') {
    const { start, end } = weekBounds(now)
    return { start, end: new Date(end.getTime() + 1) }
  }
  const start = startOfRiyadhMonth(now)
  // 32 days after the 1st always lands in the next month.
  return { start, end: startOfRiyadhMonth(addDays(start, 32)) }
}

/**
 * Slot times for demo data: whole Asia/Riyadh hours within the working hours
 * (Sunday–Thursday, 09:00–17:00), worked out with core's date API.
 */
import { addCalendarDays, riyadhDay, riyadhParts, startOfRiyadhDay } from '@mashura/core'
import { WORKING_HOURS } from './catalogue.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** How far ahead slots are published. */
export const SLOT_WINDOW_DAYS = 21

const WORKING_DAYS: ReadonlySet<number> = new Set(WORKING_HOURS.days.map((d) => d.day))
const FIRST_HOUR = 9
const LAST_START_HOUR = 16

/** The working hours' slot starts (UTC ms) on the Riyadh day `dayOffset` days from `now`'s Riyadh day. */
function dayStarts(nowMs: number, dayOffset: number): number[] {
  const day = addCalendarDays(riyadhDay(nowMs), dayOffset)
  if (!WORKING_DAYS.has(riyadhParts(day).weekday)) return []
  // Riyadh keeps no daylight saving: every hour of its day is an hour after its midnight.
  const midnight = startOfRiyadhDay(day).getTime()
  const out: number[] = []
  for (let h = FIRST_HOUR; h <= LAST_START_HOUR; h++) out.push(midnight + h * HOUR)
  return out
}

/**
 * Every free hour from `now` on, for three weeks, grouped by week: starts strictly
 * after `now` whose slot also ends within the window.
 */
export function futureHours(now: Date): number[][] {
  const nowMs = now.getTime()
  const until = nowMs + SLOT_WINDOW_DAYS * DAY
  const weeks: number[][] = [[], [], []]
  for (let d = 0; d <= SLOT_WINDOW_DAYS; d++) {
    const week = weeks[Math.min(2, Math.floor(d / 7))]!
    for (const start of dayStarts(nowMs, d)) if (start > nowMs && start + HOUR <= until) week.push(start)
  }
  return weeks
}

/** Every working hour that ended before `now`, over the past `days` days. */
export function pastHours(now: Date, days: number): number[] {
  const nowMs = now.getTime()
  const out: number[] = []
  for (let d = -days; d <= 0; d++)
    for (const start of dayStarts(nowMs, d)) if (start + HOUR <= nowMs) out.push(start)
  return out
}

/** One hour in milliseconds (the slot length). */
export const SLOT_MS = HOUR
/** One day in milliseconds. */
export const DAY_MS = DAY

/** A UTC time as stored: ISO 8601 text. */
export function iso(ms: number): string {
  return new Date(ms).toISOString()
}

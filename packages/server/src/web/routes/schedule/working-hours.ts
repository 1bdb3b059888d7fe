/** The working hours within which contributors publish slots: the `working_hours` setting, or a default. */
import type { WorkingDay, WorkingHours } from '@mashura/core'
import { HHMM_PATTERN } from '@mashura/core/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { settingByKey } from '../../../db/queries/settings.ts'
import type { Database } from '../../../db/tables.ts'

/** The settings key the working hours are stored under, as JSON (core's `WorkingHours`). */
export const WORKING_HOURS_KEY = 'working_hours'

/** The hours when none are set: Sunday to Thursday (the Saudi working week), 09:00–17:00, 60-minute slots. */
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  time_zone: 'Asia/Riyadh',
  slot_minutes: 60,
  days: ([0, 1, 2, 3, 4] as const).map((day) => ({ day, start: '09:00', end: '17:00' })),
}

const HHMM = new RegExp(HHMM_PATTERN)

/** Reads a stored value as working hours, or null when it is not a valid one. */
export function parseWorkingHours(raw: string): WorkingHours | null {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const minutes = v.slot_minutes
  if (!Number.isInteger(minutes) || (minutes as number) < 1 || !Array.isArray(v.days)) return null
  const days: WorkingDay[] = []
  for (const d of v.days as unknown[]) {
    if (!d || typeof d !== 'object') return null
    const { day, start, end } = d as Record<string, unknown>
    if (!Number.isInteger(day) || (day as number) < 0 || (day as number) > 6) return null
    if (typeof start !== 'string' || typeof end !== 'string' || !HHMM.test(start) || !HHMM.test(end))
      return null
    if (start >= end) return null
    days.push({ day: day as WorkingDay['day'], start, end })
  }
  return { time_zone: 'Asia/Riyadh', slot_minutes: minutes as number, days }
}

/** The working hours: the stored setting when it is valid, else the default (a bad value is logged). */
export async function readWorkingHours(db: Kysely<Database>, log: FastifyBaseLogger): Promise<WorkingHours> {
  const row = await settingByKey(db, WORKING_HOURS_KEY)
  if (!row) return DEFAULT_WORKING_HOURS
  const parsed = parseWorkingHours(row.value_ar)
  if (!parsed) log.warn('the working_hours setting is not valid JSON working hours; using the default')
  return parsed ?? DEFAULT_WORKING_HOURS
}

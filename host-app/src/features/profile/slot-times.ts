import {
  addDays,
  EXTRA_STORAGE_KEYS,
  getStorage,
  type LoginResult,
  riyadhParts,
  type SlotInput,
  weekBounds,
} from '@mashura/core'

/** Riyadh is UTC+3 all year (no daylight saving), so a Riyadh wall time has a fixed offset. */
const RIYADH_OFFSET = '+03:00'

/** The Riyadh calendar day of a moment as `YYYY-MM-DD`. */
export function riyadhDay(at: Date | string | number): string {
  const { year, month, day } = riyadhParts(at)
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Today's Riyadh calendar day as `YYYY-MM-DD`. */
export function riyadhToday(now = new Date()): string {
  return riyadhDay(now)
}

/** The moment a Riyadh day (`YYYY-MM-DD`) starts, at 00:00 Riyadh time. */
export function riyadhMidnight(day: string): Date {
  return new Date(`${day}T00:00:00${RIYADH_OFFSET}`)
}

/** A Saudi week (Sunday to Saturday, Riyadh): its first moment, the moment after it, and its seven days. */
export interface Week {
  start: Date
  end: Date
  /** The days as `YYYY-MM-DD`, Sunday first. */
  days: string[]
}

/** The Saudi week `offset` weeks after the one `now` falls in (0 this week, 1 next week). */
export function weekAt(offset: number, now = new Date()): Week {
  const start = addDays(weekBounds(now).start, offset * 7)
  return {
    start,
    end: addDays(start, 7),
    days: Array.from({ length: 7 }, (_, i) => riyadhDay(addDays(start, i).getTime() + 12 * 3_600_000)),
  }
}

/** One slot the person is putting together before publishing it: a Riyadh day, a start time and a length. */
export interface SlotDraft {
  /** A stable key for the row (React key, `data-draft-key`, error mapping). */
  key: string
  /** The Riyadh day, `YYYY-MM-DD`. */
  day: string
  /** The Riyadh start time, `HH:mm`. */
  start: string
  /** The length in minutes. */
  minutes: number
}

/** The moment a draft starts, or NaN when its time is not filled in. */
export function draftStart(draft: SlotDraft): number {
  return /^\d{2}:\d{2}$/.test(draft.start)
    ? Date.parse(`${draft.day}T${draft.start}:00${RIYADH_OFFSET}`)
    : Number.NaN
}

/** The Riyadh wall time (`HH:mm`) a draft ends at, or '' when its start is not filled in. */
export function draftEndTime(draft: SlotDraft): string {
  const start = draftStart(draft)
  if (Number.isNaN(start)) return ''
  const { hour, minute } = riyadhParts(start + draft.minutes * 60_000)
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

/**
 * The drafts as the server takes them, in the order sent (so that the server's `slots.{i}` error fields map
 * back to `keys[i]`). Drafts without a start time are left out. Past times are left to the server to refuse,
 * so that its message (spec 8) is what the contributor reads.
 */
export function draftsToSlots(drafts: readonly SlotDraft[]): { slots: SlotInput[]; keys: string[] } {
  const slots: SlotInput[] = []
  const keys: string[] = []
  for (const draft of drafts) {
    const start = draftStart(draft)
    if (Number.isNaN(start) || draft.minutes <= 0) continue
    slots.push({
      start: new Date(start).toISOString(),
      end: new Date(start + draft.minutes * 60_000).toISOString(),
    })
    keys.push(draft.key)
  }
  return { slots, keys }
}

/**
 * Spreads the server's field errors (`slots.2`, `slots.2.start`, `office_id`) onto the drafts they name:
 * draft key → message; `office_id` and anything else stay under their own names.
 */
export function fieldErrorsByDraft(
  fields: Record<string, string> | undefined,
  keys: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(fields ?? {})) {
    const m = /^slots\.(\d+)(?:\.|$)/.exec(field)
    const key = m ? keys[Number(m[1])] : field
    if (key !== undefined && out[key] === undefined) out[key] = message
  }
  return out
}

/** The start time a new draft on `day` gets: right after the day's last draft, else 09:00. */
export function nextStartTime(drafts: readonly SlotDraft[], day: string): string {
  const last = drafts.filter((d) => d.day === day).at(-1)
  const end = last ? draftEndTime(last) : ''
  return end && end > (last?.start ?? '') ? end : '09:00'
}

/** The signed-in contributor's slot permissions, as the login stored them (spec 5). */
export interface SlotPermissions {
  canCreate: boolean
  canDelete: boolean
}

/** Reads the slot flags of the stored login; `null` when there is none or it cannot be read. */
export function storedSlotPermissions(): SlotPermissions | null {
  try {
    const login = JSON.parse(
      getStorage().getItem(EXTRA_STORAGE_KEYS.loginData) ?? 'null',
    ) as LoginResult | null
    if (!login?.user) return null
    return {
      canCreate: login.user.can_create_slots === true,
      canDelete: login.user.can_delete_slots === true,
    }
  } catch {
    return null
  }
}

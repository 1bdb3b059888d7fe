import {
  addDays,
  EXTRA_STORAGE_KEYS,
  getStorage,
  type LoginResult,
  riyadhClockTime,
  riyadhInstant,
  riyadhWeekDays,
  type SlotInput,
  weekBounds,
} from '@mashura/core'

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
    days: riyadhWeekDays(start),
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

/** The moment a draft starts, or NaN when its time is not filled in (or is no time). */
export function draftStart(draft: SlotDraft): number {
  try {
    return riyadhInstant(draft.day, draft.start).getTime()
  } catch {
    return Number.NaN
  }
}

/** The Riyadh wall time (`HH:mm`) a draft ends at, or '' when its start is not filled in. */
export function draftEndTime(draft: SlotDraft): string {
  const start = draftStart(draft)
  if (Number.isNaN(start)) return ''
  return riyadhClockTime(start + draft.minutes * 60_000)
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

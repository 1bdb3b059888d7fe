import { type ApiClient, getSmeSessionRequests, getSmeSessions, type Slot } from '@mashura/core'
import { useLoad } from '../shared/use-load.ts'

/** A time the signed-in person already holds: a booked or ongoing session, or a waiting request. */
export interface BusyTime {
  /** Start and end, in ms. */
  start: number
  end: number
}

/** The largest page the lists serve, and a bound on pages read (a broken server must not loop us). */
const PER_PAGE = 100
const MAX_PAGES = 5

/**
 * Reads the signed-in person's upcoming sessions (`GET /schedule/sme/sessions`) and waiting requests
 * (`GET /schedule/requests/sme-session?state=waiting`): the times fair booking refuses to overlap.
 */
export async function loadBusy(client: ApiClient, signal: AbortSignal): Promise<BusyTime[]> {
  const busy: BusyTime[] = []
  const span = (start: string, end: string) => busy.push({ start: Date.parse(start), end: Date.parse(end) })
  const sessions = async () => {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { data, meta } = await getSmeSessions(client, { page, per_page: PER_PAGE }, { signal })
      for (const session of data) span(session.start, session.end)
      if (page >= (meta?.last_page ?? 1)) return
    }
  }
  const requests = async () => {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { data, meta } = await getSmeSessionRequests(
        client,
        { page, per_page: PER_PAGE, state: 'waiting' },
        { signal },
      )
      for (const request of data) span(request.slot.start, request.slot.end)
      if (page >= (meta?.last_page ?? 1)) return
    }
  }
  await Promise.all([sessions(), requests()])
  return busy
}

/** Whether a slot overlaps one of the busy times (back to back is no overlap, as the server counts). */
export function clashes(slot: Slot, busy: readonly BusyTime[]): boolean {
  const start = Date.parse(slot.start)
  const end = Date.parse(slot.end)
  return busy.some((time) => time.start < end && time.end > start)
}

/**
 * The signed-in person's busy times, loaded when there is a token (nothing signed out), again after
 * `version` changes (a booking). A failure marks nothing: the server still refuses an overlap, and says so.
 */
export function useBusy(client: ApiClient, token: string | null, version: number): BusyTime[] {
  const { data } = useLoad((signal) => loadBusy(client, signal), [client, token, version], {
    enabled: token !== null,
  })
  return token === null ? [] : (data ?? [])
}

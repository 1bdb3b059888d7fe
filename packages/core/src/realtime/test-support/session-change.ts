import type { SessionChange } from '../../contract/index.ts'

/** A session-changed message as the server's hub sends it: a one-hour booked session, changed as given. */
export function sessionChange(changes: Partial<SessionChange> = {}): SessionChange {
  return {
    id: 5,
    state: 'booked',
    request_state: null,
    contributor_id: 7,
    sme_id: 3,
    start_at: '2026-11-22T09:00:00+03:00',
    end_at: '2026-11-22T10:00:00+03:00',
    is_instant: false,
    communication_way: 0,
    ...changes,
  }
}

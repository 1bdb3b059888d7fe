import type { MessageKey, RequestState } from '@mashura/core'

/** The catalog key of a request state's label (`requests.status.*`). */
export function requestStateLabelKey(state: RequestState): MessageKey {
  return `requests.status.${state}`
}

/**
 * The status icon of a request state: accepted, pending, rejected or expired (spec 9); a request its business
 * owner withdrew (issue 34) shows the rejected cross, its label saying which.
 */
export function requestStateIcon(state: RequestState): 'accepted' | 'pending' | 'rejected' | 'expired' {
  if (state === 'waiting') return 'pending'
  return state === 'withdrawn' ? 'rejected' : state
}

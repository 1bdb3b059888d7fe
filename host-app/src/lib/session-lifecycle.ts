import { lifecycleOf, type Session, sessionActions } from '@mashura/core'

/**
 * Whether the expert may write (or has written) the session's recommendations now: core's `sessionActions`,
 * the rule the session room and the server share. The viewer's id is left out: the server hands a session
 * only to its two participants.
 */
export function recommendable(session: Session, now: Date = new Date()): boolean {
  return sessionActions(lifecycleOf(session), { role: 'contributor' }, now).includes('writeRecommendations')
}

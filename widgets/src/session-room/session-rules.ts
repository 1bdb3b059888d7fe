import { isSameRiyadhDay, type Session } from '@mashura/core'

/** Which of the signed-in person's identities looks at the session. */
export type ViewerRole = 'sme' | 'contributor'

/** An action the room may offer. */
export type RoomAction =
  | 'start'
  | 'continue'
  | 'end'
  | 'markAbsent'
  | 'cancel'
  | 'join'
  | 'extend'
  | 'endInstant'

/** Reads the `role` attribute: `contributor`, else the business owner (the default). */
export function viewerRole(value: string | null | undefined): ViewerRole {
  return value === 'contributor' ? 'contributor' : 'sme'
}

/**
 * The actions a viewer may take on a session now, in display order. They mirror the server's rules
 * (packages/server/src/domain/lifecycle.ts) so that no button leads to a certain refusal: a booked session
 * starts on its own Riyadh day only; the business owner is marked absent once the session has begun;
 * only a booked session is cancelled, and only by its expert; the business owner joins an ongoing online
 * meeting. An ongoing instant session is extended and ended with its own calls (spec section 7: extend,
 * end-instant); the business owner asked for it a moment ago, so there is no absence to record. The server
 * stays the judge: a refusal still comes back as its message.
 */
export function roomActions(session: Session, role: ViewerRole, now: Date = new Date()): RoomAction[] {
  const begun = Date.parse(session.start) <= now.getTime()
  if (role === 'sme') {
    return session.state === 'ongoing' && session.communication_way === 0 && session.meeting ? ['join'] : []
  }
  switch (session.state) {
    case 'booked': {
      const actions: RoomAction[] = []
      if (isSameRiyadhDay(session.start, now)) actions.push('start')
      if (begun) actions.push('markAbsent')
      actions.push('cancel')
      return actions
    }
    case 'ongoing':
      return session.is_instant ? ['continue', 'extend', 'endInstant'] : ['continue', 'end', 'markAbsent']
    default:
      return []
  }
}

/**
 * The address of the recommendations page from a template such as `/add-recommendations/{id}`, with
 * `endSession=true` added when the session still has to be ended there (spec section 4).
 */
export function recommendationsUrl(template: string, sessionId: number, endSession: boolean): string {
  const path = template.replaceAll('{id}', encodeURIComponent(String(sessionId)))
  if (!endSession) return path
  const hashAt = path.indexOf('#')
  const [beforeHash, hash] = hashAt === -1 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)]
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}endSession=true${hash}`
}

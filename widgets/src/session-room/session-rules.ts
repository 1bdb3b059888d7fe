import { lifecycleOf, type Session, type SessionAction, sessionActions } from '@mashura/core'

/** Which of the signed-in person's identities looks at the session. */
export type ViewerRole = 'sme' | 'contributor'

/** An action the room offers as a button: core's session actions but the recommendations, which the host links. */
export type RoomAction = Exclude<SessionAction, 'writeRecommendations'>

/** Reads the `role` attribute: `contributor`, else the business owner (the default). */
export function viewerRole(value: string | null | undefined): ViewerRole {
  return value === 'contributor' ? 'contributor' : 'sme'
}

/**
 * The buttons a viewer may press on a session now, in display order: core's `sessionActions`, which the
 * server's rules (packages/server/src/domain/lifecycle.ts) share, so that no button leads to a certain
 * refusal. The viewer's id is not needed: the server hands a session only to its two participants. The
 * server stays the judge: a refusal still comes back as its message.
 */
export function roomActions(session: Session, role: ViewerRole, now: Date = new Date()): RoomAction[] {
  return sessionActions(lifecycleOf(session), { role }, now).filter(
    (action): action is RoomAction => action !== 'writeRecommendations',
  )
}

/** The business owner's own changes to an upcoming session (issue 34): whether they are open, and until when. */
export interface OwnerWindow {
  /** The moment after which she can no longer cancel or move it (the server's `changeable_until`). */
  until: string
  /** The cut-off in whole hours before the start (24 by default), to say why the changes closed. */
  hours: number
}

/**
 * The window in which the business owner may cancel or move her own session herself, or null when she may
 * not at all (the expert's view, a session that started, ended or was cancelled). The server sends
 * `changeable_until` only to her and only while the session is upcoming, and stays the judge.
 */
export function ownerWindow(session: Session, role: ViewerRole): OwnerWindow | null {
  const until = session.changeable_until
  if (role !== 'sme' || session.state !== 'booked' || session.started_at !== null || until === undefined)
    return null
  return { until, hours: Math.round((Date.parse(session.start) - Date.parse(until)) / 3_600_000) }
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

/** Returns whether a session-details failure sends the visitor home: 403 or 404 (spec 8). */
export function sessionDetailsRedirectsHome(status: number): boolean {
  return status === 403 || status === 404
}

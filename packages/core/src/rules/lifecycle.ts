/**
 * The session and request lifecycle of spec section 4, in one place: the server enforces it
 * (packages/server/src/domain/lifecycle.ts) and the session room offers only what it allows
 * (widgets/src/session-room/session-rules.ts), so that no button leads to a certain refusal.
 */
import type { Session } from '../contract/index.ts'
import { isSameRiyadhDay } from '../time/index.ts'
import type { UserRole } from './constants.ts'
import type { RequestState, SessionState } from './index.ts'

// ---------------------------------------------------------------- sessions

/** A change its expert makes to a session: a move from some states to one. */
export interface SessionMoveRule {
  /** The states the move leaves. */
  readonly from: readonly SessionState[]
  /** The state it arrives in (`extend` stays ongoing and moves the end). */
  readonly to: SessionState
  /** Only an instant ("join now") session makes this move. */
  readonly instantOnly?: true
}

/**
 * The session lifecycle table (spec 4, 7): booked → ongoing → ended; booked → cancelled; booked or
 * ongoing → SME absent; an ongoing session is extended in place, and an instant one also ends with its own
 * call. Nothing leaves ended, cancelled or SME absent. Only the session's expert makes these moves.
 */
export const SESSION_MOVES = {
  start: { from: ['booked'], to: 'ongoing' },
  extend: { from: ['ongoing'], to: 'ongoing' },
  end: { from: ['ongoing'], to: 'ended' },
  endInstant: { from: ['ongoing'], to: 'ended', instantOnly: true },
  markAbsent: { from: ['booked', 'ongoing'], to: 'sme_absent' },
  cancel: { from: ['booked'], to: 'cancelled' },
} as const satisfies Record<string, SessionMoveRule>

/** A move of {@link SESSION_MOVES}. */
export type SessionMove = keyof typeof SESSION_MOVES

/**
 * The states each session state may move to, read off {@link SESSION_MOVES} (every state appears in it, so
 * the final ones map to nothing). Built in a pure call, so that a bundle which never reads it drops it.
 */
export const SESSION_TRANSITIONS: Readonly<Record<SessionState, readonly SessionState[]>> =
  /* @__PURE__ */ (() => {
    const rules: readonly SessionMoveRule[] = Object.values(SESSION_MOVES)
    const table = {} as Record<SessionState, SessionState[]>
    for (const { from, to } of rules) {
      table[to] ??= []
      for (const state of from) {
        table[state] ??= []
        if (state !== to && !table[state].includes(to)) table[state].push(to)
      }
    }
    return table
  })()

/** Session states in which the expert may write recommendations: the meeting has begun or is over. */
export const RECOMMENDABLE_STATES = [
  'ongoing',
  'ended',
  'sme_absent',
] as const satisfies readonly SessionState[]

/** What the lifecycle reads of a session: facts the server's row and the wire session both carry. */
export interface LifecycleSession {
  /** Its state. */
  state: SessionState
  /** Whether it is an instant ("join now") session. */
  instant: boolean
  /** When it starts (an ISO instant). */
  start: string
  /** When it ends, later after an extension (an ISO instant). */
  end: string
  /** Its expert's contributor id. */
  contributorId: number
  /** Its business owner's person id. */
  smeId: number
  /** Whether it has an online meeting its participants can join. */
  meeting: boolean
}

/** The lifecycle facts of a session as the API sends it: what {@link sessionActions} reads. */
export function lifecycleOf(session: Session): LifecycleSession {
  return {
    state: session.state,
    instant: session.is_instant,
    start: session.start,
    end: session.end,
    contributorId: session.contributor.id,
    smeId: session.sme.id,
    meeting: session.communication_way === 0 && Boolean(session.meeting),
  }
}

/** Who looks at a session: as its expert or as its business owner. */
export interface SessionViewer {
  /** The side they act on. */
  role: UserRole
  /**
   * Their id on that side (contributor id as expert, person id as business owner), matched against the
   * session's. Left out by a caller whose source only ever hands a person their own sessions (the session
   * room reads sessions from the server, which serves them to their two participants only).
   */
  id?: number
}

/** Why a move is refused: not the viewer's to make, the wrong state or kind, or the wrong time. */
export type SessionRefusal =
  /** The viewer is not the session's expert. */
  | 'not_expert'
  /** The session is in no state the move leaves. */
  | 'wrong_state'
  /** The move is for instant sessions only. */
  | 'not_instant'
  /** A start before the session's own Riyadh day. */
  | 'before_day'
  /** A start after the session's own Riyadh day. */
  | 'after_day'
  /** The business owner marked absent before the session has begun. */
  | 'not_started'

/**
 * Judges a move of an expert on a session now: null when allowed, else why not. The state is checked
 * before the time, so a session in the wrong state is refused as such on any day. A booked session starts
 * on its own Riyadh day only, and its business owner is marked absent only once it has begun.
 */
export function sessionMoveRefusal(
  move: SessionMove,
  session: LifecycleSession,
  viewer: SessionViewer,
  now: Date,
): SessionRefusal | null {
  if (viewer.role !== 'contributor' || (viewer.id !== undefined && viewer.id !== session.contributorId))
    return 'not_expert'
  const rule: SessionMoveRule = SESSION_MOVES[move]
  if (!rule.from.includes(session.state)) return 'wrong_state'
  if (rule.instantOnly && !session.instant) return 'not_instant'
  if (session.state !== 'booked') return null
  const startsAt = Date.parse(session.start)
  if (move === 'start' && !isSameRiyadhDay(session.start, now))
    return startsAt > now.getTime() ? 'before_day' : 'after_day'
  if (move === 'markAbsent' && startsAt > now.getTime()) return 'not_started'
  return null
}

/**
 * Whether ending a session now ends it before its scheduled end, which must be deliberate (the server
 * asks for `force_end`).
 */
export function endsEarly(session: Pick<LifecycleSession, 'end'>, now: Date): boolean {
  return Date.parse(session.end) > now.getTime()
}

/** What a person may do with a session, as the session room's buttons and the host's links offer it. */
export type SessionAction =
  | SessionMove
  /** Back into the running meeting (the expert). */
  | 'continue'
  /** Into the running online meeting (the business owner). */
  | 'join'
  /** Write (or rewrite) the session's recommendations (the expert). */
  | 'writeRecommendations'

/**
 * The actions a person may take on a session now, in display order; each move listed is one that
 * {@link sessionMoveRefusal} allows. The expert of a booked session starts it on its day, marks the
 * business owner absent once it has begun and cancels it; of an ongoing one continues the meeting and ends
 * it, and marks the business owner absent. An ongoing instant session is extended and ended with its own
 * calls (spec 7) and offers no absence: its business owner asked for it a moment ago. Recommendations are
 * written once the meeting has begun. The business owner joins an ongoing session's online meeting.
 */
export function sessionActions(session: LifecycleSession, viewer: SessionViewer, now: Date): SessionAction[] {
  if (viewer.role === 'sme') {
    const own = viewer.id === undefined || viewer.id === session.smeId
    return own && session.state === 'ongoing' && session.meeting ? ['join'] : []
  }
  if (viewer.id !== undefined && viewer.id !== session.contributorId) return []
  const offered: SessionMove[] =
    session.state === 'booked'
      ? ['start', 'markAbsent', 'cancel']
      : session.instant
        ? ['extend', 'endInstant']
        : ['end', 'markAbsent']
  const moves = offered.filter((move) => sessionMoveRefusal(move, session, viewer, now) === null)
  const actions: SessionAction[] = session.state === 'ongoing' ? ['continue', ...moves] : moves
  if ((RECOMMENDABLE_STATES as readonly SessionState[]).includes(session.state))
    actions.push('writeRecommendations')
  return actions
}

// ---------------------------------------------------------------- requests

/** A change to a request: from waiting to an answer, or to expired. */
export interface RequestMoveRule {
  /** The states the move leaves. */
  readonly from: readonly RequestState[]
  /** The state it arrives in. */
  readonly to: RequestState
}

/**
 * The request lifecycle table (spec 4): a waiting request is accepted (it becomes a booked session) or
 * rejected by its advisor while its slot is ahead, or expires once its slot has started unanswered. The
 * rest are final.
 */
export const REQUEST_MOVES = {
  accept: { from: ['waiting'], to: 'accepted' },
  reject: { from: ['waiting'], to: 'rejected' },
  expire: { from: ['waiting'], to: 'expired' },
} as const satisfies Record<string, RequestMoveRule>

/** A move of {@link REQUEST_MOVES}. */
export type RequestMove = keyof typeof REQUEST_MOVES

/** Why a request move is refused: the wrong state, or the wrong time. */
export type RequestRefusal =
  /** The request is in no state the move leaves. */
  | 'wrong_state'
  /** An answer once the slot has started: the request has lapsed. */
  | 'lapsed'
  /** An expiry while the slot is still ahead. */
  | 'not_lapsed'

/** Judges a move on a request now: null when allowed, else why not. */
export function requestMoveRefusal(
  move: RequestMove,
  request: { state: RequestState; start: string },
  now: Date,
): RequestRefusal | null {
  const rule: RequestMoveRule = REQUEST_MOVES[move]
  if (!rule.from.includes(request.state)) return 'wrong_state'
  const lapsed = Date.parse(request.start) <= now.getTime()
  if (move === 'expire') return lapsed ? null : 'not_lapsed'
  return lapsed ? 'lapsed' : null
}

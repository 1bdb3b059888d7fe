/**
 * Pure rules of the spec: no I/O, no stores, no DOM. Every widget, page and the
 * server call these so that the same input always decides the same way.
 */

import type { ContributorKind, RequestState, SessionState, UserRole } from '../contract/enums.ts'
import type { ChatConversation, ChatLastMessage, PushMessageData } from '../contract/index.ts'
import type { MessageKey } from '../i18n/index.ts'
import { sitePaths } from '../site-paths.ts'

// The server's length limits a form shows live in the contract's TypeBox-free limits module.
export { DELETION_REASON_MAX, RATING_TEXT_MAX } from '../contract/limits.ts'

export {
  availabilityForCommunicationWay,
  BREAKPOINTS,
  COLORS,
  COMMUNICATION_WAYS,
  CONTRIBUTOR_KINDS,
  type CommunicationWayId,
  type ContributorKind,
  isSubjectType,
  PUSH_DEVICE_TYPE,
  SUBJECT_TYPES,
  type SubjectType,
  type UserRole,
} from './constants.ts'

// ---------------------------------------------------------------- role (spec 4, 6)

/**
 * The role rule: contributor when the stored contributor id exists and is not the
 * string `null`; otherwise sme.
 */
export function roleFromContributorId(storedId: string | null | undefined): UserRole {
  return storedId !== null && storedId !== undefined && storedId !== '' && storedId !== 'null'
    ? 'contributor'
    : 'sme'
}

/** Where a fresh sign-in lands (spec 4): the terms popup first, then the dashboard for experts, else home. */
export type PostLoginDestination = 'terms' | 'dashboard' | 'home'

/** Decides where the login flow routes: terms popup while agreement is not stored, dashboard for contributors, else home. */
export function postLoginDestination(role: UserRole, termsAgreed: boolean): PostLoginDestination {
  if (!termsAgreed) return 'terms'
  return role === 'contributor' ? 'dashboard' : 'home'
}

// ---------------------------------------------------------------- navigation (spec 2)

/** What the navigation rules look at. */
export interface NavigationContext {
  /** Whether a request token exists. */
  signedIn: boolean
  /** The stored role. */
  role: UserRole
  /** The expert's kind from the live expert record, when known. */
  expertKind?: ContributorKind | null
  /** The expert's chat status from the live expert record. */
  chatStatus?: boolean
  /** Whether any chat conversation is unread (see {@link hasUnreadMessages}). */
  hasUnreadChat?: boolean
  /** The live notification count. */
  notificationCount?: number
  /**
   * The signed-in expert's own profile address (`/profile/{kind}/{subjectId}/{contributorId}`), where their
   * week view adds slots; the bar links it as `week` once it is known.
   */
  ownProfilePath?: string | null
}

/** Navigation bar item ids, in display order. */
export type NavigationItemId =
  | 'home'
  | 'sessions'
  | 'week'
  | 'messages'
  | 'notifications'
  | 'dashboard'
  | 'requests'
  | 'faq'
  | 'search'
  | 'signIn'
  | 'profileMenu'

/** A visible navigation bar item. */
export interface NavigationItem {
  /** Which item. */
  id: NavigationItemId
  /** The route it goes to, when it is a link. */
  path?: string
  /** Whether its dot is active (messages: unread chat; notifications: count above zero). */
  dot?: boolean
}

/**
 * Lists the navigation bar items visible in a context, in order, with their links and dots (spec 2). Besides
 * the spec's items, an expert finds their sessions (`/sessions/upcoming`, as a business owner does) and their
 * week of slots (`week`: their own profile, once its address is known) in the bar.
 */
export function navigationItems(ctx: NavigationContext): NavigationItem[] {
  const items: NavigationItem[] = [{ id: 'home', path: sitePaths.home.to() }]
  const expert = ctx.signedIn && ctx.role === 'contributor'
  const sme = ctx.signedIn && ctx.role === 'sme'
  if (sme || expert) items.push({ id: 'sessions', path: sitePaths.sessions.to('upcoming') })
  if (expert && ctx.ownProfilePath) items.push({ id: 'week', path: ctx.ownProfilePath })
  if (expert && ctx.chatStatus === true)
    items.push({ id: 'messages', path: sitePaths.chat.to(), dot: ctx.hasUnreadChat === true })
  if (expert)
    items.push({
      id: 'notifications',
      path: sitePaths.notifications.to(),
      dot: (ctx.notificationCount ?? 0) > 0,
    })
  if (expert) items.push({ id: 'dashboard', path: sitePaths.dashboard.to() })
  if (sme || (expert && ctx.expertKind === 'advisor'))
    items.push({ id: 'requests', path: sitePaths.requests.to() })
  items.push({ id: 'faq', path: sitePaths.faq.to() })
  items.push({ id: 'search' })
  items.push(ctx.signedIn ? { id: 'profileMenu' } : { id: 'signIn' })
  return items
}

// ---------------------------------------------------------------- chat (spec 3)

/** The read status of a chat message. */
export const MESSAGE_STATUS_READ = 2

// A conversation and its last message as the live store holds them are the contract's (`contract/realtime.ts`).
export type { ChatConversation, ChatLastMessage }

/**
 * The unread rule: a message is unread when someone other than the expert sent it,
 * its body is not empty, and its status is not 2.
 */
export function isUnreadMessage(
  message: ChatLastMessage | null | undefined,
  expertId: number | string,
): boolean {
  if (!message) return false
  return (
    String(message.user?.id) !== String(expertId) &&
    typeof message.body === 'string' &&
    message.body.trim() !== '' &&
    message.status !== MESSAGE_STATUS_READ
  )
}

/** Returns whether any conversation's last message is unread for the expert. */
export function hasUnreadMessages(
  conversations: readonly ChatConversation[],
  expertId: number | string,
): boolean {
  return conversations.some((c) => isUnreadMessage(c.lastMessage, expertId))
}

// ---------------------------------------------------------------- push (spec 4)

// The data fields a push message carries are the contract's (`contract/push.ts`).
export type { PushMessageData }

// ---------------------------------------------------------------- states (spec 4)

// Session and request states are written once, in the contract's TypeBox-free `enums.ts`.
export { REQUEST_STATES, type RequestState, SESSION_STATES, type SessionState } from '../contract/enums.ts'

const SESSION_STATE_KEYS = {
  booked: 'sessions.status.booked',
  ongoing: 'sessions.status.ongoing',
  ended: 'sessions.status.ended',
  cancelled: 'sessions.status.cancelled',
  sme_absent: 'sessions.status.smeAbsent',
} as const satisfies Record<SessionState, MessageKey>

/** The catalog key of a session state's label. */
export function sessionStateLabelKey(state: SessionState): MessageKey {
  return SESSION_STATE_KEYS[state]
}

/** The catalog key of a request state's label. */
export function requestStateLabelKey(state: RequestState): MessageKey {
  return `requests.status.${state}`
}

/** The status icon of a request state: accepted, pending, rejected or expired (spec 9). */
export function requestStateIcon(state: RequestState): 'accepted' | 'pending' | 'rejected' | 'expired' {
  return state === 'waiting' ? 'pending' : state
}

export {
  endsEarly,
  type LifecycleSession,
  lifecycleOf,
  RECOMMENDABLE_STATES,
  REQUEST_MOVES,
  type RequestMove,
  type RequestMoveRule,
  type RequestRefusal,
  requestMoveRefusal,
  SESSION_MOVES,
  SESSION_TRANSITIONS,
  type SessionAction,
  type SessionMove,
  type SessionMoveRule,
  type SessionRefusal,
  type SessionViewer,
  sessionActions,
  sessionMoveRefusal,
} from './lifecycle.ts'

// ---------------------------------------------------------------- errors (spec 8)

/**
 * Reads the message of an error body: `error.message`, or a nested `message`
 * (`{ message }`, `{ error: "…" }`, `{ data: { message } }`); null when none.
 */
export function errorMessageFromBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body.trim() ? body : null
  const b = body as Record<string, unknown>
  const err = b.error
  if (err && typeof err === 'object' && typeof (err as Record<string, unknown>).message === 'string') {
    return (err as Record<string, string>).message || null
  }
  if (typeof err === 'string' && err.trim()) return err
  if (typeof b.message === 'string' && b.message.trim()) return b.message
  for (const value of Object.values(b)) {
    if (value && typeof value === 'object') {
      const nested = errorMessageFromBody(value)
      if (nested) return nested
    }
  }
  return null
}

/** The two steps of the rating flow that read an already-rated answer. */
export type RatingStep = 'validate' | 'submit'

/** Returns whether an error status means the session was already rated: 400 on validate, 422 on submit (spec 8). */
export function isAlreadyRated(step: RatingStep, status: number): boolean {
  return step === 'validate' ? status === 400 : status === 422
}

/** Returns whether a session-details failure sends the visitor home: 403 or 404 (spec 8). */
export function sessionDetailsRedirectsHome(status: number): boolean {
  return status === 403 || status === 404
}

/** Returns whether a voice-note upload failure shows its message: only when the status is not 500 (spec 8). */
export function voiceNoteErrorShown(status: number): boolean {
  return status !== 500
}

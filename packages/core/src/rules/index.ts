/**
 * Pure rules of the spec: no I/O, no stores, no DOM. Every widget, page and the
 * server call these so that the same input always decides the same way.
 */

import type { SessionState, UserRole } from '../contract/enums.ts'
import type { ChatConversation, ChatLastMessage, PushMessageData } from '../contract/index.ts'
import type { MessageKey } from '../i18n/index.ts'

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

/**
 * Where a fresh sign-in lands (spec 4): the dashboard for experts, else home. The spec's third destination, the
 * terms popup, is no longer the browser's to decide: consent is kept on the server (issue 34), and the site shows
 * the popup over wherever the person lands when the server says the published terms are not accepted.
 */
export type PostLoginDestination = 'dashboard' | 'home'

/** Decides where the login flow routes: the dashboard for contributors, else home. */
export function postLoginDestination(role: UserRole): PostLoginDestination {
  return role === 'contributor' ? 'dashboard' : 'home'
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
export {
  canOwnerChange,
  type MovingBooking,
  OWNER_CHANGE_CUTOFF_HOURS_DEFAULT,
  type OwnerChangeWindow,
  ownerChangeWindow,
  slotCanTakeMove,
} from './owner-changes.ts'

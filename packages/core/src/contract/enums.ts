/**
 * The closed sets of values the wire carries, each written once as a plain `as const` list: the contract's
 * schemas are built from these lists, and core's rules and the front ends read the same lists at run time.
 * No TypeBox here (this module imports nothing), so a bundle that needs a list carries only the list.
 */

/** The states of a session, as displayed (a pending request is not one). */
export const SESSION_STATES = ['booked', 'ongoing', 'ended', 'cancelled', 'sme_absent'] as const
/** A session state. */
export type SessionState = (typeof SESSION_STATES)[number]

/**
 * The states of a business owner's request for a session with an advisor; `withdrawn` when she took it back
 * herself while it waited (issue 34).
 */
export const REQUEST_STATES = ['waiting', 'accepted', 'rejected', 'expired', 'withdrawn'] as const
/** A request state. */
export type RequestState = (typeof REQUEST_STATES)[number]

/** The kinds of contributor (spec section 1). */
export const CONTRIBUTOR_KINDS = ['bsa', 'advisor', 'consultant', 'partner'] as const
/** A contributor kind. */
export type ContributorKind = (typeof CONTRIBUTOR_KINDS)[number]

/** The two roles a signed-in person can act as; on the wire, whether an id is a business owner's or a contributor's. */
export const USER_ROLES = ['sme', 'contributor'] as const
/** The two roles a signed-in person can act as. */
export type UserRole = (typeof USER_ROLES)[number]

/** Subject types by name: 1 consulting, 2 guidance/advisory, 4 partnerships. */
export const SUBJECT_TYPES = { consulting: 1, guidance: 2, partnerships: 4 } as const
/** A subject type number. */
export type SubjectType = (typeof SUBJECT_TYPES)[keyof typeof SUBJECT_TYPES]

/** Communication ways by name: id 0 voice/video (slot availability 2), id 1 in office (availability 1). */
export const COMMUNICATION_WAYS = {
  online: { id: 0, availability: 2 },
  office: { id: 1, availability: 1 },
} as const
/** A communication way id: 0 online, 1 office. */
export type CommunicationWayId = (typeof COMMUNICATION_WAYS)[keyof typeof COMMUNICATION_WAYS]['id']

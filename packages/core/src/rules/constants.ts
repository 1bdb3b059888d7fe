/** Business constants of spec section 9, in one place. */

/** The two roles a signed-in person can act as. */
export type UserRole = 'sme' | 'contributor'

/** Contributor kinds (spec section 1). */
export const CONTRIBUTOR_KINDS = ['bsa', 'advisor', 'consultant', 'partner'] as const
/** A contributor kind. */
export type ContributorKind = (typeof CONTRIBUTOR_KINDS)[number]

/** Communication ways: id 0 voice/video (slot availability 2), id 1 in office (availability 1). */
export const COMMUNICATION_WAYS = {
  online: { id: 0, availability: 2 },
  office: { id: 1, availability: 1 },
} as const
/** A communication way id: 0 online, 1 office. */
export type CommunicationWayId = 0 | 1

/** Returns the slot availability value that a communication way id books against. */
export function availabilityForCommunicationWay(id: CommunicationWayId): 1 | 2 {
  return id === COMMUNICATION_WAYS.online.id
    ? COMMUNICATION_WAYS.online.availability
    : COMMUNICATION_WAYS.office.availability
}

/** Subject types: 1 consulting, 2 guidance/advisory, 4 partnerships. */
export const SUBJECT_TYPES = { consulting: 1, guidance: 2, partnerships: 4 } as const
/** A subject type number. */
export type SubjectType = (typeof SUBJECT_TYPES)[keyof typeof SUBJECT_TYPES]

/** Returns whether a value is one of the three subject types. */
export function isSubjectType(value: unknown): value is SubjectType {
  return value === 1 || value === 2 || value === 4
}

/** The device type sent with a push token. */
export const PUSH_DEVICE_TYPE = 3
/** How long the snackbar stays, in milliseconds. */
export const SNACKBAR_MS = 4000
/** How long the error notice stays, in milliseconds. */
export const ERROR_NOTICE_MS = 10_000
/** Rows of the account-deletion reason textarea. */
export const DELETION_REASON_ROWS = 4
/** Layout breakpoints in CSS pixels. */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const
/** Brand colours. */
export const COLORS = { primary: '#3084b2', secondary: '#2d1a47' } as const

/** Business constants of spec section 9, in one place. */
import {
  COMMUNICATION_WAYS,
  type CommunicationWayId,
  SUBJECT_TYPES,
  type SubjectType,
} from '../contract/enums.ts'

// The values the wire carries (roles, kinds, ways, subject types, states) are written once, in the contract's
// TypeBox-free `enums.ts`, which its schemas are built from.
export {
  COMMUNICATION_WAYS,
  CONTRIBUTOR_KINDS,
  type CommunicationWayId,
  type ContributorKind,
  SUBJECT_TYPES,
  type SubjectType,
  type UserRole,
} from '../contract/enums.ts'

/** Returns the slot availability value that a communication way id books against. */
export function availabilityForCommunicationWay(id: CommunicationWayId): 1 | 2 {
  return id === COMMUNICATION_WAYS.online.id
    ? COMMUNICATION_WAYS.online.availability
    : COMMUNICATION_WAYS.office.availability
}

/** Returns whether a value is one of the three subject types. */
export function isSubjectType(value: unknown): value is SubjectType {
  return (Object.values(SUBJECT_TYPES) as unknown[]).includes(value)
}

/** The device type sent with a push token. */
export const PUSH_DEVICE_TYPE = 3
/** Layout breakpoints in CSS pixels. */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const
/** Brand colours. */
export const COLORS = { primary: '#3084b2', secondary: '#2d1a47' } as const

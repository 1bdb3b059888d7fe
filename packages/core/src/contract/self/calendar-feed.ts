/**
 * The calendar-feed calls' schemas (issue 36), by name; their methods and paths are in
 * `./calendar-feed-endpoints.ts`. Each signed-in person may have one private subscription address per role
 * (business owner `sme`, expert `contributor`): a calendar app reads the person's sessions from it. Its token
 * is shown once, when the address is made; the server keeps only the token's SHA-256 hash. Making the address
 * again replaces it (the old one stops working); revoking it ends it.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import { Envelope, OneOf } from '../common.ts'

/** The roles a feed lists sessions for: the person's bookings as a business owner, or their sessions as an expert. */
export const CALENDAR_FEED_ROLES = ['sme', 'contributor'] as const

/** A role a feed lists sessions for. */
export type CalendarFeedRole = (typeof CALENDAR_FEED_ROLES)[number]

const RoleSchema = OneOf(CALENDAR_FEED_ROLES, {
  description: 'Whose sessions: as business owner or as expert.',
})

/** A feed the person has, without its address (the token is not kept). */
export const CalendarFeedSchema = Type.Object({
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time', description: 'When the address was made.' }),
})

/** The caller's active feeds, at most one per role, and the roles they may make one for. */
export const CalendarFeedsSchema = Type.Object({
  feeds: Type.Array(CalendarFeedSchema),
  roles: Type.Array(RoleSchema, { description: 'The roles the caller may have a feed for.' }),
})

/** A feed just made: its address, in the two forms calendar apps take, shown this once. */
export const CreatedCalendarFeedSchema = Type.Object({
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
  httpsUrl: Type.String({
    description: 'The address over HTTPS (`https://…/api/calendar-feeds/<token>.ics`).',
  }),
  webcalUrl: Type.String({ description: 'The same address as `webcal://`, which opens a calendar app.' }),
})

/** The body of `POST /profile/calendar-feeds`. */
export const CalendarFeedBodySchema = Type.Object({ role: RoleSchema }, { additionalProperties: false })

/** The role of `DELETE /profile/calendar-feeds/:role`. */
export const CalendarFeedRoleParamsSchema = Type.Object({ role: RoleSchema })

/** The feed's file name: `<token>.ics`. */
export const CalendarFeedParamsSchema = Type.Object({ name: Type.String({ maxLength: 200 }) })

export const calendarFeedSchemas = {
  getMyCalendarFeeds: {
    response: Envelope(CalendarFeedsSchema),
  },
  createMyCalendarFeed: {
    body: CalendarFeedBodySchema,
    response: Envelope(CreatedCalendarFeedSchema),
  },
  revokeMyCalendarFeed: {
    params: CalendarFeedRoleParamsSchema,
    response: Envelope(CalendarFeedsSchema),
  },
  getCalendarFeed: {
    params: CalendarFeedParamsSchema,
    media: 'text/calendar',
    response: Type.String(),
  },
} as const satisfies Record<string, CallSchemas>

/** A feed the person has. */
export type CalendarFeed = Static<typeof CalendarFeedSchema>
/** The caller's feeds and the roles they may have one for. */
export type CalendarFeeds = Static<typeof CalendarFeedsSchema>
/** A feed just made, with its address. */
export type CreatedCalendarFeed = Static<typeof CreatedCalendarFeedSchema>

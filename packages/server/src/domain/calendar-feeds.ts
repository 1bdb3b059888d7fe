/**
 * Private calendar subscription addresses (issue 36). Each signed-in person may have one working address per
 * role: `sme` lists their bookings as business owner, `contributor` their sessions as expert. The address holds
 * a random token (32 bytes, base64url) shown once when it is made; the server keeps only its SHA-256, so a
 * leaked database gives no address. Making an address again revokes the earlier one; a revoked or unknown
 * token, or a person whose data was erased, is 404.
 *
 * The feed lists the sessions that start from 30 days ago on, each as the event the session's mails attach
 * (the same UID, `session-<id>@<host>`, summary and place, and the SEQUENCE the booking's changes raised), a
 * cancelled one as `STATUS:CANCELLED`. It names no e-mail address or mobile of anyone: only what the session's
 * page already shows the person.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createIcsFeed } from '@mashura/core'
import {
  CALENDAR_FEED_ROLES,
  type CalendarFeedRole,
  type CalendarFeeds,
  type CreatedCalendarFeed,
} from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import { sessionCalendarEvent } from '../adapters/mail/compose.ts'
import { sessionFactsOf } from '../adapters/mail/session-mails.ts'
import {
  activeFeedsOf,
  feedByTokenHash,
  feedSessionIds,
  replaceFeed,
  revokeFeed,
} from '../db/queries/calendar-feeds.ts'
import { sessionFactsRow } from '../db/queries/sessions.ts'
import type { Database } from '../db/tables.ts'
import { invalid } from './errors.ts'

/** How far back a feed lists sessions. */
export const FEED_PAST_DAYS = 30
/** The most sessions one feed lists. */
export const FEED_MAX_EVENTS = 500
/** The token's shape in an address: 32 bytes as base64url, no padding. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Who asks: a signed-in person, with their expert identity if they have one. */
export interface FeedHolder {
  personId: number
  contributorId: number | null
}

/** The SHA-256 of a token, hex: what the table keeps. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

function rolesOf(holder: FeedHolder): CalendarFeedRole[] {
  return CALENDAR_FEED_ROLES.filter((role) => role === 'sme' || holder.contributorId !== null)
}

/** The feed's address in its two forms, from the server's public address. */
export function feedUrls(publicUrl: string, token: string): { httpsUrl: string; webcalUrl: string } {
  const httpsUrl = `${publicUrl.replace(/\/$/, '')}/api/calendar-feeds/${token}.ics`
  return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:\/\//, 'webcal://') }
}

/** The person's working feeds and the roles they may have one for. */
export async function calendarFeeds(db: Kysely<Database>, holder: FeedHolder): Promise<CalendarFeeds> {
  const rows = await activeFeedsOf(db, holder.personId)
  const roles = rolesOf(holder)
  return {
    feeds: rows
      .filter((row) => roles.includes(row.role))
      .map((row) => ({ role: row.role, createdAt: row.created_at })),
    roles,
  }
}

/**
 * Makes the person's address for a role, revoking their earlier one; answers it with its token, which is not
 * kept and cannot be shown again. 400 `calendar_role_not_applicable` for `contributor` without an expert identity.
 */
export async function createCalendarFeed(
  db: Kysely<Database>,
  holder: FeedHolder,
  role: CalendarFeedRole,
  publicUrl: string,
  now = new Date(),
): Promise<CreatedCalendarFeed> {
  if (!rolesOf(holder).includes(role))
    throw invalid('calendar_role_not_applicable', 'errors.validationFailed', { role: 'errors.invalidValue' })
  const token = randomBytes(32).toString('base64url')
  const createdAt = now.toISOString()
  await replaceFeed(db, holder.personId, role, feedTokenHash(token), createdAt)
  return { role, createdAt, ...feedUrls(publicUrl, token) }
}

/** Revokes the person's address for a role (nothing when there is none); answers their feeds after. */
export async function revokeCalendarFeed(
  db: Kysely<Database>,
  holder: FeedHolder,
  role: CalendarFeedRole,
  now = new Date(),
): Promise<CalendarFeeds> {
  await revokeFeed(db, holder.personId, role, now.toISOString())
  return calendarFeeds(db, holder)
}

/**
 * The calendar file of the address named `<token>.ics`, or null when no working address has that token (or
 * its person's data was erased, or an expert feed's person is no longer an expert). Its DTSTAMPs are each
 * session's last change, so the same sessions always give the same file (and ETag).
 */
export async function calendarFeedFile(
  db: Kysely<Database>,
  name: string,
  publicUrl: string,
  now = new Date(),
): Promise<string | null> {
  const token = name.endsWith('.ics') ? name.slice(0, -4) : ''
  if (!TOKEN.test(token)) return null
  const feed = await feedByTokenHash(db, feedTokenHash(token))
  if (!feed || feed.erased_at !== null) return null
  if (feed.role === 'contributor' && feed.contributor_id === null) return null
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString()
  const ids = await feedSessionIds(
    db,
    feed.role === 'sme'
      ? { role: 'sme', personId: feed.person_id }
      : { role: 'contributor', contributorId: feed.contributor_id as number },
    since,
    FEED_MAX_EVENTS,
  )
  const events = []
  for (const { id } of ids) {
    const row = await sessionFactsRow(db, id)
    if (!row) continue
    const event = sessionCalendarEvent(sessionFactsOf(row, publicUrl), new Date(row.updated_at))
    events.push({
      ...event,
      sequence: row.ics_sequence,
      ...(row.state === 'cancelled' ? { method: 'CANCEL' as const } : {}),
    })
  }
  return createIcsFeed({
    name:
      feed.role === 'sme'
        ? 'مشورة: جلساتي · Mashura: my sessions'
        : 'مشورة: جلساتي خبيرًا · Mashura: my expert sessions',
    events,
  })
}

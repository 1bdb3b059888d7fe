/**
 * What the live features (sockets, the Firebase mirror, push) read and write, as rows: API sessions still
 * live, contributors' live records, a person's live sessions, and push tokens.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'
import { sessionRowsOnly, UPCOMING_STATES } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** An API session's person, revocation and expiry, if it exists. */
export function apiSessionRow(db: Db, id: string) {
  return db
    .selectFrom('auth_sessions')
    .select(['person_id', 'revoked_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The ids and expiries of those of some API sessions that are not revoked. */
export function unrevokedApiSessions(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('auth_sessions')
    .select(['id', 'expires_at'])
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute()
}

/** A contributor's id and kind by their person id, if the person is a contributor. */
export function contributorOfPerson(db: Db, personId: number) {
  return db
    .selectFrom('contributors')
    .select(['id', 'kind'])
    .where('person_id', '=', personId)
    .executeTakeFirst()
}

/** What the live expert record shows of a contributor, if the contributor exists. */
export function expertRow(db: Db, contributorId: number) {
  return db
    .selectFrom('contributors')
    .select(['kind', 'chat_status', 'join_now_enabled', 'available_for_instant'])
    .where('id', '=', contributorId)
    .executeTakeFirst()
}

/** Every contributor's id and person id. */
export function allContributorPersons(db: Db) {
  return db.selectFrom('contributors').select(['id', 'person_id']).execute()
}

/** A session's two people and how it is held, for relaying call signals; undefined for an unknown session. */
export function sessionParticipants(db: Db, sessionId: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('contributors as c', 'c.id', 's.contributor_id')
    .select(['s.sme_id', 's.state', 's.communication_way', 'c.person_id as expert_person_id'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst()
}

/** The session columns sockets see (the contract's `SessionChange`). */
export const LIVE_SESSION_COLUMNS = [
  'id',
  'state',
  'request_state',
  'contributor_id',
  'sme_id',
  'start_at',
  'end_at',
  'is_instant',
  'communication_way',
] as const

/**
 * Up to 200 live sessions of a person, as the business owner or (with a contributor id) as the expert, by
 * start: booked or ongoing sessions, and requests still waiting for a slot that starts after `now`. A
 * rejected or expired request keeps state 'pending' (it never became a session), so the state alone does
 * not say.
 */
export function liveSessionsOf(db: Db, personId: number, contributorId: number | null, now: string) {
  return db
    .selectFrom('sessions')
    .select(LIVE_SESSION_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('sme_id', '=', personId),
        ...(contributorId === null ? [] : [eb('contributor_id', '=', contributorId)]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', UPCOMING_STATES), sessionRowsOnly(eb)]),
        eb.and([eb('state', '=', 'pending'), eb('request_state', '=', 'waiting'), eb('start_at', '>', now)]),
      ]),
    )
    .orderBy('start_at')
    .limit(200)
    .execute()
}

/** One session as sockets see it, if it exists. */
export function liveSession(db: Db, sessionId: number) {
  return db.selectFrom('sessions').select(LIVE_SESSION_COLUMNS).where('id', '=', sessionId).executeTakeFirst()
}

/** A person's push tokens, each with its subscription and kind. */
export function pushTokensOf(db: Db, personId: number) {
  return db
    .selectFrom('push_tokens')
    .select(['token', 'subscription', 'kind'])
    .where('person_id', '=', personId)
    .execute()
}

/** Forgets a push token (the push service says it is gone). */
export async function deletePushToken(db: Db, token: string) {
  await db.deleteFrom('push_tokens').where('token', '=', token).execute()
}

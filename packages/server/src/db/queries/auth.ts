/**
 * Sign-in's reads and writes: API sessions, the mobile app's one-time links and the sign-in popup's
 * handoffs, as rows. Tokens, sealing and expiry rules live in `adapters/auth/`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Inserts an API session. */
export async function insertAuthSession(db: Db, values: NewRow<'auth_sessions'>) {
  await db.insertInto('auth_sessions').values(values).execute()
}

/** An API session's person, expiry and revocation, if it exists. */
export function authSessionState(db: Db, sessionId: string) {
  return db
    .selectFrom('auth_sessions')
    .select(['person_id', 'expires_at', 'revoked_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
}

/** The API key an API session was made with, if the session exists. */
export function authSessionApiKey(db: Db, sessionId: string) {
  return db.selectFrom('auth_sessions').select('api_key').where('id', '=', sessionId).executeTakeFirst()
}

/** Revokes an API session at `now` unless it is revoked already. */
export async function revokeAuthSession(db: Db, sessionId: string, now: string) {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Deletes the app links that expired by `now`. */
export async function deleteExpiredAppLinks(db: Db, now: string) {
  await db.deleteFrom('app_links').where('expires_at', '<=', now).execute()
}

/** Inserts an app link. */
export async function insertAppLink(db: Db, values: NewRow<'app_links'>) {
  await db.insertInto('app_links').values(values).execute()
}

/** A live app link's sealed content, if it is there and not expired at `now`. */
export function liveAppLink(db: Db, id: string, now: string) {
  return db
    .selectFrom('app_links')
    .select('sealed')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Deletes a live app link and answers its sealed content; undefined when it was not there or had expired. */
export function takeLiveAppLink(db: Db, id: string, now: string) {
  return db
    .deleteFrom('app_links')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .returning('sealed')
    .executeTakeFirst()
}

/** Deletes the sign-in handoffs that expired by `now`. */
export async function deleteExpiredHandoffs(db: Db, now: string) {
  await db.deleteFrom('sign_in_handoffs').where('expires_at', '<=', now).execute()
}

/** Inserts a sign-in handoff. */
export async function insertHandoff(db: Db, values: NewRow<'sign_in_handoffs'>) {
  await db.insertInto('sign_in_handoffs').values(values).execute()
}

/**
 * Deletes the live handoff matching all of its keys and answers its sealed content; undefined when none
 * matched (unknown, another challenge, key or origin, or expired at `now`).
 */
export function takeHandoff(
  db: Db,
  keys: { id: string; challenge: string; apiKey: string; origin: string; now: string },
) {
  return db
    .deleteFrom('sign_in_handoffs')
    .where('id', '=', keys.id)
    .where('challenge', '=', keys.challenge)
    .where('api_key', '=', keys.apiKey)
    .where('origin', '=', keys.origin)
    .where('expires_at', '>', keys.now)
    .returning(['sealed'])
    .executeTakeFirst()
}

/** Forgets one of a person's push tokens. */
export async function deletePushTokenOf(db: Db, token: string, personId: number) {
  await db.deleteFrom('push_tokens').where('token', '=', token).where('person_id', '=', personId).execute()
}

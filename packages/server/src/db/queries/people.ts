/** People's reads and writes (the `people` table), as rows. */
import type { Kysely, Transaction } from 'kysely'
import type { Dialect } from '../migration-helpers.ts'
import { precompiled } from '../precompiled.ts'
import type { Database, NewRow, RowUpdate } from '../tables.ts'
import { PAST_STATES, sessionRowsOnly, UPCOMING_STATES } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A person's full name; the person must exist. */
export async function personName(db: Db, personId: number) {
  const [row] = (await personNameQuery(db, personId)).rows
  if (!row) throw new Error(`no person ${personId}`)
  return row
}

const personNameQuery = precompiled(1, (db, personId: number) =>
  db.selectFrom('people').select('full_name').where('id', '=', personId),
)

/** A person's full name, if the person exists. */
export function personNameIfAny(db: Db, personId: number) {
  return db.selectFrom('people').select('full_name').where('id', '=', personId).executeTakeFirst()
}

/** A person, if they exist. */
export function personById(db: Db, personId: number) {
  return db.selectFrom('people').selectAll().where('id', '=', personId).executeTakeFirst()
}

/** The person an identity provider knows by (issuer, subject), if any. */
export function personByIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('people')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst()
}

/** Inserts a person unless one with the same (issuer, subject) exists (two first sign-ins at once: one wins). */
export async function insertPersonOnce(db: Db, values: NewRow<'people'>) {
  await db
    .insertInto('people')
    .values(values)
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute()
}

/** Changes a person's row. */
export async function updatePerson(db: Db, personId: number, changes: RowUpdate<'people'>) {
  await db.updateTable('people').set(changes).where('id', '=', personId).execute()
}

/** The contributor id of a person, if they are one. */
export function contributorIdOfPerson(db: Db, personId: number) {
  return db.selectFrom('contributors').select('id').where('person_id', '=', personId).executeTakeFirst()
}

/** What signing in needs of a person's contributor row, if they are one. */
export function contributorSignInRow(db: Db, personId: number) {
  return db
    .selectFrom('contributors')
    .select(['id', 'photo_path', 'can_create_slots', 'can_delete_slots'])
    .where('person_id', '=', personId)
    .executeTakeFirst()
}

/** What a business owner's profile shows of her person row, if she exists. */
export function smePerson(db: Db, personId: number) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'photo_path', 'email', 'phone'])
    .where('id', '=', personId)
    .executeTakeFirst()
}

/** A person's companies, in id order. */
export function companiesOf(db: Db, personId: number) {
  return db.selectFrom('companies').selectAll().where('person_id', '=', personId).orderBy('id').execute()
}

/** How many of a business owner's sessions ended. */
export async function countEndedSessionsOfSme(db: Db, smeId: number): Promise<number> {
  const { n } = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sme_id', '=', smeId)
    .where('state', '=', 'ended')
    .executeTakeFirstOrThrow()
  return Number(n)
}

/**
 * A business owner's past sessions: ended, cancelled or absent, or booked or ongoing and over by `now`;
 * a request that was never accepted never became a session, whatever its state says.
 */
function pastSessionsOfSme(db: Db, smeId: number, now: string) {
  return db
    .selectFrom('sessions')
    .where('sessions.sme_id', '=', smeId)
    .where(sessionRowsOnly)
    .where((eb) =>
      eb.or([
        eb('sessions.state', 'in', PAST_STATES),
        eb.and([eb('sessions.state', 'in', UPCOMING_STATES), eb('sessions.end_at', '<=', now)]),
      ]),
    )
}

/** How many past sessions a business owner has (see {@link pastSessionsOfSme}). */
export async function countPastSessionsOfSme(db: Db, smeId: number, now: string): Promise<number> {
  const { n } = await pastSessionsOfSme(db, smeId, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** One page of a business owner's past sessions, newest first. */
export function pastSessionsOfSmePage(
  db: Db,
  smeId: number,
  now: string,
  page: { limit: number; offset: number },
) {
  return pastSessionsOfSme(db, smeId, now)
    .selectAll('sessions')
    .orderBy('sessions.start_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/**
 * Records a person's account-deletion request unless one is waiting for the back office's decision, in one
 * transaction; answers whether it was recorded (after a rejection a person may ask again). On PostgreSQL two concurrent requests would both see "none yet", so the person's row is
 * locked first; SQLite runs one write transaction at a time, which serialises them already.
 */
export function insertDeletionRequestOnce(
  db: Kysely<Database>,
  dialect: Dialect,
  values: { person_id: number; reason: string; created_at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx.selectFrom('people').select('id').where('id', '=', values.person_id).forUpdate().execute()
    }
    const open = await trx
      .selectFrom('deletion_requests')
      .select('id')
      .where('person_id', '=', values.person_id)
      .where('decision', 'is', null)
      .executeTakeFirst()
    if (open) return false
    await trx.insertInto('deletion_requests').values(values).execute()
    return true
  })
}

/** Sets a contributor's instant-session availability when instant sessions are enabled for them; the result says whether it changed a row. */
export function setAvailableForInstant(db: Db, contributorId: number, available: boolean) {
  return db
    .updateTable('contributors')
    .set({ available_for_instant: available ? 1 : 0 })
    .where('id', '=', contributorId)
    .where('join_now_enabled', '=', 1)
    .executeTakeFirst()
}

/**
 * Registers a push token for a person and the API session it came with, in one transaction: a browser
 * subscription registered under another token (another JSON spelling) is dropped, the token is inserted
 * or moved to this person, and the session remembers it.
 */
export async function registerPushToken(
  db: Kysely<Database>,
  r: {
    token: string
    personId: number
    sessionId: string
    deviceType: NewRow<'push_tokens'>['device_type']
    kind: 'webpush' | 'fcm'
    subscription: string | null
    now: string
  },
): Promise<void> {
  const { token, deviceType: device_type, kind, subscription, now } = r
  await db.transaction().execute(async (trx) => {
    if (subscription) {
      await trx
        .deleteFrom('push_tokens')
        .where('subscription', '=', subscription)
        .where('token', '!=', token)
        .execute()
    }
    await trx
      .insertInto('push_tokens')
      .values({ token, person_id: r.personId, device_type, kind, subscription, created_at: now })
      .onConflict((oc) =>
        oc
          .column('token')
          .doUpdateSet({ person_id: r.personId, device_type, kind, subscription, created_at: now }),
      )
      .execute()
    await trx.updateTable('auth_sessions').set({ fcm_token: token }).where('id', '=', r.sessionId).execute()
  })
}

/** A contributor's full name (from their person), if the contributor exists. */
export function contributorName(db: Db, contributorId: number) {
  return db
    .selectFrom('contributors')
    .innerJoin('people', 'people.id', 'contributors.person_id')
    .select('people.full_name')
    .where('contributors.id', '=', contributorId)
    .executeTakeFirst()
}

/** The summary columns of some contributors (those that exist), with their person's name. */
export function contributorSummaryRows(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('contributors')
    .innerJoin('people', 'people.id', 'contributors.person_id')
    .select(CONTRIBUTOR_SUMMARY_COLUMNS)
    .where('contributors.id', 'in', [...new Set(ids)])
    .execute()
}

/** What a contributor's summary is made of, from `contributors` joined with `people`. */
export const CONTRIBUTOR_SUMMARY_COLUMNS = [
  'contributors.id',
  'contributors.kind',
  'contributors.gender',
  'contributors.photo_path',
  'people.full_name',
  'people.erased_at',
] as const

/** The summary columns of some people (those that exist). */
export function personSummaryRows(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'photo_path', 'erased_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
}

/**
 * Locks a business owner's bookings: a no-op write to their `people` row, which holds the row's lock until
 * the transaction ends (on SQLite the transaction holds the write lock already).
 */
export async function lockPersonRow(trx: Transaction<Database>, personId: number) {
  await lockPersonQuery(trx, personId)
}

const lockPersonQuery = precompiled(1, (db, personId: number) =>
  db
    .updateTable('people')
    .set((eb) => ({ is_admin: eb.ref('is_admin') }))
    .where('id', '=', personId),
)

/**
 * A signed-in request's API session and who its person is, for every request (web/plugins/auth.ts): the
 * session's person, expiry and revocation, the person's expert identity, if any, and the back-office roles
 * granted on the command line and by the sign-in provider. One query; none when the session is unknown.
 */
export async function requestSession(db: Db, sessionId: string) {
  return (await requestSessionQuery(db, sessionId)).rows[0]
}

const requestSessionQuery = precompiled(1, (db, sessionId: string) =>
  db
    .selectFrom('auth_sessions')
    .innerJoin('people', 'people.id', 'auth_sessions.person_id')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select([
      'auth_sessions.person_id',
      'auth_sessions.expires_at',
      'auth_sessions.revoked_at',
      'contributors.id as contributor_id',
      'contributors.kind as contributor_kind',
      'people.is_admin',
      'people.is_analyst',
      'people.provider_roles',
    ])
    .where('auth_sessions.id', '=', sessionId),
)

/** Replaces the back-office roles the sign-in provider named for a person (`OIDC_ROLES_CLAIM`). */
export async function setProviderRoles(db: Db, personId: number, roles: readonly string[]): Promise<void> {
  await db
    .updateTable('people')
    .set({ provider_roles: roles.join(',') })
    .where('id', '=', personId)
    .execute()
}

/** Grants or takes back a back-office role given on the command line. */
export async function setCommandRole(
  db: Db,
  personId: number,
  role: 'admin' | 'analyst',
  granted: boolean,
): Promise<void> {
  await db
    .updateTable('people')
    .set(role === 'admin' ? { is_admin: granted ? 1 : 0 } : { is_analyst: granted ? 1 : 0 })
    .where('id', '=', personId)
    .execute()
}

/** A contributor's person id and full name (an expert as the audit trail names them); the contributor must exist. */
export function contributorPerson(db: Db, contributorId: number) {
  return db
    .selectFrom('contributors')
    .innerJoin('people', 'people.id', 'contributors.person_id')
    .select(['people.id', 'people.full_name'])
    .where('contributors.id', '=', contributorId)
    .executeTakeFirstOrThrow()
}

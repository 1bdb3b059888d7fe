/**
 * Sessions' reads and writes (the `sessions` table: sessions and advisor requests alike), as rows, with the
 * people a session names joined where a read needs them, the locks a booking takes, and the development
 * rating link's pick. Other tables' rows (people, subjects, cancel reasons, rating links) are their own
 * modules'. Which moves a session may make, and who may
 * see what, are `domain/`'s rules; the `where` filters they share are in `session-filters.ts` here.
 */
import type { Expression, ExpressionBuilder, Kysely, QueryResult, SqlBool, Transaction } from 'kysely'
import { precompiled } from '../precompiled.ts'
import type { Database, NewRow, Row, RowUpdate } from '../tables.ts'
import { participantOf, sessionRowsOnly, UPCOMING_STATES } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Sessions with their business owner (`sme`) and their expert's person (`expert`) joined, to read names and addresses. */
export function sessionsWithPeople(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('people as sme', 'sme.id', 'sessions.sme_id')
    .innerJoin('contributors', 'contributors.id', 'sessions.contributor_id')
    .innerJoin('people as expert', 'expert.id', 'contributors.person_id')
}

/**
 * What follows a change of a session needs of it, in one read: the row, its people (names, addresses, the
 * expert's person), and what its mails tell (subject, office, the cancel reason's label).
 */
export function sessionFactsRow(db: Db, sessionId: number) {
  return sessionsWithPeople(db)
    .leftJoin('subjects', 'subjects.id', 'sessions.subject_id')
    .leftJoin('offices', 'offices.id', 'sessions.office_id')
    .leftJoin('cancel_reasons', 'cancel_reasons.id', 'sessions.cancel_reason_id')
    .selectAll('sessions')
    .select([
      'sme.email as sme_email',
      'sme.full_name as sme_name',
      'expert.id as expert_person_id',
      'expert.email as expert_email',
      'expert.full_name as expert_name',
      'subjects.name_ar as subject_ar',
      'subjects.name_en as subject_en',
      'offices.name_ar as office_name_ar',
      'offices.name_en as office_name_en',
      'offices.address_ar',
      'offices.address_en',
      'cancel_reasons.label_ar as cancel_reason_ar',
      'cancel_reasons.label_en as cancel_reason_en',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst()
}

/** A session with its people, as {@link sessionFactsRow} reads it. */
export type SessionFactsRow = NonNullable<Awaited<ReturnType<typeof sessionFactsRow>>>

/** Booked sessions starting after `after` and at or before `until`, with when they were booked. */
export function bookedSessionsStarting(db: Db, after: string, until: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'start_at', 'created_at', 'answered_at', 'request_state'])
    .where('state', '=', 'booked')
    .where('start_at', '>', after)
    .where('start_at', '<=', until)
    .execute()
}

/** A row that is a session (not a request that never became one), if any. */
export function sessionRowById(db: Db, id: number) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).where(sessionRowsOnly).executeTakeFirst()
}

/** Which session a conditional state change may touch, and in which states it must be found. */
export interface SessionStateGuard {
  /** The session. */
  id: number
  /** The contributor who must own it. */
  contributorId: number
  /** The states it may be in. */
  from: readonly Row<'sessions'>['state'][]
  /** Only an instant session. */
  instantOnly?: boolean
  /** Only while its end is still this. */
  endAt?: string
}

/**
 * Changes a session with one conditional UPDATE, only while the guard holds; the changed row, or undefined
 * when nothing matched. With `bumpSequence`, its calendar `SEQUENCE` (`ics_sequence`) rises by one in the same
 * statement (a cancellation mailed with the booking's UID, issue 34).
 */
export function updateSessionIf(
  db: Db,
  guard: SessionStateGuard,
  set: RowUpdate<'sessions'>,
  options: { bumpSequence?: boolean } = {},
) {
  let query = db
    .updateTable('sessions')
    .set((eb) => (options.bumpSequence ? { ...set, ics_sequence: eb('ics_sequence', '+', 1) } : set))
    .where('id', '=', guard.id)
    .where('contributor_id', '=', guard.contributorId)
    .where('state', 'in', [...guard.from])
    .where(sessionRowsOnly)
  if (guard.endAt !== undefined) query = query.where('end_at', '=', guard.endAt)
  if (guard.instantOnly) query = query.where('is_instant', '=', 1)
  return query.returningAll().executeTakeFirst()
}

/**
 * Booked sessions starting after `from` and at or before `to` whose people have not been told it is starting
 * (no 'starting' follow-up, nor a 'session_starting' notification from before follow-ups).
 */
export function bookedSessionsStartingUntold(db: Db, from: string, to: string) {
  return (
    db
      .selectFrom('sessions')
      .selectAll()
      .where('state', '=', 'booked')
      .where(sessionRowsOnly)
      .where('start_at', '>', from)
      .where('start_at', '<=', to)
      // Told: its starting follow-up is recorded (or, before those, its notification was).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('session_follow_ups')
              .select('session_follow_ups.id')
              .whereRef('session_follow_ups.session_id', '=', 'sessions.id')
              .where('session_follow_ups.kind', '=', 'starting'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notifications')
              .select('notifications.id')
              .whereRef('notifications.session_id', '=', 'sessions.id')
              .where('notifications.kind', '=', 'session_starting'),
          ),
        ),
      )
      .execute()
  )
}

/**
 * A contributor's session rows (not requests) as a query to page: optionally in some states, starting at or
 * after `from` and before `to`, and in one state.
 */
export function contributorSessionRows(
  db: Kysely<Database>,
  contributorId: number,
  filters: {
    states?: readonly Row<'sessions'>['state'][]
    from?: string
    to?: string
    state?: Row<'sessions'>['state']
  },
) {
  let base = db.selectFrom('sessions').where('contributor_id', '=', contributorId).where(sessionRowsOnly)
  if (filters.states) base = base.where('state', 'in', [...filters.states])
  if (filters.from !== undefined) base = base.where('start_at', '>=', filters.from)
  if (filters.to !== undefined) base = base.where('start_at', '<', filters.to)
  if (filters.state) base = base.where('state', '=', filters.state)
  return base
}

/**
 * A business owner's rows that end after `stamp` and are booked or ongoing, or waiting requests whose slot
 * starts after `stamp`; but `exceptId`.
 */
export async function liveBookingRows(db: Db, smeId: number, stamp: string, exceptId?: number) {
  const { rows } =
    exceptId === undefined
      ? await liveBookingQuery(db, smeId, stamp)
      : await liveBookingButQuery(db, smeId, stamp, exceptId)
  return rows
}

function liveBookingsOf(db: Kysely<Database>, smeId: number, stamp: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'contributor_id', 'state', 'start_at', 'end_at'])
    .where('sme_id', '=', smeId)
    .where('end_at', '>', stamp)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['booked', 'ongoing']),
        eb.and([
          eb('state', '=', 'pending'),
          eb('request_state', '=', 'waiting'),
          eb('start_at', '>', stamp),
        ]),
      ]),
    )
}

const liveBookingQuery = precompiled(2, liveBookingsOf)
const liveBookingButQuery = precompiled(3, (db, smeId: number, stamp: string, exceptId: number) =>
  liveBookingsOf(db, smeId, stamp).where('id', '!=', exceptId),
)

/** The id of the live booking holding a slot, if any. */
export async function slotHolderId(db: Db, slotId: number) {
  return (await slotHolderQuery(db, slotId)).rows[0]
}

const slotHolderQuery = precompiled(1, (db, slotId: number) =>
  db.selectFrom('sessions').select('id').where('active_slot_id', '=', slotId),
)

/** Inserts a session (or request) row and returns it. */
export function insertSession(db: Db, values: NewRow<'sessions'>) {
  return db.insertInto('sessions').values(values).returningAll().executeTakeFirstOrThrow()
}

/**
 * Locks a contributor's row for an instant session (a no-op write: the row's lock on PostgreSQL, the write
 * lock on SQLite) and returns what the checks read, or undefined when there is no such contributor or they are
 * deactivated (issue 33: a deactivated expert cannot be joined).
 */
export function lockContributorForInstant(trx: Transaction<Database>, contributorId: number) {
  return trx
    .updateTable('contributors')
    .set((eb) => ({ available_for_instant: eb.ref('available_for_instant') }))
    .where('id', '=', contributorId)
    .where('is_active', '=', 1)
    .returning(['id', 'person_id', 'join_now_enabled', 'available_for_instant'])
    .executeTakeFirst()
}

/** One of a contributor's ongoing sessions, if any. */
export function anOngoingSessionOf(db: Db, contributorId: number) {
  return db
    .selectFrom('sessions')
    .select('id')
    .where('contributor_id', '=', contributorId)
    .where('state', '=', 'ongoing')
    .limit(1)
    .executeTakeFirst()
}

/**
 * One of an expert's sessions with a business owner that pass `filter` (the access rule of `domain/access.ts`),
 * if any.
 */
export async function aSessionWith(db: Db, contributorId: number, smeId: number, filter: SessionFilter) {
  let statement = sessionWithQueries.get(filter)
  if (!statement) {
    statement = precompiled(2, (kysely, contributor: number, sme: number) =>
      kysely
        .selectFrom('sessions')
        .select('sessions.id')
        .where('sessions.contributor_id', '=', contributor)
        .where('sessions.sme_id', '=', sme)
        .where(filter)
        .limit(1),
    )
    sessionWithQueries.set(filter, statement)
  }
  return (await statement(db, contributorId, smeId)).rows[0]
}

/** A rule over a session's columns alone, the same statement whatever the values it is asked with. */
type SessionFilter = (eb: ExpressionBuilder<Database, 'sessions'>) => Expression<SqlBool>

/** {@link aSessionWith}'s statement for each rule it was asked with (the rules are a few module constants). */
const sessionWithQueries = new WeakMap<
  SessionFilter,
  (db: Db, contributorId: number, smeId: number) => Promise<QueryResult<{ id: number }>>
>()

/** The states, request states and starts of an expert's rows with a business owner that pass `filter`. */
export function bookingStatesWith(
  db: Db,
  contributorId: number,
  smeId: number,
  filter: (eb: ExpressionBuilder<Database, 'sessions'>) => Expression<SqlBool>,
) {
  return db
    .selectFrom('sessions')
    .select(['sessions.state', 'sessions.request_state', 'sessions.start_at'])
    .where('sessions.contributor_id', '=', contributorId)
    .where('sessions.sme_id', '=', smeId)
    .where(filter)
    .execute()
}

/** A booking's business owner and expert, if it exists. */
export function sessionParties(db: Db, sessionId: number) {
  return db
    .selectFrom('sessions')
    .select(['sme_id', 'contributor_id'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
}

/** A contributor's session row (not a request that never became one), if any. */
export function contributorSessionRow(db: Db, sessionId: number, contributorId: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('contributor_id', '=', contributorId)
    .where(sessionRowsOnly)
    .executeTakeFirst()
}

/** Who reads a session: a person, and their contributor id when they have an expert identity. */
type Participant = { personId: number; contributorId: number | null }

/** An upcoming online session held on the built-in call that someone takes part in, if any. */
export function upcomingWebrtcSessionOf(db: Db, sessionId: number, who: Participant) {
  return db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('communication_way', '=', 0)
    .where('meeting_provider', '=', 'webrtc')
    .where('state', 'in', UPCOMING_STATES)
    .where(sessionRowsOnly)
    .where(participantOf(who))
    .executeTakeFirst()
}

/** The latest-starting upcoming online session with a meeting number that someone takes part in, if any. */
export function upcomingSessionByMeetingNumber(db: Db, meetingNumber: string, who: Participant) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('meeting_number', '=', meetingNumber)
    .where('communication_way', '=', 0)
    .where('state', 'in', UPCOMING_STATES)
    .where(sessionRowsOnly)
    .where(participantOf(who))
    .orderBy('start_at', 'desc')
    .executeTakeFirst()
}

/** A business owner's session rows in some states, as a query to page. */
export function smeSessionRows(
  db: Kysely<Database>,
  personId: number,
  states: readonly Row<'sessions'>['state'][],
) {
  return db
    .selectFrom('sessions')
    .where('sme_id', '=', personId)
    .where('state', 'in', states)
    .where(sessionRowsOnly)
}

/** A session row (not a request that never became one) someone takes part in, if any. */
export function participantSessionRow(db: Db, sessionId: number, who: Participant) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where(sessionRowsOnly)
    .where(participantOf(who))
    .executeTakeFirst()
}

/**
 * The ended session of a business owner with an e-mail address that has no rating and no used rating link:
 * one never linked first, then the latest; with its link's id, if it has one.
 */
export function sessionToRateRow(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('people', 'people.id', 'sessions.sme_id')
    .leftJoin('rating_links', 'rating_links.session_id', 'sessions.id')
    .leftJoin('ratings', 'ratings.session_id', 'sessions.id')
    .select(['sessions.id', 'rating_links.id as link_id'])
    .where('sessions.state', '=', 'ended')
    .where('people.email', 'is not', null)
    .where('ratings.session_id', 'is', null)
    .where('rating_links.access_used_at', 'is', null)
    .orderBy((eb) => eb.case().when('rating_links.id', 'is', null).then(0).else(1).end())
    .orderBy('sessions.start_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .executeTakeFirst()
}

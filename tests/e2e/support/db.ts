import { randomBytes } from 'node:crypto'
import { weekBounds } from '@mashura/core'

/** The data directory's store, opened beside the running server (SQLite allows a second connection). */
export async function withStore<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const { openStore } = await import('@mashura/server')
  const store = await openStore({ databaseUrl: null, dataDir })
  try {
    return await use(store.db)
  } finally {
    await store.destroy()
  }
}

/** The query builder of the server's store. */
export type Db = Awaited<ReturnType<typeof import('@mashura/server').openStore>>['db']

/** A seeded person's row, by subject, in an open store: the person's id and, for an expert, the contributor id. */
export function personRow(db: Db, subject: string) {
  return db
    .selectFrom('people')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select(['people.id', 'contributors.id as contributor_id'])
    .where('people.subject', '=', subject)
    .executeTakeFirstOrThrow()
}

/**
 * A seeded expert by subject, in an open store: their person and contributor ids and the first subject they
 * cover (by id), what a booking of theirs names.
 */
export async function expertWithSubject(db: Db, subject: string) {
  const row = await personRow(db, subject)
  if (row.contributor_id === null) throw new Error(`${subject} is not an expert`)
  const covered = await db
    .selectFrom('contributor_subjects')
    .select('subject_id')
    .where('contributor_id', '=', row.contributor_id)
    .orderBy('subject_id')
    .executeTakeFirstOrThrow()
  return { personId: row.id, contributorId: row.contributor_id, subjectId: covered.subject_id }
}

/** A seeded person's ids, by the provider's subject. */
export function personIds(
  dataDir: string,
  subject: string,
): Promise<{ id: number; contributorId: number | null }> {
  return withStore(dataDir, async (db) => {
    const row = await personRow(db, subject)
    return { id: row.id, contributorId: row.contributor_id }
  })
}

/**
 * Adds a free online slot for an expert, soon enough to sit in the week the booking calendar opens on
 * (early next week when this week is nearly over), through the server's own fixture on its database.
 */
export function addOnlineSlot(
  dataDir: string,
  contributorId: number,
): Promise<{ id: number; start_at: string }> {
  const left = (weekBounds(new Date()).end.getTime() - Date.now()) / 60_000
  const minutes = left > 300 ? 120 : left + 180
  return withStore(dataDir, async (db) => {
    const { insertSlot } = await import('@mashura/server/testing')
    // Availability 2: online only, so the confirm dialog offers the one way.
    return insertSlot(db, {
      contributorId,
      start: new Date(Date.now() + minutes * 60_000),
      minutes: 60,
      availability: 2,
    })
  })
}

/** The session booked on a slot, if any. */
export function sessionOfSlot(
  dataDir: string,
  slotId: number,
): Promise<{ id: number; state: string } | undefined> {
  return withStore(dataDir, (db) =>
    db.selectFrom('sessions').select(['id', 'state']).where('slot_id', '=', slotId).executeTakeFirst(),
  )
}

/** Seeded rows the page sweep opens: an expert's profile, a request, sessions, an ended session. */
export interface Fixtures {
  /** The consultant (د. فيصل): contributor id and a subject of theirs, for `/profile/consultant/…`. */
  consultant: { contributorId: number; subjectId: number }
  /** One of the business owner's sessions and one of her requests. */
  smeSessionId: number
  smeRequestId: number
  /** An ended session of the consultant with its business owner, for the expert's history pages. */
  ended: { sessionId: number; smeId: number }
}

/** Reads the {@link Fixtures} from the seeded database. */
export function fixtures(dataDir: string): Promise<Fixtures> {
  return withStore(dataDir, async (db) => {
    const consultant = await personRow(db, 'dev-consultant')
    const sme = await personRow(db, 'dev-sme')
    const subject = await db
      .selectFrom('contributor_subjects')
      .select('subject_id')
      .where('contributor_id', '=', consultant.contributor_id!)
      .orderBy('subject_id')
      .executeTakeFirstOrThrow()
    const smeSession = await db
      .selectFrom('sessions')
      .select('id')
      .where('sme_id', '=', sme.id)
      .where('request_state', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const smeRequest = await db
      .selectFrom('sessions')
      .select('id')
      .where('sme_id', '=', sme.id)
      .where('request_state', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const ended = await db
      .selectFrom('sessions')
      .select(['id', 'sme_id'])
      .where('contributor_id', '=', consultant.contributor_id!)
      .where('state', '=', 'ended')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    return {
      consultant: { contributorId: consultant.contributor_id!, subjectId: subject.subject_id },
      smeSessionId: smeSession.id,
      smeRequestId: smeRequest.id,
      ended: { sessionId: ended.id, smeId: ended.sme_id },
    }
  })
}

/** A rating link for an ended, unrated session, made by the server's own code. */
export function ratingToken(dataDir: string, base: string): Promise<string> {
  return withStore(dataDir, async (db) => {
    const { createRatingLink } = await import('@mashura/server/testing')
    const ended = await db
      .selectFrom('sessions')
      .innerJoin('people', 'people.id', 'sessions.sme_id')
      .select('sessions.id')
      .where('sessions.state', '=', 'ended')
      .where('people.email', 'is not', null)
      // One without a link or a rating yet: a session gets one link, ever.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('rating_links').select('id').whereRef('rating_links.session_id', '=', 'sessions.id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ratings').select('session_id').whereRef('ratings.session_id', '=', 'sessions.id'),
          ),
        ),
      )
      .orderBy('sessions.id', 'desc')
      .executeTakeFirstOrThrow()
    const link = await createRatingLink(db, { sessionId: ended.id, publicUrl: base.replace(/\/$/, '') })
    if (!link) throw new Error(`session ${ended.id} got no rating link`)
    return link.token
  })
}

/**
 * Clears a seeded business owner's calendar: her upcoming sessions are cancelled and her waiting requests
 * expire, freeing their slots. Fair booking refuses a session that overlaps one of hers and caps how many
 * she holds; the seed gives her sessions at hours of its own draw, so without this a test's booking would
 * pass or fail with the clock. A test of booking arranges a clear calendar first, as the booking widgets'
 * tests book as a business owner of their own.
 */
export function clearCalendar(dataDir: string, subject: string): Promise<void> {
  return withStore(dataDir, async (db) => {
    const owner = await db
      .selectFrom('people')
      .select('id')
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow()
    const now = new Date().toISOString()
    await db
      .updateTable('sessions')
      // As the scheduler expires a request: it keeps state 'pending' (it never became a session).
      .set({ request_state: 'expired', active_slot_id: null, updated_at: now })
      .where('sme_id', '=', owner.id)
      .where('state', '=', 'pending')
      .where('request_state', '=', 'waiting')
      .execute()
    await db
      .updateTable('sessions')
      .set({ state: 'cancelled', active_slot_id: null, updated_at: now })
      .where('sme_id', '=', owner.id)
      .where('state', '=', 'booked')
      .where('end_at', '>', now)
      .execute()
  })
}

/**
 * The database a journey runs on: the data directory's SQLite (no settings), or a PostgreSQL database of its own
 * on `TEST_DATABASE_URL`, which the server migrates and seeds as on a first start and `drop` removes afterwards.
 */
export async function journeyDatabase(
  database: 'sqlite' | 'postgres',
  prefix: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (database === 'sqlite') return { env: {}, drop: async () => {} }
  const { default: pg } = await import('pg')
  const base = process.env.TEST_DATABASE_URL!
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return { env: { DATABASE_URL: url.href }, drop: () => run(`drop database if exists ${name} with (force)`) }
}

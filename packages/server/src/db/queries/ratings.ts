/**
 * Rating links, ratings, their answers and the questionnaires, as rows. The rules (tokens, expiry,
 * checking answers, who may rate) live in `domain/rating.ts`.
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database, NewRow } from '../tables.ts'
import { sessionsWithPeople } from './sessions.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Inserts a session's rating link unless the session has one; returns its id, or undefined when it had. */
export function insertRatingLink(db: Db, values: NewRow<'rating_links'>) {
  return db
    .insertInto('rating_links')
    .values(values)
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returning('id')
    .executeTakeFirst()
}

/** A session's rating's key, if the session was rated. */
export function ratingOf(db: Db, sessionId: number) {
  return db.selectFrom('ratings').select('session_id').where('session_id', '=', sessionId).executeTakeFirst()
}

/** The rating link whose token has this hash, if any. */
export function ratingLinkByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('rating_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** A session's rating link, if any. */
export function ratingLinkOfSession(db: Db, sessionId: number) {
  return db.selectFrom('rating_links').selectAll().where('session_id', '=', sessionId).executeTakeFirst()
}

/** Replaces an unused rating link's access token hash; the result says whether it changed. */
export function setRatingAccessToken(db: Db, linkId: number, accessTokenHash: string) {
  return db
    .updateTable('rating_links')
    .set({ access_token_hash: accessTokenHash })
    .where('id', '=', linkId)
    .where('access_used_at', 'is', null)
    .executeTakeFirst()
}

/** Marks an unused rating link's access token used at `now`; the result says whether it changed. */
export function markRatingAccessUsed(db: Db, linkId: number, now: string) {
  return db
    .updateTable('rating_links')
    .set({ access_used_at: now })
    .where('id', '=', linkId)
    .where('access_used_at', 'is', null)
    .executeTakeFirst()
}

/** Every questionnaire, in order. */
export function questionnaires(db: Db) {
  return db.selectFrom('questionnaires').selectAll().orderBy('position').orderBy('id').execute()
}

/** Every question, in order. */
export function questions(db: Db) {
  return db.selectFrom('questions').selectAll().orderBy('position').orderBy('id').execute()
}

/** Every question with its questionnaire's target. */
export function questionsWithTarget(db: Db) {
  return db
    .selectFrom('questions')
    .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
    .selectAll('questions')
    .select('questionnaires.target')
    .execute()
}

/** A session's contributor id; the session must exist. */
export function sessionContributor(db: Db, sessionId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'contributor_id', 'api_key'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow()
}

/** Inserts a rating (the `ratings` primary key refuses a second one for the session). */
export async function insertRating(db: Db, values: NewRow<'ratings'>) {
  await db.insertInto('ratings').values(values).execute()
}

/** Inserts a rating's answers. */
export async function insertRatingAnswers(db: Db, values: NewRow<'rating_answers'>[]) {
  await db.insertInto('rating_answers').values(values).execute()
}

/**
 * The mean of a contributor's stars answers to contributor questionnaires (as the database answers it:
 * a string or a number, null when none) and over how many rated sessions.
 */
export function contributorStarsAnswers(db: Db, contributorId: number) {
  return db
    .selectFrom('rating_answers')
    .innerJoin('ratings', 'ratings.session_id', 'rating_answers.session_id')
    .innerJoin('questions', 'questions.id', 'rating_answers.question_id')
    .innerJoin('questionnaires', 'questionnaires.id', 'questions.questionnaire_id')
    .select([
      sql<string | number | null>`avg(cast(rating_answers.value as integer))`.as('average'),
      sql<string | number>`count(distinct ratings.session_id)`.as('n'),
    ])
    .where('ratings.contributor_id', '=', contributorId)
    .where('questions.type', '=', 'stars')
    .where('questionnaires.target', '=', 'contributor')
    .executeTakeFirstOrThrow()
}

/** The mean of a contributor's ratings' overall stars (null when none) and how many ratings there are. */
export function contributorRatingStars(db: Db, contributorId: number) {
  return db
    .selectFrom('ratings')
    .select([sql<string | number | null>`avg(stars)`.as('average'), sql<string | number>`count(*)`.as('n')])
    .where('contributor_id', '=', contributorId)
    .executeTakeFirstOrThrow()
}

/** A session's id, business owner (id, e-mail, name) and expert's name, for its rating link; undefined when unknown. */
export function sessionForRatingLink(db: Kysely<Database>, sessionId: number) {
  return sessionsWithPeople(db)
    .select([
      'sessions.id',
      'sessions.sme_id',
      'sme.email',
      'sme.full_name',
      'expert.full_name as expert_name',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst()
}

/** What the rating form shows of a session: its start, its expert and their kind, and its subject (if any). */
export function ratingSessionRow(db: Kysely<Database>, sessionId: number) {
  return sessionsWithPeople(db)
    .leftJoin('subjects', 'subjects.id', 'sessions.subject_id')
    .select([
      'sessions.start_at',
      'expert.full_name',
      'contributors.kind',
      'subjects.id as subject_id',
      'subjects.name_ar',
      'subjects.name_en',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirstOrThrow()
}

/** Deletes a session's rating link if it was never used. */
export async function deleteUnusedRatingLink(db: Db, sessionId: number) {
  await db
    .deleteFrom('rating_links')
    .where('session_id', '=', sessionId)
    .where('access_used_at', 'is', null)
    .execute()
}

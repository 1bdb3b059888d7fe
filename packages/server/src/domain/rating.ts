/**
 * Rating links and ratings (design section 4). A link carries an opaque random token; only its
 * SHA-256 is stored. Opening the link issues a fresh rating access token (again only its hash is
 * kept, replacing the previous one) that the page gets encrypted and sends back decrypted: it is
 * valid for that one session, until the link expires (7 days after it was made) and until a rating
 * is submitted. A session has at most one link and one rating (unique `rating_links.session_id`,
 * primary key `ratings.session_id`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  type Language,
  type MessageKey,
  type Questionnaire,
  type RatingSession,
  sitePaths,
} from '@mashura/core'
import type { RatingSubmissionBody } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import { ratingMail } from '../adapters/mail/compose.ts'
import { queueMail } from '../adapters/mail/outbox.ts'
import {
  questionnaires as allQuestionnaires,
  questions as allQuestions,
  contributorRatingStars,
  contributorStarsAnswers,
  insertRating,
  insertRatingAnswers,
  insertRatingLink,
  markRatingAccessUsed,
  questionsWithTarget,
  ratingLinkByTokenHash,
  ratingLinkOfSession,
  ratingOf,
  ratingSessionRow,
  sessionContributor,
  sessionForRatingLink,
  setRatingAccessToken,
} from '../db/queries/ratings.ts'
import type { Database, Row } from '../db/tables.ts'
import { isUniqueViolation } from './db-errors.ts'
import { forbidden, invalid, refused } from './errors.ts'
import { queueRatingWebhook } from './webhooks.ts'

/** How long a rating link (and the access tokens it issues) lives. */
export const RATING_LINK_TTL_MS = 7 * 24 * 3600 * 1000

// ------------------------------------------------------------------------------------------- tokens

/** The SHA-256 of a token, hex: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** A new opaque token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** The one answer for an unknown, tampered or expired rating link: a generic `invalid` (400). */
export const ratingLinkInvalid = () => invalid('rating_link_invalid', 'errors.ratingLinkInvalid')
/** A rating access token that is missing, unknown, for another session or expired: `forbidden` (403). */
export const ratingTokenInvalid = () => forbidden('errors.ratingLinkInvalid', 'rating_token_invalid')
/** The session was rated already: `invalid` (400) when opening the link, `refused` (422) when submitting (spec section 8). */
export const alreadyRatedOnOpen = () => invalid('already_rated', 'errors.alreadyRated')
export const alreadyRatedOnSubmit = () => refused('already_rated', 'errors.alreadyRated')

// ------------------------------------------------------------------------------------------- links

/** A link just made: the address to send, and who to. */
export interface NewRatingLink {
  url: string
  token: string
  to: string
}

/**
 * Makes a session's rating link for its business owner, once, and queues the e-mail that carries it
 * in `outbox`. Returns null when the session already has a link, or its business owner has no e-mail
 * address (no link is made then, since its token could reach nobody). Safe to call concurrently: the
 * unique `rating_links.session_id` lets one caller win.
 */
export async function createRatingLink(
  db: Kysely<Database>,
  options: { sessionId: number; publicUrl: string; now?: Date },
): Promise<NewRatingLink | null> {
  const now = options.now ?? new Date()
  const session = await sessionForRatingLink(db, options.sessionId)
  if (!session?.email) return null
  const token = newToken()
  const url = `${options.publicUrl}${sitePaths.smeRate.to(token)}`
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await insertRatingLink(trx, {
        token_hash: hashToken(token),
        session_id: session.id,
        sme_id: session.sme_id,
        // Replaced when the link is opened; this one is never handed out.
        access_token_hash: hashToken(newToken()),
        access_used_at: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RATING_LINK_TTL_MS).toISOString(),
      })
      if (!inserted) return null
      // The recipient's language is not known: the mail is in both, Arabic first.
      await queueMail(trx, {
        kind: 'rating',
        // One mail per link (a development link may replace an unused one: packages/server/src/web/routes/dev-rating-link).
        dedupeKey: `rating:${inserted.id}`,
        to: session.email!,
        mail: ratingMail({ smeName: session.full_name, expertName: session.expert_name, url }),
        link: url,
        domain: new URL(options.publicUrl).hostname,
        now,
      })
      return { url, token, to: session.email! }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return null
    throw error
  }
}

/** Whether the session has a rating. */
async function isRated(db: Kysely<Database>, sessionId: number): Promise<boolean> {
  return (await ratingOf(db, sessionId)) !== undefined
}

/**
 * Opens a rating link: 400 already_rated when the session was rated; the same generic 400 for an
 * unknown, malformed or expired token. Otherwise issues a fresh access token (replacing the one an
 * earlier opening issued) and returns it in plain text, with the session id.
 */
export async function openRatingLink(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<{ sessionId: number; accessToken: string }> {
  if (!TOKEN_SHAPE.test(token)) throw ratingLinkInvalid()
  const link = await ratingLinkByTokenHash(db, hashToken(token))
  if (!link) throw ratingLinkInvalid()
  if (link.access_used_at !== null || (await isRated(db, link.session_id))) throw alreadyRatedOnOpen()
  if (Date.parse(link.expires_at) <= now.getTime()) throw ratingLinkInvalid()
  const accessToken = newToken()
  const updated = await setRatingAccessToken(db, link.id, hashToken(accessToken))
  if (Number(updated.numUpdatedRows) === 0) throw alreadyRatedOnOpen()
  return { sessionId: link.session_id, accessToken }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Checks a rating access token for a session: 403 when missing, unknown, for another session or
 * expired; with `forSubmit`, 422 already_rated when it was used or the session is rated (spec
 * section 8), else reading a used token is a 403 too. Returns the link.
 */
export async function checkRatingAccess(
  db: Kysely<Database>,
  sessionId: number,
  accessToken: string | null,
  options: { forSubmit: boolean; now?: Date },
): Promise<Row<'rating_links'>> {
  if (!accessToken || !TOKEN_SHAPE.test(accessToken)) throw ratingTokenInvalid()
  const link = await ratingLinkOfSession(db, sessionId)
  if (!link || !sameHash(link.access_token_hash, hashToken(accessToken))) throw ratingTokenInvalid()
  if (Date.parse(link.expires_at) <= (options.now ?? new Date()).getTime()) throw ratingTokenInvalid()
  if (link.access_used_at !== null) throw options.forSubmit ? alreadyRatedOnSubmit() : ratingTokenInvalid()
  return link
}

/** The session a rating link is for, as the rating form names it, in a language (one query). */
export async function ratingSessionOut(
  db: Kysely<Database>,
  sessionId: number,
  lang: Language,
): Promise<RatingSession> {
  const row = await ratingSessionRow(db, sessionId)
  return {
    start: row.start_at,
    contributor: { full_name: row.full_name, kind: row.kind },
    subject:
      row.subject_id === null
        ? null
        : { id: row.subject_id, name: (lang === 'en' ? row.name_en : row.name_ar) ?? '' },
  }
}

// ------------------------------------------------------------------------------------------- questionnaires

/** Every questionnaire with its questions, in order, in a language (two queries). */
export async function questionnairesOut(db: Kysely<Database>, lang: Language): Promise<Questionnaire[]> {
  const [forms, questions] = await Promise.all([allQuestionnaires(db), allQuestions(db)])
  return forms.map((f) => ({
    id: f.id,
    title: lang === 'en' ? f.title_en : f.title_ar,
    target: f.target,
    questions: questions
      .filter((q) => q.questionnaire_id === f.id)
      .map((q) => ({
        id: q.id,
        text: lang === 'en' ? q.text_en : q.text_ar,
        type: q.type,
        required: q.required === 1,
      })),
  }))
}

// ------------------------------------------------------------------------------------------- ratings

/**
 * Checks answers against the questions: each question at most once and known; every required one
 * answered; stars an integer 1–5, yes_no a boolean, text a string (non-empty when required).
 * Throws 400 validation_failed with `answers.<question id>` fields (never 422, which means already rated).
 * Returns the answers as stored text and the mean of the contributor-questionnaire stars (else of all stars).
 */
export function checkAnswers(
  questions: readonly (Row<'questions'> & { target: Row<'questionnaires'>['target'] })[],
  answers: RatingSubmissionBody['answers'],
): { rows: { question_id: number; value: string }[]; stars: number | null } {
  const fields: Record<string, MessageKey> = {}
  const byId = new Map(questions.map((q) => [q.id, q]))
  const seen = new Set<number>()
  const rows: { question_id: number; value: string }[] = []
  const contributorStars: number[] = []
  const allStars: number[] = []
  for (const a of answers) {
    const key = `answers.${a.question_id}`
    const q = byId.get(a.question_id)
    if (!q || seen.has(a.question_id)) {
      fields[key] = 'errors.invalidValue'
      continue
    }
    seen.add(a.question_id)
    if (q.type === 'stars') {
      if (typeof a.value !== 'number' || !Number.isInteger(a.value) || a.value < 1 || a.value > 5) {
        fields[key] = 'errors.invalidValue'
        continue
      }
      allStars.push(a.value)
      if (q.target === 'contributor') contributorStars.push(a.value)
      rows.push({ question_id: q.id, value: String(a.value) })
    } else if (q.type === 'yes_no') {
      if (typeof a.value !== 'boolean') {
        fields[key] = 'errors.invalidValue'
        continue
      }
      rows.push({ question_id: q.id, value: a.value ? 'yes' : 'no' })
    } else {
      if (typeof a.value !== 'string') {
        fields[key] = 'errors.invalidValue'
        continue
      }
      const text = a.value.trim()
      if (!text) {
        if (q.required === 1) fields[key] = 'errors.fieldRequired'
        else seen.delete(q.id)
        continue
      }
      rows.push({ question_id: q.id, value: text })
    }
  }
  for (const q of questions) {
    if (q.required === 1 && !seen.has(q.id)) fields[`answers.${q.id}`] ??= 'errors.fieldRequired'
  }
  if (Object.keys(fields).length) throw invalid('validation_failed', 'errors.validationFailed', fields)
  const chosen = contributorStars.length ? contributorStars : allStars
  const stars = chosen.length ? Math.round(chosen.reduce((s, v) => s + v, 0) / chosen.length) : null
  return { rows, stars }
}

/**
 * Stores a session's rating and answers and marks the access token used, in one transaction. The
 * `ratings` primary key decides a race: the loser gets 422 already_rated, as does a second submission.
 */
export async function submitRating(
  db: Kysely<Database>,
  options: { sessionId: number; accessToken: string | null; body: RatingSubmissionBody; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date()
  const link = await checkRatingAccess(db, options.sessionId, options.accessToken, { forSubmit: true, now })
  const { rows, stars } = checkAnswers(await questionsWithTarget(db), options.body.answers)
  const session = await sessionContributor(db, options.sessionId)
  try {
    await db.transaction().execute(async (trx) => {
      await insertRating(trx, {
        session_id: options.sessionId,
        contributor_id: session.contributor_id,
        stars,
        comment: options.body.comment?.trim() || null,
        created_at: now.toISOString(),
      })
      if (rows.length)
        await insertRatingAnswers(
          trx,
          rows.map((r) => ({ session_id: options.sessionId, ...r })),
        )
      const used = await markRatingAccessUsed(trx, link.id, now.toISOString())
      if (Number(used.numUpdatedRows) === 0) throw alreadyRatedOnSubmit()
      // The partner whose key the session was booked through hears of it (issue 36): the score, not the words.
      await queueRatingWebhook(trx, { session, stars, now })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRatedOnSubmit()
    throw error
  }
}

/**
 * A contributor's average rating: the mean of the stars answers to contributor questionnaires over
 * their rated sessions (falling back to each rating's overall stars when no such answers exist), and
 * how many ratings it is made of. `average` is null before the first rating.
 */
export async function contributorAverageRating(
  db: Kysely<Database>,
  contributorId: number,
): Promise<{ average: number | null; count: number }> {
  const answers = await contributorStarsAnswers(db, contributorId)
  const ratings = await contributorRatingStars(db, contributorId)
  const count = Number(ratings.n)
  const average = answers.average !== null ? answers.average : ratings.average
  return { average: average === null ? null : Math.round(Number(average) * 100) / 100, count }
}

/**
 * Sessions, requests and slots on the wire: serializers from `sessions` and `slots` rows into the contract's
 * shapes (`@mashura/core/contract`'s `Session`, `SessionRequest`, `Slot`), shared by every route that answers
 * with them. Serializers take a batch of rows and run a fixed number of queries whatever its size (no N+1).
 */
import {
  type ContributorSummary,
  type Language,
  type MeetingData,
  ownerChangeWindow,
  type Session,
  type SessionRequest,
  type Slot,
  type Subject,
  type SubjectType,
} from '@mashura/core'
import type { Kysely } from 'kysely'
import { answerPage } from '../db/paging.ts'
import { requestRowsOf } from '../db/queries/requests.ts'
import { cancelReasonsByIds, subjectsByIds } from '../db/queries/settings.ts'
import { officesByIds, slotHolders, slotsByIds } from '../db/queries/slots.ts'
import type { Database, Row } from '../db/tables.ts'
import { officeOut, peopleOf, subjectOut } from './common.ts'
import { recommendationsFor } from './recommendations.ts'

/** Who is looking, which decides what private fields (meeting data, a slot's session id) they see. */
export interface Viewer {
  /** The viewer's person id. */
  personId: number
  /** The viewer's contributor id, when they have an expert identity. */
  contributorId: number | null
}

/** How to serialize: the language, the public URL for files, and who is looking. */
export interface SerializeOptions {
  /** The language bilingual columns are picked in. */
  lang: Language
  /** The public URL stored file paths are made absolute with. */
  publicUrl: string
  /** The viewer; without one, private fields are left out. */
  viewer?: Viewer | null
  /**
   * The business owner's change cut-off in hours (`OWNER_CHANGE_CUTOFF_HOURS`): with it, her own upcoming session
   * or waiting request carries `changeable_until` (issue 34).
   */
  ownerChangeCutoffHours?: number
  /** The current time `changeable_until` is judged at (tests pass their own). */
  now?: Date
}

/**
 * Until when the viewer, as a booking's business owner, may cancel, withdraw or move it (`changeable_until`):
 * its start less the cut-off, while it is a booked session or a waiting request that has not started; left out
 * for anyone else, for any other booking, and without a cut-off in the options.
 */
export function changeableUntil(row: Row<'sessions'>, options: SerializeOptions): string | undefined {
  const { viewer, ownerChangeCutoffHours: cutoff } = options
  if (cutoff === undefined || !viewer || viewer.personId !== row.sme_id) return undefined
  const now = options.now ?? new Date()
  const upcoming = row.state === 'booked' || (row.state === 'pending' && row.request_state === 'waiting')
  if (!upcoming || Date.parse(row.start_at) <= now.getTime()) return undefined
  return ownerChangeWindow(row.start_at, cutoff, now).closesAt
}

/**
 * A page of the requests addressed to an advisor (`{ contributorId }`) or made by a business owner
 * (`{ smeId }`), newest first, optionally in one state.
 */
export function requestsPage(
  db: Kysely<Database>,
  side: { contributorId: number } | { smeId: number },
  query: { page?: number; per_page?: number; state?: SessionRequest['state'] },
  options: SerializeOptions,
) {
  return answerPage(
    requestRowsOf(db, side, query.state),
    query,
    { orderBy: 'created_at', direction: 'desc' },
    (rows) => requestsOut(db, rows, options),
  )
}

/** `changeable_until` as a property, present only when there is one (the field is optional on the wire). */
function withChangeableUntil(row: Row<'sessions'>, options: SerializeOptions): { changeable_until?: string } {
  const until = changeableUntil(row, options)
  return until === undefined ? {} : { changeable_until: until }
}

function distinct(ids: readonly (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))]
}

function byId<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]))
}

/** Some subjects, offices, cancel reasons or slots by id, one query per table. */
const lookups = {
  subjects: async (db: Kysely<Database>, ids: readonly (number | null)[]) =>
    byId(await subjectsByIds(db, distinct(ids))),
  offices: async (db: Kysely<Database>, ids: readonly (number | null)[]) =>
    byId(await officesByIds(db, distinct(ids))),
  cancelReasons: async (db: Kysely<Database>, ids: readonly (number | null)[]) =>
    byId(await cancelReasonsByIds(db, distinct(ids))),
  slots: async (db: Kysely<Database>, ids: readonly (number | null)[]) =>
    byId(await slotsByIds(db, distinct(ids))),
}

/** The contributors, business owners and subjects some session or request rows name, by id (three queries). */
async function peopleAndSubjects(
  db: Kysely<Database>,
  rows: readonly Row<'sessions'>[],
  publicUrl: string,
  lang: Language = 'ar',
) {
  const [people, subjects] = await Promise.all([
    peopleOf(db, rows, publicUrl, lang),
    lookups.subjects(
      db,
      rows.map((r) => r.subject_id),
    ),
  ])
  return { ...people, subjects }
}

/** The subject type of a session without a subject, from the contributor's kind. */
function typeForKind(kind: ContributorSummary['role']): SubjectType {
  if (kind === 'advisor') return 2
  if (kind === 'partner') return 4
  return 1
}

function meetingOf(row: Row<'sessions'>): MeetingData | null {
  if (row.communication_way !== 0 || !row.meeting_number || !row.meeting_provider) return null
  return {
    provider: row.meeting_provider,
    zak_token: null,
    personal_id: row.meeting_number,
    meeting_password: row.meeting_password,
    email: null,
    signature: null,
  }
}

function isParticipant(row: Row<'sessions'>, viewer: Viewer | null | undefined): boolean {
  if (!viewer) return false
  return viewer.personId === row.sme_id || viewer.contributorId === row.contributor_id
}

function required<T>(map: Map<number, T>, id: number, what: string): T {
  const value = map.get(id)
  if (value === undefined) throw new Error(`${what} ${id} is missing`)
  return value
}

/**
 * Serializes session rows (in order). Pending requests are not sessions: filter them out with
 * `sessionRowsOnly` (db/queries/session-filters.ts), or serialize them with {@link requestsOut}. Meeting data goes only to the
 * session's two participants. Recommendations are `null` here; their part adds them.
 */
export async function sessionsOut(
  db: Kysely<Database>,
  rows: readonly Row<'sessions'>[],
  options: SerializeOptions,
): Promise<Session[]> {
  if (rows.length === 0) return []
  const { lang, publicUrl, viewer } = options
  // Recommendations are for the session's two people only.
  const visible = rows.filter((r) => isParticipant(r, viewer)).map((r) => r.id)
  const [{ contributors, smes, subjects }, offices, reasons, recommendations] = await Promise.all([
    peopleAndSubjects(db, rows, publicUrl, lang),
    lookups.offices(
      db,
      rows.map((r) => r.office_id),
    ),
    lookups.cancelReasons(
      db,
      rows.map((r) => (r.state === 'cancelled' ? r.cancel_reason_id : null)),
    ),
    recommendationsFor(db, visible, publicUrl),
  ])
  return rows.map((row) => {
    if (row.state === 'pending') throw new Error(`session ${row.id} is a pending request, not a session`)
    const contributor = required(contributors, row.contributor_id, 'contributor')
    const subjectRow = row.subject_id === null ? undefined : subjects.get(row.subject_id)
    const officeRow = row.office_id === null ? undefined : offices.get(row.office_id)
    const reasonRow = row.cancel_reason_id === null ? undefined : reasons.get(row.cancel_reason_id)
    const subject: Subject | null = subjectRow ? subjectOut(subjectRow, lang) : null
    return {
      id: row.id,
      type: subject?.type ?? typeForKind(contributor.role),
      communication_way: row.communication_way,
      schedule_id: row.is_instant ? null : row.slot_id,
      state: row.state,
      is_instant: row.is_instant === 1,
      start: row.start_at,
      end: row.end_at,
      started_at: row.started_at,
      ended_at: row.ended_at,
      subject,
      description: row.description,
      contributor,
      sme: required(smes, row.sme_id, 'person'),
      office: officeRow ? officeOut(officeRow, lang) : null,
      meeting: isParticipant(row, viewer) ? meetingOf(row) : null,
      recommendations: recommendations.get(row.id) ?? null,
      request_id: row.request_state === null ? null : row.id,
      cancel_reason:
        row.state === 'cancelled'
          ? row.cancel_reason ||
            (reasonRow ? (lang === 'en' ? reasonRow.label_en : reasonRow.label_ar) : null)
          : null,
      end_reason: row.end_reason,
      ...withChangeableUntil(row, options),
    }
  })
}

/**
 * Serializes slot rows (in order), with whether each is held by a live booking. A waiting advisor request
 * holds its slot too, so the slot reads as booked; `session_id` is given only to the slot's own contributor,
 * and only once the booking is a session (a waiting request has no session yet).
 */
export async function slotsOut(
  db: Kysely<Database>,
  rows: readonly Row<'slots'>[],
  options: SerializeOptions,
): Promise<Slot[]> {
  if (rows.length === 0) return []
  const { lang, viewer } = options
  const ids = [...new Set(rows.map((r) => r.id))]
  const [offices, live] = await Promise.all([
    lookups.offices(
      db,
      rows.map((r) => r.office_id),
    ),
    slotHolders(db, ids),
  ])
  const holder = new Map(live.map((s) => [s.active_slot_id!, s]))
  return rows.map((row): Slot => {
    const booking = holder.get(row.id)
    const officeRow = row.office_id === null ? undefined : offices.get(row.office_id)
    const own = viewer?.contributorId === row.contributor_id
    return {
      id: row.id,
      contributor_id: row.contributor_id,
      start: row.start_at,
      end: row.end_at,
      availability: row.availability,
      office: officeRow ? officeOut(officeRow, lang) : null,
      is_booked: booking !== undefined,
      session_id: own && booking && booking.state !== 'pending' ? booking.id : null,
    }
  })
}

/**
 * Serializes request rows (rows with a `request_state`), in order, each with its slot. A waiting request
 * expires when its slot starts. `session_id` is the row's own id once the request is accepted.
 */
export async function requestsOut(
  db: Kysely<Database>,
  rows: readonly Row<'sessions'>[],
  options: SerializeOptions,
): Promise<SessionRequest[]> {
  if (rows.length === 0) return []
  const { lang, publicUrl } = options
  const [{ contributors, smes, subjects }, slotRows] = await Promise.all([
    peopleAndSubjects(db, rows, publicUrl, lang),
    lookups.slots(
      db,
      rows.map((r) => r.slot_id),
    ),
  ])
  const slotList = [...slotRows.values()]
  const slots = new Map((await slotsOut(db, slotList, options)).map((s) => [s.id, s]))
  return rows.map((row): SessionRequest => {
    const state = row.request_state
    if (state === null) throw new Error(`session ${row.id} is not a request`)
    const subjectRow = row.subject_id === null ? undefined : subjects.get(row.subject_id)
    return {
      id: row.id,
      state,
      reason: row.request_reason,
      description: row.description,
      contributor: required(contributors, row.contributor_id, 'contributor'),
      sme: required(smes, row.sme_id, 'person'),
      subject: subjectRow ? subjectOut(subjectRow, lang) : null,
      slot: required(slots, row.slot_id, 'slot'),
      communication_way: row.communication_way,
      session_id: state === 'accepted' ? row.id : null,
      created_at: row.created_at,
      expires_at: state === 'waiting' ? row.start_at : null,
      ...withChangeableUntil(row, options),
    }
  })
}

/**
 * Test rows: each test inserts what it needs (no seed data) through these small helpers: catalogue rows
 * (subjects, centers, offices), experts, slots and sessions. Row helpers take the database; `addExpert`
 * takes the test context, since it makes a signed-in person. Times are UTC ISO text, as the server
 * stores them.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, NewRow, Row } from '../db/tables.ts'
import { rebuildSearchText } from '../domain/contributors.ts'
import { notify } from '../domain/notifications.ts'
import type { TestContext, TestExpert, TestPerson } from './context.ts'

// The rows the test context itself writes live in rows.ts (so the context need not import this file).
export { coverSubjects, insertContributor, insertPerson } from './rows.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

// ------------------------------------------------------------------------------------------- times

/** A moment some days and hours from now (negative for the past). */
export function fromNow(days: number, hours = 0): Date {
  return new Date(Date.now() + days * DAY + hours * HOUR)
}

/** A moment some hours from now (negative for the past). */
export function hoursFromNow(hours: number): Date {
  return fromNow(0, hours)
}

// ------------------------------------------------------------------------------------------- catalogue

/** Inserts a subject (type 1, not bsa, unless given). */
export async function addSubject(
  db: Kysely<Database>,
  values: { name_ar: string; name_en: string; type?: 1 | 2 | 4; bsa?: number },
): Promise<Row<'subjects'>> {
  return db
    .insertInto('subjects')
    .values({ type: 1, bsa: 0, ...values })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Inserts subjects in the order given (not bsa unless given); answers their ids, in that order. */
export async function addSubjects(
  db: Kysely<Database>,
  values: { name_ar: string; name_en: string; type: 1 | 2 | 4; bsa?: number }[],
): Promise<number[]> {
  const rows = await db
    .insertInto('subjects')
    .values(values.map((v) => ({ bsa: 0, ...v })))
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Inserts centers in the order given; answers their ids, in that order. */
export async function addCenters(
  db: Kysely<Database>,
  values: Pick<NewRow<'centers'>, 'name_ar' | 'name_en' | 'city_ar' | 'city_en'>[],
): Promise<number[]> {
  const rows = await db.insertInto('centers').values(values).returning('id').execute()
  return rows.map((r) => r.id)
}

/** Inserts a center in Riyadh. */
export async function addCenter(
  db: Kysely<Database>,
  name_ar: string,
  name_en: string,
): Promise<Row<'centers'>> {
  return db
    .insertInto('centers')
    .values({ name_ar, name_en, city_ar: 'الرياض', city_en: 'Riyadh' })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Inserts an office of a center, on Olaya Road. */
export async function addOffice(
  db: Kysely<Database>,
  centerId: number,
  name_en = 'Olaya office',
): Promise<Row<'offices'>> {
  return db
    .insertInto('offices')
    .values({
      center_id: centerId,
      name_ar: 'مكتب العليا',
      name_en,
      address_ar: 'طريق العليا',
      address_en: 'Olaya Road',
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The rows a booking needs besides people: a center with an office, and two subjects. */
export interface Catalogue {
  centerId: number
  officeId: number
  /** «التخطيط المالي» / Financial planning, type 1. */
  subjectId: number
  /** «التسويق» / Marketing, type 2. */
  otherSubjectId: number
}

/** Inserts a center («مركز الرياض» / Riyadh Center), its office (Olaya Office) and two subjects. */
export async function insertCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const center = await addCenter(db, 'مركز الرياض', 'Riyadh Center')
  const office = await addOffice(db, center.id, 'Olaya Office')
  const subject = await addSubject(db, { name_ar: 'التخطيط المالي', name_en: 'Financial planning', type: 1 })
  const other = await addSubject(db, { name_ar: 'التسويق', name_en: 'Marketing', type: 2 })
  return { centerId: center.id, officeId: office.id, subjectId: subject.id, otherSubjectId: other.id }
}

// ------------------------------------------------------------------------------------------- experts

/** What an expert is made with. */
export interface ExpertOptions {
  name: string
  kind?: Row<'contributors'>['kind']
  gender?: Row<'contributors'>['gender']
  subjects?: number[]
  center_id?: number | null
  created_at?: string
  title_ar?: string
  title_en?: string
  bio_ar?: string
  bio_en?: string
  join_now_enabled?: boolean
}

/** Makes a person with an expert identity, their subjects and a rebuilt search text. */
export async function addExpert(ctx: TestContext, options: ExpertOptions): Promise<TestExpert> {
  const { db } = ctx.store
  const person = await ctx.person({
    name: options.name,
    contributor: {
      kind: options.kind ?? 'consultant',
      gender: options.gender ?? null,
      center_id: options.center_id ?? null,
      join_now_enabled: options.join_now_enabled ?? false,
      ...(options.subjects ? { subjects: options.subjects } : {}),
    },
  })
  const id = person.contributorId!
  await db
    .updateTable('contributors')
    .set({
      title_ar: options.title_ar ?? 'مستشار',
      title_en: options.title_en ?? 'Consultant',
      bio_ar: options.bio_ar ?? '',
      bio_en: options.bio_en ?? '',
      ...(options.created_at ? { created_at: options.created_at } : {}),
    })
    .where('id', '=', id)
    .execute()
  // The titles and bio set above join the name and the subjects in the search text.
  await rebuildSearchText(db, [id])
  return { ...person, contributorId: id }
}

// ------------------------------------------------------------------------------------------- slots and sessions

/** What a slot is made with: it starts at `start` and lasts `minutes` (an hour), online or in the office. */
export interface SlotOptions {
  contributorId: number
  start: Date
  minutes?: number
  availability?: 1 | 2 | 3
  officeId?: number | null
}

/** Inserts a slot. */
export async function insertSlot(db: Kysely<Database>, options: SlotOptions): Promise<Row<'slots'>> {
  const { contributorId, start, minutes = 60, availability = 3, officeId = null } = options
  return db
    .insertInto('slots')
    .values({
      contributor_id: contributorId,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
      availability,
      office_id: officeId,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Inserts a session (or, with a `request_state`, a request) in a slot, booked and online by default. It
 * holds the slot through `active_slot_id` until released, as the server keeps it: a cancelled session, or
 * a rejected or expired request, holds it no more; pass `active_slot_id` to say otherwise.
 */
export async function insertSession(
  db: Kysely<Database>,
  slot: Row<'slots'>,
  smeId: number,
  overrides: Partial<NewRow<'sessions'>> = {},
): Promise<Row<'sessions'>> {
  const state = overrides.state ?? 'booked'
  const released =
    state === 'cancelled' || overrides.request_state === 'rejected' || overrides.request_state === 'expired'
  const now = new Date().toISOString()
  return db
    .insertInto('sessions')
    .values({
      slot_id: slot.id,
      active_slot_id: released ? null : slot.id,
      contributor_id: slot.contributor_id,
      sme_id: smeId,
      subject_id: null,
      communication_way: 0,
      office_id: null,
      state,
      request_state: null,
      start_at: slot.start_at,
      end_at: slot.end_at,
      is_instant: 0,
      meeting_provider: 'webrtc',
      meeting_number: '1234567890',
      meeting_password: 'secret12',
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Inserts a session (or request) as {@link insertSession} does, in a new slot of its own (see
 * {@link insertSlot}). Its meeting credentials are `room-secret` and `pw-secret`, words a test can look
 * for in a response that must not show them.
 */
export async function addSession(
  db: Kysely<Database>,
  values: Omit<SlotOptions, 'officeId'> & { smeId: number } & Partial<NewRow<'sessions'>>,
): Promise<Row<'sessions'>> {
  const { contributorId, start, minutes, availability, smeId, ...overrides } = values
  const slot = await insertSlot(db, { contributorId, start, minutes, availability })
  return insertSession(db, slot, smeId, {
    meeting_number: 'room-secret',
    meeting_password: 'pw-secret',
    ...overrides,
  })
}

/** What {@link addBookableSlot} makes. */
export interface BookableSlot {
  /** The business owner who can book it. */
  sme: TestPerson
  /** The consultant whose slot it is. */
  expert: TestPerson
  /** The subject the consultant covers (the catalogue's Financial planning). */
  subjectId: number
  slotId: number
}

/**
 * Makes what one booking needs: a business owner, the catalogue ({@link insertCatalogue}), a consultant
 * covering its first subject, and a free slot of the consultant's `hours` from now.
 */
export async function addBookableSlot(ctx: TestContext, hours: number): Promise<BookableSlot> {
  const sme = await ctx.person()
  const cat = await insertCatalogue(ctx.store.db)
  const expert = await ctx.person({ contributor: { kind: 'consultant', subjects: [cat.subjectId] } })
  const slot = await insertSlot(ctx.store.db, {
    contributorId: expert.contributorId!,
    start: hoursFromNow(hours),
  })
  return { sme, expert, subjectId: cat.subjectId, slotId: slot.id }
}

/**
 * Inserts the two cancel reasons of the lifecycle tests: «ظرف طارئ» / An emergency, which needs no
 * details, and «أخرى» / Other, which does.
 */
export async function addCancelReasons(
  db: Kysely<Database>,
): Promise<{ reasonId: number; detailedReasonId: number }> {
  const [plain, detailed] = await db
    .insertInto('cancel_reasons')
    .values([
      { label_ar: 'ظرف طارئ', label_en: 'An emergency', requires_details: 0 },
      { label_ar: 'أخرى', label_en: 'Other', requires_details: 1 },
    ])
    .returning('id')
    .execute()
  return { reasonId: plain!.id, detailedReasonId: detailed!.id }
}

/**
 * Notifies a person as the app does on a booking: a notifications row, then `notifications.changed` on
 * the bus (and a push where they have a device).
 */
export async function addNotification(ctx: TestContext, personId: number): Promise<void> {
  await notify(
    { db: ctx.store.db, bus: ctx.app.bus, push: ctx.app.push },
    { personId, kind: 'booking', title: 'notifications.title', body: 'notifications.title' },
  )
}

/** A session's row as it stands now. */
export function readSession(db: Kysely<Database>, id: number): Promise<Row<'sessions'>> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** How many rows a table holds. */
export async function countRows(db: Kysely<Database>, table: 'sessions' | 'slots'): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** A valid body of `POST /rating/v4/sme` (a session's recommendations), with `extra` over it. */
export function recommendationBody(sessionId: number, extra: Record<string, unknown> = {}) {
  return {
    session_id: sessionId,
    challenges: 'ضعف التدفقات النقدية',
    recommendations: 'إعداد موازنة شهرية ومتابعتها',
    need_another_session: true,
    need_academy_course: false,
    academy_course_ids: [],
    need_platform_feature: false,
    service_ids: [],
    company_phase: 'growing',
    success_story: false,
    success_story_summary: null,
    comment: null,
    supported_file_url: ['https://example.sa/guide'],
    voice_note: null,
    attachments: [],
    ...extra,
  }
}

/**
 * Writes a session's recommendations as its expert would, with one stored PDF attached (owned by
 * `expertPersonId`, downloadable at `/api/uploader/files/{fileId}`). Returns the attachment's id.
 */
export async function addRecommendationWithAttachment(
  ctx: TestContext,
  sessionId: number,
  expertPersonId: number,
): Promise<{ fileId: string }> {
  const db = ctx.store.db
  const fileId = randomUUID()
  const data = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
  await ctx.app.files.put(`${fileId}.pdf`, data)
  const now = new Date().toISOString()
  await db
    .insertInto('files')
    .values({
      id: fileId,
      owner_person_id: expertPersonId,
      session_id: sessionId,
      kind: 'attachment',
      original_name: 'خطة.pdf',
      stored_name: `${fileId}.pdf`,
      mime_type: 'application/pdf',
      size: data.byteLength,
      duration_seconds: null,
      created_at: now,
    })
    .execute()
  await db
    .insertInto('recommendations')
    .values({
      session_id: sessionId,
      challenges: 'ضعف التدفقات النقدية',
      recommendations: 'إعداد موازنة شهرية ومتابعتها',
      need_another_session: 0,
      need_academy_course: 0,
      academy_course_ids: '[]',
      need_platform_feature: 0,
      service_ids: '[]',
      company_phase: 'growing',
      success_story: 0,
      success_story_summary: null,
      comment: null,
      voice_note_file_id: null,
      attachment_file_ids: JSON.stringify([fileId]),
      supported_file_urls: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute()
  return { fileId }
}

/** Rows the contributors tests insert themselves: subjects, centers, offices, experts, slots, sessions. */
import { riyadhParts } from '@mashura/core'
import type { NewRow, Row } from '../../db/tables.ts'
import { rebuildSearchText } from '../../domain/contributors.ts'
import type { TestContext, TestPerson } from '../../test-support/context.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A moment some days and hours from now. */
export function fromNow(days: number, hours = 0): Date {
  return new Date(Date.now() + days * DAY + hours * HOUR)
}

/** The Riyadh calendar day (`YYYY-MM-DD`) a moment falls on. */
export function riyadhDay(at: Date): string {
  const { year, month, day } = riyadhParts(at)
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** A moment given as a Riyadh wall-clock time. */
export function riyadhTime(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+03:00`)
}

/** Inserts a subject. */
export async function addSubject(
  ctx: TestContext,
  values: { name_ar: string; name_en: string; type?: 1 | 2 | 4; bsa?: number },
): Promise<Row<'subjects'>> {
  return ctx.store.db
    .insertInto('subjects')
    .values({ type: 1, bsa: 0, ...values })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Inserts a center. */
export async function addCenter(ctx: TestContext, name_ar: string, name_en: string): Promise<Row<'centers'>> {
  return ctx.store.db
    .insertInto('centers')
    .values({ name_ar, name_en, city_ar: 'الرياض', city_en: 'Riyadh' })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Inserts an office of a center. */
export async function addOffice(ctx: TestContext, centerId: number): Promise<Row<'offices'>> {
  return ctx.store.db
    .insertInto('offices')
    .values({
      center_id: centerId,
      name_ar: 'مكتب العليا',
      name_en: 'Olaya office',
      address_ar: 'طريق العليا',
      address_en: 'Olaya Road',
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** What an expert is made with. */
export interface ExpertOptions {
  name: string
  kind?: Row<'contributors'>['kind']
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
export async function addExpert(
  ctx: TestContext,
  options: ExpertOptions,
): Promise<TestPerson & { contributorId: number }> {
  const person = await ctx.person({
    name: options.name,
    contributor: {
      kind: options.kind ?? 'consultant',
      center_id: options.center_id ?? null,
      join_now_enabled: options.join_now_enabled ?? false,
    },
  })
  const id = person.contributorId!
  await ctx.store.db
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
  if (options.subjects?.length) {
    await ctx.store.db
      .insertInto('contributor_subjects')
      .values(options.subjects.map((subject_id) => ({ contributor_id: id, subject_id })))
      .execute()
  }
  await rebuildSearchText(ctx.store.db, [id])
  return { ...person, contributorId: id }
}

/** Inserts a slot. */
export async function addSlot(
  ctx: TestContext,
  contributorId: number,
  start: Date,
  options: { minutes?: number; availability?: 1 | 2 | 3; office_id?: number | null } = {},
): Promise<Row<'slots'>> {
  return ctx.store.db
    .insertInto('slots')
    .values({
      contributor_id: contributorId,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + (options.minutes ?? 30) * 60_000).toISOString(),
      availability: options.availability ?? 3,
      office_id: options.office_id ?? null,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Inserts a session (or request) in a new slot; it holds the slot unless released. */
export async function addSession(
  ctx: TestContext,
  values: {
    contributorId: number
    smeId: number
    start: Date
    state?: Row<'sessions'>['state']
    request_state?: Row<'sessions'>['request_state']
    subject_id?: number | null
    office_id?: number | null
    communication_way?: 0 | 1
    availability?: 1 | 2 | 3
    released?: boolean
    extra?: Partial<
      Pick<
        NewRow<'sessions'>,
        'started_at' | 'ended_at' | 'end_reason' | 'cancel_reason_id' | 'cancel_reason' | 'description'
      >
    >
  },
): Promise<Row<'sessions'>> {
  const slot = await addSlot(ctx, values.contributorId, values.start, {
    availability: values.availability ?? 3,
  })
  const now = new Date().toISOString()
  const state = values.state ?? 'booked'
  const released =
    values.released ??
    (state === 'cancelled' || values.request_state === 'rejected' || values.request_state === 'expired')
  return ctx.store.db
    .insertInto('sessions')
    .values({
      slot_id: slot.id,
      active_slot_id: released ? null : slot.id,
      contributor_id: values.contributorId,
      sme_id: values.smeId,
      subject_id: values.subject_id ?? null,
      communication_way: values.communication_way ?? 0,
      office_id: values.office_id ?? null,
      state,
      request_state: values.request_state ?? null,
      start_at: slot.start_at,
      end_at: slot.end_at,
      is_instant: 0,
      meeting_provider: 'webrtc',
      meeting_number: 'room-secret',
      meeting_password: 'pw-secret',
      created_at: now,
      updated_at: now,
      ...values.extra,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * The rows the test context writes when it makes a person: here, not in fixtures.ts, so that the context
 * and the fixtures (which take the context's types) do not import each other.
 */
import type { Kysely } from 'kysely'
import type { Database, NewRow } from '../db/tables.ts'

/** Inserts a person (no expert identity), signed in at `issuer` as `subject`; answers the id. */
export async function insertPerson(
  db: Kysely<Database>,
  person: { issuer: string; subject: string; fullName: string; email?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('people')
    .values({
      issuer: person.issuer,
      subject: person.subject,
      full_name: person.fullName,
      email: person.email ?? null,
      phone: null,
      photo_path: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Gives a person an expert identity: a consultant titled «مستشار», no bio, center or photo, who may create and
 * delete slots and has chat, join-now and instant sessions off, unless `fields` says otherwise; answers its id.
 * The search text is the caller's: it knows the name the expert is found by.
 */
export async function insertContributor(
  db: Kysely<Database>,
  personId: number,
  fields: Partial<Omit<NewRow<'contributors'>, 'id' | 'person_id'>> & { search_text: string },
): Promise<number> {
  const row = await db
    .insertInto('contributors')
    .values({
      kind: 'consultant',
      gender: null,
      title_ar: 'مستشار',
      title_en: 'Consultant',
      bio_ar: '',
      bio_en: '',
      center_id: null,
      can_create_slots: 1,
      can_delete_slots: 1,
      chat_status: 0,
      join_now_enabled: 0,
      available_for_instant: 0,
      photo_path: null,
      created_at: new Date().toISOString(),
      ...fields,
      person_id: personId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Records that a contributor covers some subjects. */
export async function coverSubjects(
  db: Kysely<Database>,
  contributorId: number,
  subjectIds: readonly number[],
): Promise<void> {
  await db
    .insertInto('contributor_subjects')
    .values(subjectIds.map((subject_id) => ({ contributor_id: contributorId, subject_id })))
    .execute()
}

/**
 * The rows the test context writes when it makes a person: here, not in fixtures.ts, so that the context
 * and the fixtures (which take the context's types) do not import each other.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.ts'

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

/** The rating questionnaires business owners answer after a session (part 2 fills this in). */
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.ts'

/** Inserts the questionnaires and their questions. */
export async function seedRatingCatalogue(_db: Kysely<Database>): Promise<void> {}

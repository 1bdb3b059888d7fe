/** The academy courses and platform services served when no real integration is configured (part 2 fills this in). */
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.ts'

/** Inserts the academy categories, courses and platform services. */
export async function seedIntegrationCatalogue(_db: Kysely<Database>): Promise<void> {}

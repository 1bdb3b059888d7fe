/**
 * Part 21: (issue 34) — filled in by its change. Typed loosely (Kysely<any>).
 */
import type { Db, Dialect } from '../migration-helpers.ts'

export async function up(_db: Db, _dialect: Dialect): Promise<void> {}

export async function down(_db: Db): Promise<void> {}

/**
 * Part 14: reserved for issue 33 (content-admin); filled in by the change that needs it. Typed loosely (Kysely<any>).
 */
import type { Db, Dialect } from '../migration-helpers.ts'

export async function up(_db: Db, _dialect: Dialect): Promise<void> {}

export async function down(_db: Db): Promise<void> {}

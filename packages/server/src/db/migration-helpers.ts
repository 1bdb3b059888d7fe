/** What migrations share: the loose database type and the per-dialect column shapes. */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on current table types
export type Db = Kysely<any>

/** The two databases the server runs on. */
export type Dialect = 'sqlite' | 'postgres'

/** Column shapes that differ between SQLite and PostgreSQL. */
export function schemaHelpers(dialect: Dialect) {
  return {
    /** An integer primary key the database numbers. */
    pk: (c: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    /**
     * A UTC time as ISO 8601 text. On PostgreSQL the "C" collation makes text order
     * the time order whatever the database's locale.
     */
    time: dialect === 'postgres' ? sql`text collate "C"` : ('text' as const),
  }
}

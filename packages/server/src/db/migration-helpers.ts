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

/**
 * An FTS5 index over `ranking_fields` (name, topics, bio), with external content, kept in step by triggers
 * on insert, delete and update, and built from what the table holds (SQLite; migrations 0024 and 0025 differ
 * only in its name and options). `options` is the rest of the `fts5(…)` arguments: tokenizer, detail.
 */
export async function createRankingFieldsIndex(db: Db, table: string, options: string): Promise<void> {
  const columns = 'name, topics, bio'
  const run = (statement: string) => sql.raw(statement).execute(db)
  await run(`create virtual table ${table} using fts5(
    ${columns}, content='ranking_fields', content_rowid='contributor_id', ${options}
  )`)
  const add = `insert into ${table}(rowid, ${columns}) values (new.contributor_id, new.name, new.topics, new.bio);`
  const remove = `insert into ${table}(${table}, rowid, ${columns})
      values ('delete', old.contributor_id, old.name, old.topics, old.bio);`
  await run(`create trigger ${table}_ai after insert on ranking_fields begin
    ${add}
  end`)
  await run(`create trigger ${table}_ad after delete on ranking_fields begin
    ${remove}
  end`)
  await run(`create trigger ${table}_au after update on ranking_fields begin
    ${remove}
    ${add}
  end`)
  await run(`insert into ${table}(${table}) values ('rebuild')`)
}

/** Drops an index {@link createRankingFieldsIndex} made, with its triggers. */
export async function dropRankingFieldsIndex(db: Db, table: string): Promise<void> {
  for (const suffix of ['ai', 'ad', 'au'])
    await sql.raw(`drop trigger if exists ${table}_${suffix}`).execute(db)
  await sql.raw(`drop table if exists ${table}`).execute(db)
}

/**
 * An index for the contributor text search, which matches substrings (`LIKE '%term%'`)
 * of Arabic-normalised text. Without one, every search reads all of `search_text`
 * (about 11 MB for 10,000 experts). Both databases get a trigram index:
 * - SQLite: an FTS5 table with the trigram tokenizer over `contributors.search_text`
 *   (external content, kept in step by triggers);
 * - PostgreSQL: a GIN index with `pg_trgm`, which LIKE uses directly. `pg_trgm` ships
 *   with PostgreSQL (contrib); where the app's role may not create extensions, a
 *   superuser runs `CREATE EXTENSION pg_trgm WITH SCHEMA public` once.
 */
import { sql } from 'kysely'
import type { Db, Dialect } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  // Search and lists order newest first; this lets a page stop after its rows.
  await db.schema
    .createIndex('contributors_created')
    .on('contributors')
    .columns(['created_at', 'id'])
    .execute()
  if (dialect === 'postgres') {
    // In public, whatever the search_path: per-schema installs would vanish with a dropped schema.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`create index contributors_search_trgm on contributors using gin (search_text public.gin_trgm_ops)`.execute(
      db,
    )
    return
  }
  await sql`create virtual table contributors_search using fts5(
    search_text, content='contributors', content_rowid='id', tokenize='trigram'
  )`.execute(db)
  await sql`create trigger contributors_search_ai after insert on contributors begin
    insert into contributors_search(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`create trigger contributors_search_ad after delete on contributors begin
    insert into contributors_search(contributors_search, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db)
  await sql`create trigger contributors_search_au after update of search_text on contributors begin
    insert into contributors_search(contributors_search, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into contributors_search(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`insert into contributors_search(contributors_search) values ('rebuild')`.execute(db)
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('contributors_created').ifExists().execute()
  if (dialect === 'postgres') {
    await sql`drop index if exists contributors_search_trgm`.execute(db)
    return
  }
  for (const t of ['contributors_search_ai', 'contributors_search_ad', 'contributors_search_au']) {
    await sql.raw(`drop trigger if exists ${t}`).execute(db)
  }
  await sql`drop table if exists contributors_search`.execute(db)
}

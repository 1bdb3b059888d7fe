/**
 * Part 24: an index for ranking a text search by words already known (issue 37). The ranked search reads,
 * for each word typed, which contributors have it in their name, in their titles and subjects, and in their
 * bio, as part of a word and as a whole word (`ranking_fields`, migration 0007). On SQLite these come from an
 * FTS5 table with the trigram tokenizer over the three columns (external content, kept in step by triggers):
 * a phrase match restricted to one column is `instr(column, word) > 0`, and the phrase with a space each
 * side (the fields are stored with one at each end) is the whole word. A posting list answers them, where
 * `instr` read every matched row. PostgreSQL keeps scoring matched rows with `strpos` and gets nothing here.
 */
import { sql } from 'kysely'
import type { Db, Dialect } from '../migration-helpers.ts'

const TRIGGERS = ['ranking_search_ai', 'ranking_search_ad', 'ranking_search_au']

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  await sql`create virtual table ranking_search using fts5(
    name, topics, bio, content='ranking_fields', content_rowid='contributor_id', tokenize='trigram'
  )`.execute(db)
  await sql`create trigger ranking_search_ai after insert on ranking_fields begin
    insert into ranking_search(rowid, name, topics, bio) values (new.contributor_id, new.name, new.topics, new.bio);
  end`.execute(db)
  await sql`create trigger ranking_search_ad after delete on ranking_fields begin
    insert into ranking_search(ranking_search, rowid, name, topics, bio)
      values ('delete', old.contributor_id, old.name, old.topics, old.bio);
  end`.execute(db)
  await sql`create trigger ranking_search_au after update on ranking_fields begin
    insert into ranking_search(ranking_search, rowid, name, topics, bio)
      values ('delete', old.contributor_id, old.name, old.topics, old.bio);
    insert into ranking_search(rowid, name, topics, bio) values (new.contributor_id, new.name, new.topics, new.bio);
  end`.execute(db)
  await sql`insert into ranking_search(ranking_search) values ('rebuild')`.execute(db)
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  for (const t of TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db)
  await sql`drop table if exists ranking_search`.execute(db)
}

/**
 * Part 25: an index of the ranked fields' whole words (issue 37). The ranked search reads, for each word
 * typed, which contributors hold it as a whole word in their name, topics and bio (migration 0024 read it as
 * the phrase with a space each side from the trigram index: three posting lists with positions, merged, for
 * each field). The fields hold only letters and digits between single spaces (`rankingFields`), so the
 * unicode61 tokenizer, with no diacritics folded (none are left in them), cuts them into exactly those words:
 * a whole word is one token's posting list, and per column only (`detail=column`), which is all the search
 * asks of it. External content on `ranking_fields`, kept in step by triggers, as 0024. PostgreSQL keeps
 * scoring matched rows with `strpos` and gets nothing here.
 */
import { sql } from 'kysely'
import type { Db, Dialect } from '../migration-helpers.ts'

const TRIGGERS = ['ranking_words_ai', 'ranking_words_ad', 'ranking_words_au']

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  await sql`create virtual table ranking_words using fts5(
    name, topics, bio, content='ranking_fields', content_rowid='contributor_id',
    tokenize='unicode61 remove_diacritics 0', detail='column'
  )`.execute(db)
  await sql`create trigger ranking_words_ai after insert on ranking_fields begin
    insert into ranking_words(rowid, name, topics, bio) values (new.contributor_id, new.name, new.topics, new.bio);
  end`.execute(db)
  await sql`create trigger ranking_words_ad after delete on ranking_fields begin
    insert into ranking_words(ranking_words, rowid, name, topics, bio)
      values ('delete', old.contributor_id, old.name, old.topics, old.bio);
  end`.execute(db)
  await sql`create trigger ranking_words_au after update on ranking_fields begin
    insert into ranking_words(ranking_words, rowid, name, topics, bio)
      values ('delete', old.contributor_id, old.name, old.topics, old.bio);
    insert into ranking_words(rowid, name, topics, bio) values (new.contributor_id, new.name, new.topics, new.bio);
  end`.execute(db)
  await sql`insert into ranking_words(ranking_words) values ('rebuild')`.execute(db)
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  for (const t of TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db)
  await sql`drop table if exists ranking_words`.execute(db)
}

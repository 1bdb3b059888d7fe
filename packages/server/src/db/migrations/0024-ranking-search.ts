/**
 * Part 24: an index for ranking a text search by words already known (issue 37). The ranked search reads,
 * for each word typed, which contributors have it in their name, in their titles and subjects, and in their
 * bio, as part of a word and as a whole word (`ranking_fields`, migration 0007). On SQLite these come from an
 * FTS5 table with the trigram tokenizer over the three columns (external content, kept in step by triggers):
 * a phrase match restricted to one column is `instr(column, word) > 0`, and the phrase with a space each
 * side (the fields are stored with one at each end) is the whole word. A posting list answers them, where
 * `instr` read every matched row. PostgreSQL keeps scoring matched rows with `strpos` and gets nothing here.
 */
import {
  createRankingFieldsIndex,
  type Db,
  type Dialect,
  dropRankingFieldsIndex,
} from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  await createRankingFieldsIndex(db, 'ranking_search', "tokenize='trigram'")
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  await dropRankingFieldsIndex(db, 'ranking_search')
}

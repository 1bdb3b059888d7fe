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
import {
  createRankingFieldsIndex,
  type Db,
  type Dialect,
  dropRankingFieldsIndex,
} from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  await createRankingFieldsIndex(
    db,
    'ranking_words',
    "tokenize='unicode61 remove_diacritics 0', detail='column'",
  )
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return
  await dropRankingFieldsIndex(db, 'ranking_words')
}

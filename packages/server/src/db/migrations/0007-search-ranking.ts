/**
 * Part 7: search relevance (issue 18). The contributor search still matches on `search_text` and its
 * trigram index (migration 0002); ranking reads `ranking_fields`, one row per contributor with the
 * normalised words, without articles, of the name, of the titles and subjects and of the bios, each
 * between single spaces so that a whole word is ` word `. A table apart keeps `contributors` rows,
 * read by every list and profile, as narrow as before. `search_words` is the vocabulary that
 * tolerates one typo: every word under itself and its one-deletion variants, looked up by variant.
 * Existing contributors are backfilled. Typed loosely (Kysely<any>); the words come from the
 * search module, the same code that writes them later.
 */
import { sql } from 'kysely'
import { rankingFields } from '../../adapters/search/arabic.ts'
import { vocabularyRows, vocabularyWords } from '../../adapters/search/typos.ts'
import type { Db, Dialect } from '../migration-helpers.ts'

const BATCH = 500

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ranking_fields')
    .addColumn('contributor_id', 'integer', (c) =>
      c.primaryKey().references('contributors.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topics', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .createTable('search_words')
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_words_pk', ['variant', 'word'])
    // Looked up by its key only: SQLite keeps the rows in the key's own b-tree.
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute()

  let after = 0
  for (;;) {
    const rows: {
      id: number
      full_name: string
      title_ar: string
      title_en: string
      bio_ar: string
      bio_en: string
    }[] = await db
      .selectFrom('contributors')
      .innerJoin('people', 'people.id', 'contributors.person_id')
      .select(['contributors.id', 'people.full_name', 'title_ar', 'title_en', 'bio_ar', 'bio_en'])
      .where('contributors.id', '>', after)
      .orderBy('contributors.id')
      .limit(BATCH)
      .execute()
    if (rows.length === 0) break
    after = rows[rows.length - 1]!.id
    const subjects: { contributor_id: number; name_ar: string; name_en: string }[] = await db
      .selectFrom('contributor_subjects')
      .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
      .select(['contributor_subjects.contributor_id', 'subjects.name_ar', 'subjects.name_en'])
      .where(
        'contributor_subjects.contributor_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('subjects.id')
      .execute()
    const fields = rows.map((r) => ({
      contributor_id: r.id,
      ...rankingFields({
        name: r.full_name,
        titles: [r.title_ar, r.title_en],
        subjects: subjects.filter((s) => s.contributor_id === r.id).flatMap((s) => [s.name_ar, s.name_en]),
        bios: [r.bio_ar, r.bio_en],
      }),
    }))
    await db.insertInto('ranking_fields').values(fields).execute()
    const words = vocabularyRows(vocabularyWords(fields))
    for (let i = 0; i < words.length; i += BATCH) {
      await db
        .insertInto('search_words')
        .values(words.slice(i, i + BATCH))
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('search_words').ifExists().execute()
  await db.schema.dropTable('ranking_fields').ifExists().execute()
}

/**
 * Part 5: a contributor's grammatical gender, so that a woman's kind is titled in the feminine («مستشارة»,
 * «مرشدة», «شريكة»). `female`, `male`, or null when nobody said (the title then takes the masculine, Arabic's
 * default form). Typed loosely (Kysely<any>).
 */
import { sql } from 'kysely'
import type { Db } from '../migration-helpers.ts'

/** The feminine words an Arabic title may open with («مستشارة في التمويل»): the demo data writes these. */
const FEMININE_TITLES = ['مستشارة', 'مرشدة', 'شريكة', 'خبيرة', 'مختصة']

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('contributors')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('female', 'male')`))
    .execute()
  // Databases seeded before this column: a title already written in the feminine names a woman.
  await db
    .updateTable('contributors')
    .set({ gender: 'female' })
    .where((eb) =>
      eb.or(
        FEMININE_TITLES.flatMap((word) => [eb('title_ar', '=', word), eb('title_ar', 'like', `${word} %`)]),
      ),
    )
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('contributors').dropColumn('gender').execute()
}

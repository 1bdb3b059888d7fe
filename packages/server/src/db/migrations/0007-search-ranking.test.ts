import { expect, it } from 'vitest'
import { searchContributorIds } from '../../domain/contributors.ts'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'
import { addExpert, addSubject } from '../../test-support/fixtures.ts'
import type { Db } from '../migration-helpers.ts'
import { down, up } from './0007-search-ranking.ts'

eachDatabase('migration 0007: search ranking', (dialect) => {
  const ctx = useTestContext(dialect)

  it('fills the ranked fields and the vocabulary of a database made before it', async () => {
    const db = ctx.store.db
    const marketing = await addSubject(db, { name_ar: 'التسويق الرقمي', name_en: 'Digital marketing' })
    const bio = await addExpert(ctx, {
      name: 'نورة العتيبي',
      bio_ar: 'خبيرة في التسويق',
      created_at: '2024-01-02T00:00:00.000Z',
    })
    const subject = await addExpert(ctx, {
      name: 'فهد الشمري',
      subjects: [marketing.id],
      created_at: '2024-01-01T00:00:00.000Z',
    })
    const fields = () => db.selectFrom('ranking_fields').selectAll().orderBy('contributor_id').execute()
    const before = await fields()
    expect(before).toHaveLength(2)
    // Back to the schema before 0007 (the contributors stay), then forward again.
    await down(db as unknown as Db)
    await up(db as unknown as Db, dialect)
    const after = await fields()
    expect(after).toEqual(before)
    expect(after.find((r) => r.contributor_id === subject.contributorId)?.topics).toBe(
      ' مستشار consultant تسويق رقمي digital marketing ',
    )
    // The subject above the bio though older, and one typo tolerated through the new vocabulary.
    for (const q of ['تسويق', 'تسويف']) {
      const { ids } = await searchContributorIds(ctx.store, { q }, { page: 1, perPage: 10 })
      expect(ids, q).toEqual([subject.contributorId, bio.contributorId])
    }
  })
})

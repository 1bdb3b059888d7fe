import { expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'
import type { Db } from '../migration-helpers.ts'
import { down, up } from './0005-contributor-gender.ts'

eachDatabase('migration 0005: contributor gender', (dialect) => {
  const ctx = useTestContext(dialect)

  it('adds the column and marks the experts of a database seeded before it whose title is feminine', async () => {
    const db = ctx.store.db as unknown as Db
    const titles = ['مستشارة في التمويل', 'مرشدة أعمال في خطط العمل', 'خبيرة شراكات', 'مستشار في التسويق', '']
    const ids: number[] = []
    for (const title_ar of titles) {
      const person = await ctx.person({ contributor: { title_ar } })
      ids.push(person.contributorId!)
    }
    // Back to the schema before 0005 (the rows stay), then forward again.
    await down(db)
    const columns = await db
      .selectFrom('contributors')
      .selectAll()
      .where('id', '=', ids[0]!)
      .executeTakeFirst()
    expect(columns).not.toHaveProperty('gender')
    await up(db)
    const rows = await ctx.store.db
      .selectFrom('contributors')
      .select(['id', 'gender'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.gender)).toEqual(['female', 'female', 'female', null, null])
  })
})

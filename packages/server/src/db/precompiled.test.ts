import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import { precompiled, precompiledRow } from './precompiled.ts'

eachDatabase('statements compiled once', (dialect) => {
  const ctx = useTestContext(dialect)

  it('builds a statement once and runs it with each call’s values, in a transaction too', async () => {
    const { db } = ctx.store
    let built = 0
    const nameOf = precompiled(1, (kysely, id: number) => {
      built++
      return kysely.selectFrom('people').select('full_name').where('id', '=', id)
    })
    const a = await ctx.person({ name: 'أمل' })
    const b = await ctx.person({ name: 'بدر' })
    expect((await nameOf(db, a.personId)).rows).toEqual([{ full_name: 'أمل' }])
    expect((await nameOf(db, b.personId)).rows).toEqual([{ full_name: 'بدر' }])
    expect((await nameOf(db, -1)).rows).toEqual([])
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('people').set({ full_name: 'بدرية' }).where('id', '=', b.personId).execute()
      expect((await nameOf(trx, b.personId)).rows).toEqual([{ full_name: 'بدرية' }])
    })
    expect(built).toBe(1)
  })

  it('keeps a statement’s own constants and says how many rows a change changed', async () => {
    const { db } = ctx.store
    const a = await ctx.person()
    const rename = precompiled(2, (kysely, id: number, name: string) =>
      kysely.updateTable('people').set({ full_name: name }).where('id', '=', id).where('is_admin', '=', 0),
    )
    const result = await rename(db, a.personId, 'سلمى')
    expect(Number(result.numAffectedRows)).toBe(1)
    expect(Number((await rename(db, -1, 'لا أحد')).numAffectedRows)).toBe(0)
    const row = await db
      .selectFrom('people')
      .select('full_name')
      .where('id', '=', a.personId)
      .executeTakeFirst()
    expect(row).toEqual({ full_name: 'سلمى' })
  })

  it('refuses a statement that does not take each of its values as a value', async () => {
    const { db } = ctx.store
    const ignoring = precompiled(2, (kysely, id: number, _unused: string) =>
      kysely.selectFrom('people').select('id').where('id', '=', id),
    )
    await expect(ignoring(db, 1, 'x')).rejects.toThrow('takes 2 values but its SQL uses 1')
    const inlined = precompiled(1, (kysely, id: number) =>
      kysely.selectFrom('people').select('id').where('id', '=', sql.lit(id)),
    )
    // Kysely itself refuses a marker written into the SQL.
    await expect(inlined(db, 1)).rejects.toThrow('invalid immediate value')
  })

  it('inserts a row by its columns: a missing value is NULL, an unknown column is refused', async () => {
    const { db } = ctx.store
    const p = await ctx.person()
    const insert = precompiledRow(
      ['person_id', 'token', 'device_type', 'created_at', 'subscription'],
      (kysely, row) => kysely.insertInto('push_tokens').values(row).returning(['token', 'subscription']),
    )
    const row = { person_id: p.personId, device_type: 3, created_at: new Date().toISOString() }
    const made = await insert(db, { ...row, token: 'one', subscription: '{}' })
    expect(made.rows).toEqual([{ token: 'one', subscription: '{}' }])
    const bare = await insert(db, { ...row, token: 'two', subscription: undefined })
    expect(bare.rows).toEqual([{ token: 'two', subscription: null }])
    const extra = { ...row, token: 'three', subscription: null, fcm: 'x' }
    expect(() => insert(db, extra)).toThrow('a precompiled row has no column fcm')
    const tokens = await db
      .selectFrom('push_tokens')
      .select('token')
      .where('person_id', '=', p.personId)
      .execute()
    expect(tokens.map((t) => t.token).sort()).toEqual(['one', 'two'])
  })
})

import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '../tables.ts'
import { slotIsFree } from './slots.ts'

/** A query builder that only compiles (no database). */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})

describe('slotIsFree', () => {
  it('is the one free-slot condition: no session holds the slot', () => {
    const { sql } = db.selectFrom('slots').select('slots.id').where(slotIsFree()).compile()
    expect(sql).toBe(
      'select "slots"."id" from "slots" where not exists ' +
        '(select "sessions"."id" from "sessions" where "sessions"."active_slot_id" = "slots"."id")',
    )
  })

  it('works inside a subquery of another table (the contributor search)', () => {
    const { sql } = db
      .selectFrom('contributors')
      .select('contributors.id')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('slots')
            .select('slots.id')
            .whereRef('slots.contributor_id', '=', 'contributors.id')
            .where(slotIsFree()),
        ),
      )
      .compile()
    expect(sql).toContain(
      'and not exists (select "sessions"."id" from "sessions" where "sessions"."active_slot_id" = "slots"."id")',
    )
  })
})

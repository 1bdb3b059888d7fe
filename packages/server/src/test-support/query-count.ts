import type { Kysely, KyselyPlugin } from 'kysely'
import type { Database } from '../db/tables.ts'

/** The database seen through a counter of the queries run through it (for "a fixed number of queries" tests). */
export function countingQueries(db: Kysely<Database>): { db: Kysely<Database>; count: () => number } {
  let n = 0
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { db: db.withPlugin(plugin), count: () => n }
}

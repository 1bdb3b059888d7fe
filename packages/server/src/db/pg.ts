/**
 * The PostgreSQL driver, loaded the first time it is needed: a deployment on SQLite never loads its thirty
 * modules, about 50 ms of every start at full speed (issue 37: process start to first answer ≤ 1.5 s).
 */
import type pgModule from 'pg'

let loading: Promise<typeof pgModule> | undefined

/** The `pg` module, its type parsers set (once, before any connection is made). */
export function loadPg(): Promise<typeof pgModule> {
  loading ??= import('pg').then(({ default: pg }) => {
    // COUNT(*) and BIGINT come back from pg as strings; the API speaks numbers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))
    return pg
  })
  return loading
}

/**
 * Statements built and compiled once, then run with new values (issue 37). Kysely builds a statement's tree and
 * compiles it to SQL on every call: for the statements every signed-in request runs (its session), and those of
 * a chat message and a booking, that was a tenth or more of the main thread under the working-day mix. A
 * statement written with {@link precompiled} is built once per database kind, with a marker in the place of each
 * value it takes; a call swaps the markers for its values and runs the SQL as it is.
 *
 * Only values may vary: a statement whose shape depends on its arguments (a list of ids, an optional filter)
 * cannot be kept, and is refused when it is first built (a marker used for anything but a value would not be
 * found among the compiled parameters).
 */
import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
  type QueryResult,
  type Transaction,
} from 'kysely'
import type { Database } from './tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Where a statement's `index`th value goes. */
class Marker {
  readonly index: number
  constructor(index: number) {
    this.index = index
  }
}

/** A kept statement: its SQL and parameters, markers among them. */
interface Kept {
  query: CompiledQuery
  /** For each parameter, the argument it takes, or -1 for a constant of the statement. */
  from: number[]
}

/**
 * A statement built by `build` from `arity` values, compiled once for each kind of database it meets (the
 * adapter of the instance or transaction it runs on) and run with the values of each call. Answers the rows and,
 * for a change, how many rows it changed.
 */
export function precompiled<A extends unknown[], R>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...values: A) => Compilable<R>,
): (db: Db, ...values: A) => Promise<QueryResult<R>> {
  const byAdapter = new WeakMap<object, Kept>()
  const markers = Array.from({ length: arity }, (_, i) => new Marker(i)) as unknown as A
  return async (db, ...values) => {
    const executor = db.getExecutor()
    let kept = byAdapter.get(executor.adapter)
    if (!kept) {
      const query = build(db as Kysely<Database>, ...markers).compile()
      const from = query.parameters.map((p) => (p instanceof Marker ? p.index : -1))
      const used = new Set(from.filter((i) => i >= 0))
      if (used.size !== arity)
        throw new Error(
          `a precompiled statement takes ${arity} values but its SQL uses ${used.size}: ${query.sql}`,
        )
      kept = { query, from }
      byAdapter.set(executor.adapter, kept)
    }
    const { query, from } = kept
    const parameters = from.map((i, at) => (i < 0 ? query.parameters[at] : values[i]))
    // The statement's own tree goes with it: the SQLite driver sends a select to its reader threads by it.
    return db.executeQuery<R>({ query: query.query, queryId: createQueryId(), sql: query.sql, parameters })
  }
}

/**
 * A statement over one row of named values (an insert's columns), kept as {@link precompiled} keeps one. The row
 * of each call must hold exactly these columns: one it does not know is refused, not dropped.
 */
export function precompiledRow<C extends string, R>(
  columns: readonly C[],
  // biome-ignore lint/suspicious/noExplicitAny: a row of markers, typed as each column's value by the builder.
  build: (db: Kysely<Database>, row: Record<C, any>) => Compilable<R>,
): (db: Db, row: { [K in C]: unknown }) => Promise<QueryResult<R>> {
  const known = new Set<string>(columns)
  const statement = precompiled(columns.length, (db, ...values: unknown[]) =>
    build(db, Object.fromEntries(columns.map((c, i) => [c, values[i]])) as Record<C, unknown>),
  )
  return (db, row) => {
    for (const key in row) if (!known.has(key)) throw new Error(`a precompiled row has no column ${key}`)
    // A column given as undefined is NULL, as Kysely leaves such a column out of an insert.
    return statement(db, ...columns.map((c) => (row[c] === undefined ? null : row[c])))
  }
}

/**
 * Recognises the constraint violations both databases report, so that a race the database decides (a unique
 * index, a foreign key) can be answered with the right HTTP status.
 */

interface DbError {
  code?: unknown
  errcode?: unknown
  message?: unknown
  constraint?: unknown
  detail?: unknown
}

function text(err: DbError): string {
  return [err.message, err.constraint, err.detail].filter((v) => typeof v === 'string').join(' ')
}

/**
 * Whether an error is a unique-index violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE), and
 * when `column` is given, one on that column.
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as DbError
  const unique =
    e.code === '23505' ||
    e.errcode === 2067 ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  return unique && (column === undefined || text(e).includes(column))
}

/** Whether an error is a foreign-key violation (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as DbError
  return (
    e.code === '23503' ||
    e.errcode === 787 ||
    (typeof e.message === 'string' && e.message.includes('FOREIGN KEY constraint failed'))
  )
}

/**
 * The back office's CSV exports (issue 33): UTF-8 with a byte-order mark, so that a spreadsheet opens Arabic
 * right; RFC 4180 (records end in CRLF; a field holding a comma, a double quote or a line break is quoted, its
 * quotes doubled); and every text that a spreadsheet would read as a formula (beginning with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) neutralised with a leading `'` (CSV injection). Numbers are written as
 * they are: a negative number is a number, not a formula.
 */

/** A cell: text, a number, a flag, or nothing (an empty field). */
export type CsvCell = string | number | boolean | null | undefined

/** The byte-order mark a CSV text starts with. */
export const BOM = '\uFEFF'

/** The characters that make a spreadsheet read a cell as a formula when it starts with one. */
const FORMULA_START = /^[=+\-@\t\r]/

/** One field as written: neutralised when it could run as a formula, quoted when RFC 4180 requires it. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole CSV text: the byte-order mark, then each row as a record ending in CRLF. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('')
}

/** The headers of a CSV download named `filename` (ASCII letters, digits, dots and dashes). */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  }
}

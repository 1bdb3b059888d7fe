/**
 * The CSV exports of the back office (issue 33). The server sends them only with the signed-in admin's
 * token, which a plain link cannot carry, so a button fetches the file through the API client and hands it
 * to the browser as a download under a name that says what and which range it holds.
 */

/** The query of an export: the filters shown on screen, empty ones left out. */
export function exportQuery<Q extends Record<string, string | number | boolean | undefined | null>>(
  filters: Q,
): Partial<Q> {
  const query: Partial<Q> = {}
  for (const [name, value] of Object.entries(filters) as [keyof Q, Q[keyof Q]][]) {
    if (value === undefined || value === null) continue
    if (typeof value === 'string' && value.trim() === '') continue
    query[name] = (typeof value === 'string' ? value.trim() : value) as Q[keyof Q]
  }
  return query
}

/**
 * The file name of an export: `mashura-{what}` and its range (`_2026-01-01_2026-01-31`) when it has one, then
 * `.csv`; only letters, digits, dots, dashes and underscores, so every system keeps it as it is.
 */
export function csvFileName(
  what: string,
  range?: { from?: string | undefined; to?: string | undefined },
): string {
  const parts = [`mashura-${what}`]
  const from = range?.from?.slice(0, 10)
  const to = range?.to?.slice(0, 10)
  if (from || to) parts.push(from || 'start', to || 'today')
  return `${parts.join('_').replace(/[^\w.-]+/g, '-')}.csv`
}

/**
 * Hands a CSV text to the browser as a download named `name`, in UTF-8 with the byte-order mark a spreadsheet
 * needs to read the Arabic right: reading the answer as text drops the server's mark, so it is put back.
 */
export function downloadCsv(csv: string, name: string): void {
  const blob = new Blob([csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

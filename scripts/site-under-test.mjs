// What the phone benchmarks (bench-lighthouse.mjs, bench-inp.mjs) share: the site they measure, either at
// `--base <url>` or a fresh `npm start` (tests/e2e/support/npm-start.ts: a free port, a seeded data directory;
// it builds everything first), the public experts it lists, and how their tables are printed.

/**
 * The site at `base`, or an `npm start` of this checkout when `base` is undefined: its address (ending in `/`)
 * and how to stop it (nothing to stop for a site given by address).
 */
export async function siteUnderTest(base) {
  if (base) return { base: base.endsWith('/') ? base : `${base}/`, stop: async () => undefined }
  const { startNpm } = await import('../tests/e2e/support/npm-start.ts')
  console.error('starting npm start (it builds everything first)…')
  const server = await startNpm()
  return { base: server.base.endsWith('/') ? server.base : `${server.base}/`, stop: () => server.stop() }
}

/** The first 50 experts the public search lists, newest first, as the API answers them (in Arabic). */
export async function publicExperts(base) {
  const response = await fetch(new URL('api/profile/contributors?q=%20&per_page=50', base), {
    headers: { 'X-API-Key': 'mashura-dev-key', 'Accept-Language': 'ar' },
  })
  if (!response.ok) throw new Error(`the expert list answered ${response.status}`)
  return (await response.json()).data
}

/** An expert's profile address on the site, under the first subject they cover. */
export const profilePath = (expert) => `profile/${expert.role}/${expert.subjects[0]?.id ?? 0}/${expert.id}`

/** Prints a table: Markdown for docs/performance.md, else aligned columns (the first left, the rest right). */
export function printTable(header, cells, markdown) {
  if (markdown) {
    console.log(`| ${header.join(' | ')} |`)
    console.log(`|${header.map((_, i) => (i ? '---:' : '---')).join('|')}|`)
    for (const row of cells) console.log(`| ${row.join(' | ')} |`)
    return
  }
  const width = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (row) => row.map((c, i) => (i ? c.padStart(width[i]) : c.padEnd(width[i]))).join('  ')
  console.log(line(header))
  for (const row of cells) console.log(line(row))
}

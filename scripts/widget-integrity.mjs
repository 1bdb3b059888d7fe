// Writes widgets/dist/integrity.json after the widgets' build (issue 36): the kit's version (from
// widgets/package.json) and, for every JavaScript and CSS file of the kit, its Subresource Integrity hash
// (`sha384-…`), keyed by its path under the kit's folder. The server serves it at
// `/widgets/v<version>/integrity.json` (and `/widgets/integrity.json` for the latest build), and reads the
// version from it to answer the versioned addresses (packages/server/src/web/site.ts). The brotli and gzip
// copies are left out: the browser checks the decoded file.
//
//   node scripts/widget-integrity.mjs [dist folder]   (default widgets/dist; the widgets' build runs it)
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The files a page can load with an `integrity` attribute or an import map's `integrity` entry. */
const HASHED = /\.(?:js|mjs|css)$/

/**
 * The SRI value of some bytes: `sha384-` and the base64 of their SHA-384 digest.
 * @param {Buffer | string} bytes
 * @returns {string}
 */
export function sriHash(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}

/**
 * The integrity manifest of a built kit folder: `{ version, files }`, `files` mapping each JS and CSS file's
 * path (with `/`, relative to `dir`) to its `sha384-…`, in a stable (sorted) order.
 * @param {string} dir
 * @param {string} version
 * @returns {{ version: string, algorithm: 'sha384', files: Record<string, string> }}
 */
export function integrityManifest(dir, version) {
  const names = []
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && HASHED.test(entry.name)) names.push(join(entry.parentPath, entry.name))
  }
  const files = Object.fromEntries(
    names
      .map((path) => [relative(dir, path).split(sep).join('/'), sriHash(readFileSync(path))])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  return { version, algorithm: 'sha384', files }
}

/**
 * Writes `integrity.json` into `dir` for the version in widgets/package.json, and answers the manifest.
 * @param {string} [dir]
 */
export function writeIntegrity(dir = `${root}widgets/dist`) {
  const { version } = JSON.parse(readFileSync(`${root}widgets/package.json`, 'utf8'))
  const manifest = integrityManifest(resolve(dir), version)
  writeFileSync(join(dir, 'integrity.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = writeIntegrity(process.argv[2])
  console.log(`widget-integrity: ${Object.keys(manifest.files).length} files hashed for v${manifest.version}`)
}

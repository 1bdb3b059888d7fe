// Builds what the server serves — core, the examples, the agency's site and its server renderer, the widgets
// (and the Zoom page) — with their brotli and gzip copies, once: a fingerprint of the inputs (every file git
// knows under the built folders, with its size and modification time, and the lock file) is kept in
// `.cache/build-stamp.json`, and a build whose inputs and outputs are unchanged is skipped. `npm start` and the
// end-to-end tests build through it, so a restart does not rebuild and every test server shares one build.
// `node scripts/build-site.mjs [--force]` runs it by hand.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { precompressDir } from './precompress.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const STAMP = `${root}.cache/build-stamp.json`

/** The folders whose files the build reads, and the single files it reads outside them. */
const INPUTS = ['packages/core', 'host-app', 'widgets', 'examples', 'zoom-page', 'scripts/precompress.mjs']
const SINGLE = ['package-lock.json', 'tsconfig.json', 'tsconfig.base.json']
/** What the build writes: when one is missing, the build runs whatever the stamp says. */
export const OUTPUTS = [
  'packages/core/dist',
  'examples/dist',
  'host-app/dist',
  'host-app/dist-server/entry-server.js',
  'widgets/dist',
]

/**
 * The inputs' fingerprint: a hash of every input file's path, size and modification time. Files are listed by
 * git (tracked, and untracked but not ignored), so build outputs and caches never count; outside a git
 * checkout it is null and the build always runs.
 * @returns {string | null}
 */
export function inputFingerprint() {
  let listed
  try {
    listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
  } catch {
    return null
  }
  const hash = createHash('sha256')
  for (const path of [...new Set(listed.split('\0').filter(Boolean))].sort().concat(SINGLE)) {
    const full = `${root}${path}`
    if (!existsSync(full)) continue
    const { size, mtimeMs } = statSync(full)
    hash.update(`${path}\0${size}\0${mtimeMs}\n`)
  }
  return hash.digest('hex')
}

/** Whether the last build's stamp matches these inputs and its outputs are all there. */
function upToDate(fingerprint) {
  if (!fingerprint || !existsSync(STAMP)) return false
  if (!OUTPUTS.every((path) => existsSync(`${root}${path}`))) return false
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).fingerprint === fingerprint
  } catch {
    return false
  }
}

/**
 * Builds everything the server serves unless the last build is still current (`force` builds anyway).
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ built: boolean }>}
 */
export async function buildSite({ force = false, log = console.log } = {}) {
  const fingerprint = inputFingerprint()
  if (!force && upToDate(fingerprint)) {
    log('the site, the widgets and the examples are built and current: not rebuilding')
    return { built: false }
  }
  log('building core, the site, the widgets and the examples…')
  execFileSync('npx', ['tsc', '-b', 'packages/core'], { cwd: root, stdio: 'inherit' })
  const { build } = await import('vite')
  // Vite's build sets NODE_ENV=production when it is unset; the server reads NODE_ENV to
  // choose development or production, so put back what the caller started with.
  const nodeEnv = process.env.NODE_ENV
  try {
    await build({ configFile: `${root}examples/vite.config.ts`, root: `${root}examples`, logLevel: 'warn' })
    // The agency's site, served at /.
    await build({ configFile: `${root}host-app/vite.config.ts`, logLevel: 'warn' })
    // Its server renderer of the public pages (host-app/dist-server): they arrive drawn (issue 15).
    await build({
      configFile: `${root}host-app/vite.config.ts`,
      logLevel: 'warn',
      build: { ssr: `${root}host-app/src/entry-server.tsx` },
    })
    // The widget bundles, served at /widgets/ for the examples and partner pages; the same build makes the
    // Zoom page in widgets/dist/zoom/ (served at /widgets/zoom/) once the widgets are done.
    await build({ configFile: `${root}widgets/vite.config.ts`, logLevel: 'warn' })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  // Brotli and gzip copies beside the built files: the server sends them to browsers that accept them.
  for (const dir of ['host-app/dist', 'examples/dist', 'widgets/dist']) precompressDir(`${root}${dir}`)
  if (fingerprint) {
    mkdirSync(`${root}.cache`, { recursive: true })
    writeFileSync(STAMP, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`)
  }
  return { built: true }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite({ force: process.argv.includes('--force') })
}

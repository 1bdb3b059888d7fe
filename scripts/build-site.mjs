// Builds what the server serves — core, the examples, the agency's site and its server renderer, the widgets
// (and the Zoom page) — with their brotli and gzip copies, once: a fingerprint of the inputs (every file git
// knows under the built folders, with its size and modification time, the lock file, and the VITE_* settings
// the site reads at build time) is kept in `.cache/build-stamp.json`, and a build whose inputs and outputs are
// unchanged is skipped. `npm start` and the
// end-to-end tests build through it, so a restart does not rebuild and every test server shares one build.
// `node scripts/build-site.mjs [--force]` runs it by hand.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { precompressDir } from './precompress.mjs'
import { writeIntegrity } from './widget-integrity.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const STAMP = `${root}.cache/build-stamp.json`

/** The folders whose files the build reads, and the single files it reads outside them. */
const INPUTS = [
  'packages/core',
  'host-app',
  'widgets',
  'examples',
  'zoom-page',
  'scripts/precompress.mjs',
  'scripts/widget-integrity.mjs',
]
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
  // The site reads its VITE_* settings at build time: a build made with other settings is another build.
  for (const [name, value] of viteSettings()) hash.update(`${name}=${value}\n`)
  for (const path of [...new Set(listed.split('\0').filter(Boolean))].sort().concat(SINGLE)) {
    const full = `${root}${path}`
    if (!existsSync(full)) continue
    const { size, mtimeMs } = statSync(full)
    hash.update(`${path}\0${size}\0${mtimeMs}\n`)
  }
  return hash.digest('hex')
}

/** The VITE_* settings in the environment, sorted by name: what the site's build reads besides its files. */
function viteSettings() {
  return Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
}

/** Whether the stamp at `stamp` matches these inputs and the outputs (paths from the root) are all there. */
function upToDate(fingerprint, stamp = STAMP, outputs = OUTPUTS.map((path) => `${root}${path}`)) {
  if (!fingerprint || !existsSync(stamp)) return false
  if (!outputs.every((path) => existsSync(path))) return false
  try {
    return JSON.parse(readFileSync(stamp, 'utf8')).fingerprint === fingerprint
  } catch {
    return false
  }
}

/** Writes a build's stamp. */
function writeStamp(stamp, fingerprint) {
  if (!fingerprint) return
  mkdirSync(dirname(stamp), { recursive: true })
  writeFileSync(stamp, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`)
}

/** The folders a server is started with, for the default build. */
const DEFAULT_ROOTS = {
  siteRoot: `${root}host-app/dist`,
  siteServerEntry: `${root}host-app/dist-server/entry-server.js`,
  examplesRoot: `${root}examples/dist`,
  widgetsRoot: `${root}widgets/dist`,
}

/** Runs `work` with the VITE_* settings out of the environment, and puts them back after. */
async function withoutViteSettings(work) {
  const settings = viteSettings()
  for (const [name] of settings) delete process.env[name]
  try {
    return await work()
  } finally {
    for (const [name, value] of settings) process.env[name] = value
  }
}

/** Runs a Vite build with NODE_ENV put back afterwards (Vite sets it to production when it is unset). */
async function viteBuild(config) {
  const { build } = await import('vite')
  const nodeEnv = process.env.NODE_ENV
  try {
    await build(config)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

/**
 * The agency's site built with the VITE_* settings of the environment into a folder of its own under
 * `.cache/site-variants/` (with its renderer), beside the default build of everything else: a server started
 * with other settings (a Firebase configuration, say) never rewrites the folders another server is serving.
 */
async function buildVariant({ force, log }) {
  const base = await withoutViteSettings(() => buildSite({ log }))
  const fingerprint = inputFingerprint()
  const key = createHash('sha256').update(JSON.stringify(viteSettings())).digest('hex').slice(0, 16)
  const dir = `${root}.cache/site-variants/${key}`
  const roots = {
    ...base.roots,
    siteRoot: `${dir}/dist`,
    siteServerEntry: `${dir}/dist-server/entry-server.js`,
  }
  const stamp = `${dir}/build-stamp.json`
  if (!force && upToDate(fingerprint, stamp, [roots.siteRoot, roots.siteServerEntry])) {
    log('the site built with these VITE_* settings is current: not rebuilding')
    return { built: false, roots }
  }
  log('building the site with the VITE_* settings given…')
  const config = `${root}host-app/vite.config.ts`
  await viteBuild({ configFile: config, logLevel: 'warn', build: { outDir: roots.siteRoot } })
  await viteBuild({
    configFile: config,
    logLevel: 'warn',
    build: { ssr: `${root}host-app/src/entry-server.tsx`, outDir: `${dir}/dist-server` },
  })
  precompressDir(roots.siteRoot)
  writeStamp(stamp, fingerprint)
  return { built: true, roots }
}

/**
 * Builds everything the server serves unless the last build is still current (`force` builds anyway), and
 * answers the folders to serve. With `separate`, VITE_* settings in the environment give the site a build of
 * its own (see buildVariant); without it they are built into the default folders (the release does this).
 * @param {{ force?: boolean, separate?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ built: boolean, roots: typeof DEFAULT_ROOTS }>}
 */
export async function buildSite({ force = false, separate = false, log = console.log } = {}) {
  if (separate && viteSettings().length) return buildVariant({ force, log })
  const fingerprint = inputFingerprint()
  if (!force && upToDate(fingerprint)) {
    log('the site, the widgets and the examples are built and current: not rebuilding')
    return { built: false, roots: DEFAULT_ROOTS }
  }
  log('building core, the site, the widgets and the examples…')
  execFileSync('npx', ['tsc', '-b', 'packages/core'], { cwd: root, stdio: 'inherit' })
  await viteBuild({ configFile: `${root}examples/vite.config.ts`, root: `${root}examples`, logLevel: 'warn' })
  // The agency's site, served at /.
  await viteBuild({ configFile: `${root}host-app/vite.config.ts`, logLevel: 'warn' })
  // Its server renderer of the public pages (host-app/dist-server): they arrive drawn (issue 15).
  await viteBuild({
    configFile: `${root}host-app/vite.config.ts`,
    logLevel: 'warn',
    build: { ssr: `${root}host-app/src/entry-server.tsx` },
  })
  // The widget bundles, served at /widgets/ for the examples and partner pages; the same build makes the
  // Zoom page in widgets/dist/zoom/ (served at /widgets/zoom/) once the widgets are done.
  await viteBuild({ configFile: `${root}widgets/vite.config.ts`, logLevel: 'warn' })
  // Their version and SRI hashes (widgets/dist/integrity.json), which the versioned addresses need (issue 36).
  writeIntegrity(`${root}widgets/dist`)
  // Brotli and gzip copies beside the built files: the server sends them to browsers that accept them.
  for (const dir of ['host-app/dist', 'examples/dist', 'widgets/dist']) precompressDir(`${root}${dir}`)
  writeStamp(STAMP, fingerprint)
  return { built: true, roots: DEFAULT_ROOTS }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite({ force: process.argv.includes('--force') })
}

// `npm run release` (issue 35, build once, run many): writes dist/release/, a folder a production host runs as
// it is, with production dependencies only:
//
//   server.mjs            the entry: `node server.mjs` serves; `node server.mjs db status|migrate`,
//                         `backup <file>`, `restore <file>`, `admin grant|revoke|list` run the commands
//   server/               the server bundled by Vite's SSR build (packages/server/vite.release.config.ts): core
//                         inside, the two worker threads beside it, every npm package an import
//   site/, site-server/   the agency's site and its server renderer (host-app/dist, host-app/dist-server)
//   widgets/              the widget bundles and the Zoom page (widgets/dist)
//   docs/                 the docs site (docs-site/dist), static files for any web server
//   deploy/               the systemd unit and the nginx configuration (deploy/)
//   package.json          exactly the packages the bundles import, pinned to the versions this checkout runs
//   package-lock.json     made from npm's cache, so `npm ci --omit=dev` installs the same tree everywhere
//   release.json          what was built, from which commit, when
//
// Then `cd dist/release && npm ci --omit=dev && node server.mjs`. No TypeScript and no Vite at start, nothing
// written into the folder, so several instances run from one release. The examples (a development playground
// on the development key) are not part of it: production does not serve them.
//
// The site is built with the VITE_* settings in the environment (or host-app/.env.production): give them to
// `npm run release`, which rebuilds the site when they differ from its last build's. release.json names them.
//
// `node scripts/release.mjs [--force] [--reuse-docs]`: --force rebuilds the site even when its sources did not
// change; --reuse-docs takes docs-site/dist as it is when it exists (the test run has just built it).
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSite } from './build-site.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Where the release is written. */
export const RELEASE_DIR = `${root}dist/release`

/** The built folders the release serves, and where they go in it (packages/server/src/release-main.ts). */
const COPIES = [
  ['host-app/dist', 'site'],
  ['host-app/dist-server', 'site-server'],
  ['widgets/dist', 'widgets'],
  ['docs-site/dist', 'docs'],
  ['deploy', 'deploy'],
]

/** The workspaces whose packages the bundles import, where an import is looked up before the root's. */
const WORKSPACES = ['packages/server', 'packages/core', 'host-app', 'widgets']

/** The release's entry: the bundle's `runRelease` with the folder it is in. */
const ENTRY = `// Mashura's release entry (written by scripts/release.mjs): \`node server.mjs\` serves the site, the API and
// the widgets from this folder; \`node server.mjs db status|migrate\`, \`backup <file>\`, \`restore <file>\`,
// \`admin grant|revoke|list\` run the commands. Settings come from the environment (see the self-hosting docs).
import { enableCompileCache, flushCompileCache } from 'node:module'

// V8's compiled code is kept between starts (in NODE_COMPILE_CACHE, else the system's temporary folder):
// a restart compiles the bundle and its packages again only when they changed. It is written once the
// server listens, so that an instance started beside a running one finds it too.
enableCompileCache?.()
const { runRelease } = await import('./server/main.mjs')
const code = await runRelease(new URL('.', import.meta.url), process.argv.slice(2))
if (code !== null) process.exit(code)
flushCompileCache?.()
`

const BUILTINS = new Set(builtinModules)

/** The package a bare import names (`@scope/name/sub` → `@scope/name`), or null for Node's own and relative ones. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  return BUILTINS.has(name) ? null : name
}

/**
 * Every bare import in a built JavaScript text: static and dynamic imports, re-exports, and `require()` of a
 * CommonJS package (firebase-admin is loaded that way). Comments are stripped first, so that a doc comment
 * mentioning `import('x')` is not taken for one.
 */
export function bareImports(code) {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const found = new Set()
  const patterns = [
    /\bimport\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /\bexport\s*[\w*${}\s,]*?\s*from\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ]
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1])
  return [...found].filter((specifier) => packageOf(specifier) !== null)
}

/** The .js and .mjs files under a folder. */
function scripts(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => join(dir, file))
}

/** The version of `name` this checkout runs: a workspace's own copy first, else the root's. */
export function installedVersion(name) {
  for (const where of [...WORKSPACES.map((ws) => `${root}${ws}/`), root]) {
    const file = `${where}node_modules/${name}/package.json`
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version
  }
  return null
}

/**
 * Bundles the server into dist/release/server with Vite's SSR build (NODE_ENV put back as it was), and answers
 * the external imports the bundler itself recorded in its chunks, beside which the text scan must find its own.
 * @returns {Promise<string[]>}
 */
async function bundleServer() {
  const { build } = await import('vite')
  const nodeEnv = process.env.NODE_ENV
  let result
  try {
    result = await build({ configFile: `${root}packages/server/vite.release.config.ts`, logLevel: 'warn' })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  const outputs = [result].flat().flatMap((r) => ('output' in r ? r.output : []))
  // A chunk's `imports` name the bundle's own chunks by file name, and the external modules by specifier.
  const own = new Set(outputs.map((output) => output.fileName))
  return outputs
    .flatMap((chunk) => (chunk.type === 'chunk' ? [...chunk.imports, ...chunk.dynamicImports] : []))
    .filter((specifier) => !own.has(specifier) && packageOf(specifier) !== null)
}

/** The commit the release is built from, and whether the checkout had changes; null outside git. */
function commit() {
  try {
    const run = (args) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    return { sha: run(['rev-parse', 'HEAD']).trim(), dirty: run(['status', '--porcelain']).trim() !== '' }
  } catch {
    return null
  }
}

/**
 * Builds the release into dist/release and answers its folder and the packages it depends on.
 * @param {{ force?: boolean, reuseDocs?: boolean, log?: (line: string) => void }} [options]
 */
export async function release({ force = false, reuseDocs = false, log = console.log } = {}) {
  const started = performance.now()
  // The site is built with its VITE_* settings (the API key, the rating passphrase, the provider's addresses as
  // the browser sees them): they are part of the build's fingerprint, so other settings build it again.
  const viteSettings = Object.keys(process.env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
  await buildSite({ force, log })
  if (!(reuseDocs && existsSync(`${root}docs-site/dist/index.html`))) {
    log('building the docs site…')
    execFileSync('npm', ['run', '--silent', 'build', '-w', '@mashura/docs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    })
  }
  rmSync(RELEASE_DIR, { recursive: true, force: true })
  log('bundling the server…')
  const recorded = await bundleServer()
  for (const [from, to] of COPIES) {
    if (!existsSync(`${root}${from}`))
      throw new Error(`release: ${from} is missing (it should have been built)`)
    cpSync(`${root}${from}`, `${RELEASE_DIR}/${to}`, { recursive: true })
  }
  writeFileSync(`${RELEASE_DIR}/server.mjs`, ENTRY)

  // The dependencies: every package the server bundle and the site's renderer import, at this checkout's version.
  const imports = new Map()
  for (const dir of ['server', 'site-server'])
    for (const file of scripts(`${RELEASE_DIR}/${dir}`))
      for (const specifier of bareImports(readFileSync(file, 'utf8'))) {
        const name = packageOf(specifier)
        if (!imports.has(name)) imports.set(name, new Set())
        imports.get(name).add(file.slice(RELEASE_DIR.length + 1))
      }
  // What the bundler recorded must all have been found by the scan (which also sees `require()`).
  const unseen = recorded.filter((specifier) => !imports.has(packageOf(specifier)))
  if (unseen.length) throw new Error(`release: the import scan missed ${unseen.join(', ')}`)
  const dependencies = {}
  const missing = []
  for (const name of [...imports.keys()].sort()) {
    if (name.startsWith('@mashura/'))
      throw new Error(`release: ${[...imports.get(name)][0]} imports ${name}, which should be bundled in`)
    const version = installedVersion(name)
    if (version) dependencies[name] = version
    else missing.push(`${name} (imported by ${[...imports.get(name)].join(', ')})`)
  }
  if (missing.length) throw new Error(`release: not installed in this checkout: ${missing.join('; ')}`)
  const rootPackage = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))
  const { version } = JSON.parse(readFileSync(`${root}packages/server/package.json`, 'utf8'))
  const manifest = {
    name: 'mashura-release',
    version,
    private: true,
    description: 'Mashura, built once: `npm ci --omit=dev && node server.mjs`.',
    type: 'module',
    engines: rootPackage.engines,
    scripts: { start: 'node server.mjs' },
    dependencies,
  }
  writeFileSync(`${RELEASE_DIR}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`)
  // Every import names a listed package: checked again here, on the written file, before the lock is made.
  const listed = new Set(
    Object.keys(JSON.parse(readFileSync(`${RELEASE_DIR}/package.json`, 'utf8')).dependencies),
  )
  const unlisted = [...imports.keys()].filter((name) => !listed.has(name))
  if (unlisted.length) throw new Error(`release: imported but not in package.json: ${unlisted.join(', ')}`)

  log('writing the lock file (from the npm cache)…')
  execFileSync(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
    ],
    { cwd: RELEASE_DIR, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (!existsSync(`${RELEASE_DIR}/package-lock.json`))
    throw new Error('release: npm wrote no package-lock.json')
  // The checkout's install-script policy, for the packages the release installs: a host's `npm ci --omit=dev`
  // runs none of them either, and a package with a script the policy does not name stops the release.
  const lock = JSON.parse(readFileSync(`${RELEASE_DIR}/package-lock.json`, 'utf8'))
  const withScripts = new Set(
    Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  )
  const unnamed = [...withScripts].filter((name) => !(name in (rootPackage.allowScripts ?? {})))
  if (unnamed.length)
    throw new Error(`release: install scripts the allowScripts policy does not name: ${unnamed.join(', ')}`)
  const allowScripts = Object.fromEntries(
    Object.entries(rootPackage.allowScripts ?? {}).filter(([name]) => withScripts.has(name)),
  )
  if (Object.keys(allowScripts).length)
    writeFileSync(
      `${RELEASE_DIR}/package.json`,
      `${JSON.stringify({ ...manifest, allowScripts }, null, 2)}\n`,
    )
  writeFileSync(
    `${RELEASE_DIR}/release.json`,
    `${JSON.stringify(
      {
        version,
        commit: commit(),
        builtAt: new Date().toISOString(),
        node: rootPackage.engines.node,
        viteSettings,
      },
      null,
      2,
    )}\n`,
  )
  const size = (dir) =>
    readdirSync(dir, { recursive: true }).reduce((n, file) => {
      const stat = statSync(join(dir, String(file)))
      return stat.isFile() ? n + stat.size : n
    }, 0)
  log(
    `release written to dist/release (${(size(RELEASE_DIR) / 1e6).toFixed(1)} MB, ${Object.keys(dependencies).length} dependencies) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  log('  run it: cd dist/release && npm ci --omit=dev && NODE_ENV=production node server.mjs')
  return { dir: RELEASE_DIR, dependencies }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(`${root}dist`, { recursive: true })
  try {
    await release({
      force: process.argv.includes('--force'),
      reuseDocs: process.argv.includes('--reuse-docs'),
    })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

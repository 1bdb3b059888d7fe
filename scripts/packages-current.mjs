// Whether node_modules holds what package-lock.json says: `scripts/with-node.sh` asks before it runs a command,
// and runs `npm ci` when the answer is no, so that `npm start` and `npm test` on a fresh clone install the
// packages themselves, with the Node the project runs on (issue 35: installed under an older Node, npm prints
// a warning for every package whose `engines` excludes it).
//
// npm writes node_modules/.package-lock.json (its "hidden lockfile") after every install: the packages it put
// there, by location and version. They are current when every package of the lock file is there in its
// version, optional ones for other platforms aside (npm does not install those), and nothing else is.
// `node scripts/packages-current.mjs` exits 0 when they are current, 1 when not.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The packages of a lock file: location → version (`link` for a workspace link); the root itself left out. */
function installed(lock) {
  const out = new Map()
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location.startsWith('node_modules/') || location.includes('/node_modules/'))
      out.set(location, entry.link ? 'link' : entry.version)
  }
  return out
}

/**
 * Why node_modules under `dir` is not what its package-lock.json says, or null when it is.
 * @param {string} [dir] the project's folder (this repository's by default)
 * @returns {string | null}
 */
export function packagesStale(dir = root) {
  let wanted
  let present
  try {
    wanted = JSON.parse(readFileSync(`${dir}/package-lock.json`, 'utf8'))
  } catch {
    return 'no package-lock.json'
  }
  try {
    present = installed(JSON.parse(readFileSync(`${dir}/node_modules/.package-lock.json`, 'utf8')))
  } catch {
    return 'no packages installed'
  }
  const lock = installed(wanted)
  for (const [location, version] of lock) {
    if (present.get(location) === version) continue
    // An optional package npm left out: one for another platform, or one it could not fetch.
    if (!present.has(location) && wanted.packages[location].optional) continue
    return `${location} ${present.get(location) ?? 'missing'}, the lock file says ${version}`
  }
  for (const location of present.keys())
    if (!lock.has(location)) return `${location} installed, not in the lock file`
  return null
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(packagesStale() === null ? 0 : 1)

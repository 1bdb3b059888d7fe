// Records every optional platform binary of a package in package-lock.json.
// Why: the registry these machines reach carries only some platforms' binaries
// (e.g. @biomejs/cli-darwin-x64 answers 404), so npm leaves the others out of the
// lock, and `npm ci` then refuses the lock as out of sync. An entry with its os,
// cpu and libc lets npm skip it on Linux without fetching, and fetch it by
// name and version on a machine of that platform.
// Run after changing dependencies: node scripts/lock-platform-binaries.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-x64': { os: ['android'], cpu: ['x64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64': { os: ['win32'], cpu: ['x64'] },
}

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
let added = 0
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`
    if (lock.packages[key] || lock.packages[`${path}/${key}`]) continue
    const platform = Object.keys(platforms).find((p) => dep.endsWith(`-${p}`))
    if (!platform) continue
    lock.packages[key] = { version, dev: entry.dev, optional: true, ...platforms[platform] }
    added++
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock: recorded ${added} platform binaries npm had left out`)

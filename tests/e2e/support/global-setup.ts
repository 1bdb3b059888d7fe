/**
 * The global setup of the `e2e` project (vitest.config.ts): builds what `npm start` serves once, before the
 * first journey file. The files run two at a time and most start their own `npm start`, which builds when its
 * sources changed (scripts/build-site.mjs); built here first, every server finds the build current and none
 * writes host-app/dist or widgets/dist while another serves them.
 */
import { spawnSync } from 'node:child_process'

/** The repository's root (as in npm-start.ts, which this must not import: it loads the server's testing kit). */
const root = new URL('../../../', import.meta.url).pathname

export default function setup(): void {
  // As `npm start` runs it: without the NODE_ENV Vitest sets, which the build would otherwise keep.
  const { NODE_ENV: _dropped, ...env } = process.env
  const result = spawnSync(process.execPath, ['scripts/build-site.mjs'], { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0)
    throw new Error(`scripts/build-site.mjs failed (${result.status ?? result.signal})`)
}

// Copies the built widget bundles (widgets/dist/) into the docs site (public/widgets/, gitignored), so the
// live demos load /widgets/index.js from the site itself. Builds them first with Vite
// (widgets/vite.config.ts) when widgets/dist/index.js is missing.
// The Zoom page (widgets/dist/zoom/) is left out: it only ever runs on the platform's own origin.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dist = `${root}widgets/dist`
const target = fileURLToPath(new URL('../public/widgets', import.meta.url))

if (!existsSync(`${dist}/index.js`)) {
  console.log('copy-widgets: widgets/dist/index.js is missing; building the widgets…')
  execFileSync('npx', ['vite', 'build', '--config', 'widgets/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  })
}
rmSync(target, { recursive: true, force: true })
cpSync(dist, target, {
  recursive: true,
  filter: (source) => !source.startsWith(`${dist}/zoom`) && !/\.(?:br|gz)$/.test(source),
})
console.log(`copy-widgets: widgets/dist → ${target}`)

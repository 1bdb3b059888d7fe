// Packs `@mashura/widgets` for a registry (issue 36). In the monorepo the package's `exports` point at its
// TypeScript sources (the host app, the examples and the tests import them as they are); the published
// package is assembled apart, in .cache/widgets-package/, with its own package.json:
//
//   .            the browser bundles of widgets/dist (`import '@mashura/widgets'` registers every element;
//                `./rate-form`, `./booking-calendar`, … one widget; `./loader` the lazy loader); React is
//                inside them, so a page needs nothing else
//   ./react      the React components, built here with React and React DOM left out: they are the entry's
//                peer dependencies (optional, since the elements do not need them)
//   ./events     the event map and its helper
//   types/       the declarations (tsc's, from `tsc -b`, with @mashura/core's, which is not published,
//                carried inside and its imports made relative)
//   custom-elements.json   the manifest, its module paths pointing at the shipped JavaScript
//
// `node scripts/pack-widgets.mjs [destination]` builds widgets/dist when it is missing, assembles the package
// and runs `npm pack` into the destination (default .cache/), printing the tarball's path.
// scripts/widget-package.test.ts installs the tarball in a scratch Vite project and renders an element.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const widgets = `${root}widgets/`
/** Where the package is assembled. */
export const STAGE = `${root}.cache/widgets-package/`
/** The widgets' browser entries shipped as subpaths (each registers its element). */
const ENTRIES = ['booking-calendar', 'expert-search', 'rate-form', 'session-room', 'loader']

/** Runs a command in the repository, failing loudly. */
function run(command, args, cwd = root) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
}

/** Copies every `.d.ts` under `from` into `to`, with the imports rewritten by `rewrite`. */
function copyDeclarations(from, to, rewrite) {
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
    const source = join(entry.parentPath, entry.name)
    const target = join(to, relative(from, source))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, rewrite(readFileSync(source, 'utf8'), target))
  }
}

/** Relative module paths end in `.js` in published declarations, not in the sources' `.ts`/`.tsx`. */
function jsExtensions(text) {
  return text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+?)\.tsx?\2/g, '$1$2$3.js$2')
}

/** `@mashura/core/<subpath>` → the relative path of its declarations in types/core/. */
function coreImports(coreExports) {
  return (text, target) =>
    jsExtensions(text).replace(/(['"])@mashura\/core(\/[^'"]*)?\1/g, (_whole, quote, sub) => {
      const types = coreExports[`.${sub ?? ''}`]?.types
      if (!types) throw new Error(`pack-widgets: @mashura/core${sub ?? ''} has no declarations`)
      const file = join(STAGE, 'types/core', types.replace(/^\.\/dist\//, '')).replace(/\.d\.ts$/, '.js')
      let path = relative(dirname(target), file)
      if (!path.startsWith('.')) path = `./${path}`
      return `${quote}${path}${quote}`
    })
}

/**
 * Deletes the declarations no entry reaches (core's server-side modules, say) and answers the packages the
 * rest import (their types come from those packages).
 * @param {string} dir
 * @param {string[]} entries
 * @returns {Set<string>}
 */
function pruneDeclarations(dir, entries) {
  const seen = new Set()
  const external = new Set()
  const queue = entries.map((entry) => join(dir, entry))
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop())
    if (seen.has(file)) continue
    if (!existsSync(file)) throw new Error(`pack-widgets: ${relative(dir, file)} is missing`)
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(/(?:from\s+|import\(\s*)['"]([^'"]+)['"]/g)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.d.ts'))
        queue.push(existsSync(target) ? target : join(target.replace(/\.d\.ts$/, ''), 'index.d.ts'))
      } else
        external.add(
          specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0],
        )
    }
  }
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isFile() && !seen.has(path)) rmSync(path)
  }
  return external
}

/** The React and events entries, built as a library with React and React DOM left to the host. */
async function buildLibrary() {
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  const { precompileMessages } = await import('./precompile-messages.ts')
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react(), precompileMessages({ usedIn: [`${widgets}src`, `${root}packages/core/src`] })],
    build: {
      outDir: `${STAGE}lib`,
      emptyOutDir: true,
      minify: true,
      lib: {
        entry: { react: `${widgets}src/react.ts`, events: `${widgets}src/events.ts` },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        external: (id) => /^react(?:-dom)?(?:\/|$)/.test(id),
        output: { chunkFileNames: 'shared-[hash].js', minify: true },
      },
    },
  })
}

/** custom-elements.json with each module's path (and its exports' modules) naming the shipped file. */
function shippedManifest() {
  const manifest = JSON.parse(readFileSync(`${widgets}custom-elements.json`, 'utf8'))
  const shipped = (path) => {
    const folder = path.match(/^src\/([\w-]+)\//)?.[1]
    return folder && existsSync(`${widgets}dist/${folder}.js`) ? `dist/${folder}.js` : 'dist/index.js'
  }
  for (const module of manifest.modules) {
    module.path = shipped(module.path)
    for (const item of module.exports ?? []) {
      if (item.declaration?.module) item.declaration.module = shipped(item.declaration.module)
    }
  }
  return manifest
}

/**
 * Assembles the package in STAGE and packs it into `destination`; answers the tarball's path.
 * @param {string} [destination]
 * @returns {Promise<string>}
 */
export async function packWidgets(destination = `${root}.cache`) {
  if (!existsSync(`${widgets}dist/index.js`)) run('npm', ['run', 'build', '-w', '@mashura/widgets'])
  // The declarations: tsc -b writes widgets' into .cache/tsc/widgets and core's into packages/core/dist.
  run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-b', `${widgets}tsconfig.json`])
  rmSync(STAGE, { recursive: true, force: true })
  mkdirSync(STAGE, { recursive: true })
  await buildLibrary()
  const core = JSON.parse(readFileSync(`${root}packages/core/package.json`, 'utf8'))
  const rewrite = coreImports(core.exports)
  copyDeclarations(`${root}packages/core/dist`, `${STAGE}types/core`, rewrite)
  copyDeclarations(`${root}.cache/tsc/widgets`, `${STAGE}types`, rewrite)
  const external = pruneDeclarations(`${STAGE}types`, [
    'index.d.ts',
    'react.d.ts',
    'events.d.ts',
    ...ENTRIES.map((name) => `${name}/index.d.ts`),
  ])
  // The browser bundles, without their compressed copies and without the Zoom page (the platform serves it).
  mkdirSync(`${STAGE}dist`)
  for (const name of readdirSync(`${widgets}dist`)) {
    if (/\.(?:js|css)$/.test(name)) cpSync(`${widgets}dist/${name}`, `${STAGE}dist/${name}`)
  }
  writeFileSync(`${STAGE}custom-elements.json`, `${JSON.stringify(shippedManifest(), null, 2)}\n`)
  const source = JSON.parse(readFileSync(`${widgets}package.json`, 'utf8'))
  const repo = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))
  if (existsSync(`${root}LICENSE`)) cpSync(`${root}LICENSE`, `${STAGE}LICENSE`)
  // The packages the declarations import (React aside): the JavaScript has them inside, the types need them.
  const ranges = { ...core.dependencies, ...source.dependencies }
  const typeDependencies = Object.fromEntries(
    [...external]
      .filter((name) => !/^react(?:-dom)?$/.test(name) && name !== 'lit-html')
      .sort()
      .map((name) => {
        if (!ranges[name]) throw new Error(`pack-widgets: the declarations import ${name}, not a dependency`)
        return [name, ranges[name]]
      }),
  )
  const react = source.dependencies.react
  const pkg = {
    name: source.name,
    version: source.version,
    description: source.description,
    // The repository's licence; UNLICENSED (all rights reserved) while it names none.
    license: repo.license ?? 'UNLICENSED',
    type: 'module',
    sideEffects: ['./dist/**'],
    customElements: 'custom-elements.json',
    types: './types/index.d.ts',
    exports: {
      '.': { types: './types/index.d.ts', default: './dist/index.js' },
      ...Object.fromEntries(
        ENTRIES.map((name) => [
          `./${name}`,
          {
            types: name === 'loader' ? './types/loader/index.d.ts' : `./types/${name}/index.d.ts`,
            default: `./dist/${name}.js`,
          },
        ]),
      ),
      './iife': './dist/mashura-widgets.iife.js',
      './react': { types: './types/react.d.ts', default: './lib/react.js' },
      './events': { types: './types/events.d.ts', default: './lib/events.js' },
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
    },
    files: ['dist', 'lib', 'types', 'custom-elements.json', 'README.md', 'LICENSE'],
    dependencies: typeDependencies,
    peerDependencies: {
      react,
      'react-dom': source.dependencies['react-dom'],
      '@types/react': source.devDependencies['@types/react'],
    },
    peerDependenciesMeta: {
      react: { optional: true },
      'react-dom': { optional: true },
      '@types/react': { optional: true },
    },
  }
  writeFileSync(`${STAGE}package.json`, `${JSON.stringify(pkg, null, 2)}\n`)
  writeFileSync(
    `${STAGE}README.md`,
    `# ${source.name}\n\n${source.description}\n\n- \`import '${source.name}'\` registers \`<expert-search>\`, \`<booking-calendar>\`, \`<session-room>\` and \`<rate-form>\` (React is bundled inside).\n- \`import { RateForm } from '${source.name}/react'\` for React 19 hosts (React and React DOM are peer dependencies of this entry).\n- \`custom-elements.json\` describes every attribute, property, event, CSS part and custom property.\n`,
  )
  mkdirSync(destination, { recursive: true })
  const out = run('npm', ['pack', '--json', '--pack-destination', resolve(destination)], STAGE)
  const [{ filename }] = JSON.parse(out)
  return join(resolve(destination), filename)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await packWidgets(process.argv[2]))
}

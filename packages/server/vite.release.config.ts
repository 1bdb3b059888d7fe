import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

/**
 * Bundles the server for the release (scripts/release.mjs, issue 35): Vite's SSR build of `src/release-main.ts`
 * into `dist/release/server/`, with `@mashura/core` inside and every npm package left to the release's own
 * node_modules, so the host runs plain JavaScript: no TypeScript, no Vite, nothing compiled at start.
 *
 * The two worker threads (the SQLite readers and the upload checks) are started by file: each is an entry of
 * its own here, and every file lands in the one folder, so `new URL('./check-worker.mjs', import.meta.url)`
 * finds it from whichever chunk the pool's code ends up in.
 */
const src = fileURLToPath(new URL('./src/', import.meta.url))

/** The workers started by path, by the module that starts them: the entry names are the files' own. */
export const WORKERS = {
  'sqlite-reader-worker': {
    entry: `${src}db/sqlite-reader-worker.ts`,
    startedBy: `${src}db/sqlite-readers.ts`,
  },
  'check-worker': {
    entry: `${src}adapters/files/check-worker.ts`,
    startedBy: `${src}adapters/files/check-pool.ts`,
  },
} as const

/**
 * In the checkout the pools start their workers from the TypeScript source next to them (`./x.ts`); in the
 * bundle the worker is the built `./x.mjs`. The build fails when a pool no longer names its worker that way,
 * rather than ship a server whose first slow read starts a thread from a file that is not there.
 */
function workerFiles(): Plugin {
  const rewritten = new Set<string>()
  return {
    name: 'mashura-release-workers',
    enforce: 'pre',
    transform(code, id) {
      for (const [name, { startedBy }] of Object.entries(WORKERS)) {
        if (id !== startedBy) continue
        const from = `new URL('./${name}.ts', import.meta.url)`
        if (!code.includes(from)) continue
        rewritten.add(name)
        return { code: code.replace(from, `new URL('./${name}.mjs', import.meta.url)`), map: null }
      }
      return null
    },
    buildEnd(error) {
      if (error) return
      const missing = Object.keys(WORKERS).filter((name) => !rewritten.has(name))
      if (missing.length)
        this.error(
          `the release cannot find how the server starts ${missing.join(', ')} (new URL('./….ts', import.meta.url))`,
        )
    },
  }
}

export default defineConfig({
  configFile: false,
  logLevel: 'warn',
  plugins: [workerFiles()],
  // Core is ours: bundled in. So are Kysely and TypeBox, plain JavaScript of many small modules each, which
  // Node took ~140 ms apiece to find and load at every start (issue 35's 1.5 s). Every other package stays
  // an import, installed from the release's package.json.
  ssr: { noExternal: [/^@mashura\//, /^kysely(\/|$)/, /^typebox(\/|$)/], target: 'node' },
  build: {
    ssr: true,
    target: 'node22',
    outDir: fileURLToPath(new URL('../../dist/release/server/', import.meta.url)),
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        main: `${src}release-main.ts`,
        ...Object.fromEntries(Object.entries(WORKERS).map(([name, { entry }]) => [name, entry])),
      },
      output: {
        format: 'es',
        entryFileNames: '[name].mjs',
        chunkFileNames: '[name]-[hash].mjs',
      },
    },
  },
})

import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, defineConfig, loadEnv, type Plugin } from 'vite'
import { precompileMessages } from '../scripts/precompile-messages.ts'

/**
 * Builds the agency's site into `host-app/dist`, which the reference server serves at `/`. Every route is
 * its own chunk (React Router's `lazy`), so the first load carries only the shell and the page asked for.
 * The manifest (`dist/.vite/manifest.json`) tells the server each page's chunk and styles to preload.
 *
 * `vite build --ssr src/entry-server.tsx` builds the server's renderer of the public pages into
 * `host-app/dist-server` (issue 15), with core and the widgets bundled in and React left to node_modules.
 */
const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The service worker, `/sw.js`: `src/service-worker.js` bundled on its own into one classic script (a worker
 * registered without `type: 'module'` cannot import), so that it opens pages by core's `sitePaths`, the one
 * table of the site's addresses, instead of a copy of them. Served by the dev server, emitted by the build.
 */
function serviceWorker(): Plugin {
  const entry = `${root}src/service-worker.js`
  const bundle = async (): Promise<string> => {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        lib: { entry, formats: ['iife'], name: 'mashuraServiceWorker', fileName: () => 'sw.js' },
      },
    })
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
      'output' in r ? r.output : [],
    )
    const chunk = outputs.find((o) => o.type === 'chunk')
    if (chunk?.type !== 'chunk') throw new Error('the service worker did not bundle')
    return chunk.code
  }
  return {
    name: 'mashura-service-worker',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_request, response, next) => {
        bundle().then((code) => {
          response.setHeader('Content-Type', 'text/javascript')
          response.end(code)
        }, next)
      })
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundle() })
    },
  }
}

export default defineConfig(({ isSsrBuild, mode }) => {
  const firebase = loadEnv(mode, root, 'VITE_').VITE_FIREBASE_CONFIG?.trim() ?? ''
  return {
    root,
    // The Firebase web configuration (VITE_FIREBASE_CONFIG). Without one, lib/firebase-loader.ts is replaced by
    // its empty twin, so no import of Firebase is left to make chunks for: the build is what it was (issue 16).
    define: { __MASHURA_FIREBASE_CONFIG__: JSON.stringify(firebase) },
    resolve: {
      alias: firebase
        ? []
        : [{ find: /^\.\/firebase-loader\.ts$/, replacement: `${root}src/lib/firebase-loader.none.ts` }],
    },
    plugins: [
      react(),
      ...(isSsrBuild ? [] : [serviceWorker()]),
      precompileMessages({ usedIn: [`${root}src`, `${root}../widgets/src`, `${root}../packages/core/src`] }),
    ],
    logLevel: 'warn',
    ssr: { noExternal: [/^@mashura\//] },
    build: isSsrBuild
      ? // The widgets' stylesheets minified as in the browser's build: a drawn widget's style element must read
        // the same on both sides for the browser to hydrate it (ShadowHost).
        {
          outDir: `${root}dist-server`,
          emptyOutDir: true,
          target: 'node22',
          copyPublicDir: false,
          cssMinify: true,
        }
      : {
          outDir: `${root}dist`,
          emptyOutDir: true,
          target: 'es2022',
          assetsInlineLimit: 0,
          manifest: true,
          // The app (index.html), and the script of the drawn pages that run without it (src/islands.ts,
          // issue 37), which the server's loader names from the manifest.
          rolldownOptions: { input: { index: `${root}index.html`, islands: `${root}src/islands.ts` } },
        },
  }
})

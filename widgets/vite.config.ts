import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin, type UserConfig } from 'vite'
import { precompileMessages } from '../scripts/precompile-messages.ts'

/**
 * Builds `widgets/dist/`: one ESM entry per widget (`rate-form.js`) plus `index.js` that registers them
 * all, sharing one runtime chunk (React, r2wc, core), and one self-contained `mashura-widgets.iife.js`
 * for a plain `<script>` tag. Styles are inlined into the JS and adopted into shadow roots. `npm run build -w
 * @mashura/widgets` (and `npm start`, `npm run build:widgets`) build with it.
 */
// Paths are from the repository's root, which is also Vite's root: the widgets' sources import core's.
const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = `${root}widgets/dist`
/** The sources whose message keys the widgets ship (see precompileMessages). */
const messageSources = [`${root}widgets/src`, `${root}packages/core/src`]
/** Each widget's own catalog and the folder only that widget is made from: its words ship with it alone. */
const messageSlices = Object.fromEntries(
  ['booking-calendar', 'expert-search', 'session-room'].map((name) => [name, [`${root}widgets/src/${name}`]]),
)
const messages = () => precompileMessages({ usedIn: messageSources, slices: messageSlices })

const shared: UserConfig = {
  root,
  // Library mode leaves `process.env.NODE_ENV` alone; React needs it replaced to drop its dev build.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  logLevel: 'warn',
}

/** The IIFE cannot split chunks, so it is a second build once the ESM one has finished. */
function iifeBuild(): Plugin {
  return {
    name: 'mashura-widgets-iife',
    apply: 'build',
    async closeBundle() {
      await build({
        ...shared,
        configFile: false,
        plugins: [react(), messages()],
        build: {
          outDir,
          emptyOutDir: false,
          minify: true,
          lib: {
            entry: `${root}widgets/src/index.ts`,
            name: 'MashuraWidgets',
            formats: ['iife'],
            fileName: () => 'mashura-widgets.iife.js',
          },
        },
      })
    },
  }
}

/**
 * The Zoom page (`zoom-page/`, its own workspace with React 18 and the Zoom Meeting SDK) builds into
 * `widgets/dist/zoom/` after this build, which empties `widgets/dist/` first and would otherwise wipe it.
 * Its own config keeps the SDK and React 18 out of every widget bundle.
 */
function zoomPageBuild(): Plugin {
  return {
    name: 'mashura-zoom-page',
    apply: 'build',
    async closeBundle() {
      await build({ configFile: `${root}zoom-page/vite.config.ts`, logLevel: 'warn' })
    },
  }
}

export default defineConfig({
  ...shared,
  plugins: [react(), messages(), iifeBuild(), zoomPageBuild()],
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    lib: {
      entry: {
        index: `${root}widgets/src/index.ts`,
        'rate-form': `${root}widgets/src/rate-form/index.ts`,
        'expert-search': `${root}widgets/src/expert-search/index.ts`,
        'booking-calendar': `${root}widgets/src/booking-calendar/index.ts`,
        'session-room': `${root}widgets/src/session-room/index.ts`,
        // The lit loader: imports a widget's entry the first time its tag appears on the page.
        loader: `${root}widgets/src/loader/index.ts`,
        // Runs in the platform's sign-in popup (served at /sign-in/popup), not on partner pages.
        'sign-in-popup': `${root}widgets/src/sign-in-popup/popup-page.ts`,
        // Runs on a partner's own return page, where the popup comes back when it has no opener (issue 30).
        'sign-in-return': `${root}widgets/src/sign-in-popup/return-page.ts`,
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // Vite keeps whitespace in ESM libraries; the widgets ship to browsers as-is, so minify fully.
      output: { chunkFileNames: 'runtime-[hash].js', minify: true },
    },
  },
})

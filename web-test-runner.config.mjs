// The widgets' browser tests: @web/test-runner in Debian's Chromium (through the Playwright launcher),
// modules built by Vite (JSX, `?inline` CSS: the same transforms as the widget build), against the real
// reference server started for the run (tests/support/reference-server.ts).
import react from '@vitejs/plugin-react'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { createServer } from 'vite'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'
import { referenceServer } from './tests/support/reference-server.ts'

/** Leaves the runner's socket module (served by the runner itself) to the browser, unresolved. */
function runnerSocket() {
  const id = '/__web-dev-server__web-socket.js'
  return {
    name: 'mashura-runner-socket',
    resolveId: (source) => (source === id ? { id, external: true } : null),
  }
}

// Vite in middleware mode serves the modules; the test runner keeps its own pages and socket.
// WTR_PORT lets several runs share a machine; each gets its own Vite dependency cache.
const port = Number(process.env.WTR_PORT || 8000)
const vite = await createServer({
  configFile: false,
  root: import.meta.dirname,
  cacheDir: `.cache/vite-wtr/${port}`,
  plugins: [react(), runnerSocket()],
  logLevel: 'warn',
  appType: 'custom',
  // No HMR socket: it would listen on one fixed port, which parallel runs would fight over.
  server: { middlewareMode: true, hmr: false, ws: false },
  // Pre-bundled up front: a dependency found mid-run makes Vite re-optimise and fail that import.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom/client',
      '@r2wc/react-to-web-component',
      'ofetch',
      'nanostores',
      'intl-messageformat',
      'chai',
      'axe-core',
    ],
    // Its browser module imports the runner's socket as `/__web-dev-server__web-socket.js`; pre-bundled, the
    // import became relative to Vite's cache and failed. The runner serves it as it is (see viteMiddleware).
    exclude: ['@web/test-runner-commands'],
  },
})

/** The paths Vite answers: sources, pre-bundled dependencies (`.cache`) and what Vite itself serves. */
const VITE_PATHS = /^\/(widgets|packages|node_modules|examples|\.cache|@vite|@id|@fs|@react-refresh)\b/
/** Served by the test runner untouched: the commands module must reach the runner's own socket module. */
const RUNNER_PATHS = /^\/(__web|node_modules\/@web\/test-runner-commands\/)/

/** Hands the test runner's (Koa) requests for sources to Vite's (Connect) middleware. */
async function viteMiddleware(ctx, next) {
  if (!VITE_PATHS.test(ctx.path) || RUNNER_PATHS.test(ctx.path)) return next()
  const passed = await new Promise((resolve, reject) => {
    ctx.res.once('finish', () => resolve(false))
    vite.middlewares(ctx.req, ctx.res, (error) => (error ? reject(error) : resolve(true)))
  })
  if (passed) return next()
  ctx.respond = false
}

function closeVite() {
  return { name: 'mashura-vite', serverStop: () => vite.close() }
}

/** How Chromium is launched for the widgets (media from fake devices, granted without a prompt). */
export const launchOptions = {
  executablePath: chromiumPath,
  args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
}

export default {
  files: ['widgets/src/**/*.test.tsx'],
  rootDir: '.',
  port,
  concurrency: 1,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions,
    }),
  ],
  middleware: [viteMiddleware],
  plugins: [referenceServer(), closeVite()],
  testFramework: { config: { timeout: 15_000 } },
  testsFinishTimeout: 300_000,
}

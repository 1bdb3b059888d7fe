import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'
import { hostApiProxy, hostCommands, hostServerPort } from './tests/support/host-browser.ts'
import LongestFirst from './tests/support/sequencer.ts'

/**
 * Debian's Chromium, headless, for a suite that runs in a browser: a fresh object each, since vitest names
 * each project's browser instances in place.
 */
function debianChromium() {
  return {
    enabled: true,
    headless: true,
    screenshotFailures: false,
    provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
    instances: [{ browser: 'chromium' as const }],
  }
}

/** Core's dependencies, which the browser suites pre-bundle. */
const coreDependencies = [
  'ofetch',
  'nanostores',
  'intl-messageformat',
  '@formatjs/icu-messageformat-parser',
  'typebox',
]

/** Where the host project's reference server listens (tests/support/host-setup.ts); `/api` is proxied there. */
const hostPort = await hostServerPort()

/**
 * Four suites share one runner:
 * - unit: every `*.test.ts` beside the code, in Node, with coverage;
 * - browser: the same files in Debian's Chromium (core must run in both), except
 *   `*.node.test.ts`, which compare against Node-only modules such as `node:crypto`;
 * - host: the host app's hooks and lib (every `*.test.ts(x)` under `host-app/src`) in Debian's Chromium,
 *   drawn by real React, against the real reference server (tests/support/host-setup.ts), whose `/api` the
 *   page's own origin forwards, as the site and the API share one origin in production;
 * - e2e: the journeys under `tests/`, which drive Chromium with playwright-core.
 * The widgets' `*.test.tsx` run in @web/test-runner against the reference server instead
 * (web-test-runner.config.mjs, `npm run test:widgets`). The unit suite also checks the scripts'
 * `*.test.ts`, such as the custom-elements.json generator.
 */
export default defineConfig({
  test: {
    // Longest files first, from measured seconds (tests/durations.json): a clean clone has no cache to go by.
    sequence: { sequencer: LongestFirst },
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test-support/**', '**/types.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 },
    },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          globals: true,
          include: ['packages/*/src/**/*.test.ts', 'scripts/*.test.ts'],
          // Two files at a time even on two cores (Vitest's default there is one): much of a server test is
          // waiting on PostgreSQL, Redis or a socket, and each file has its own schema, key prefix and port.
          maxWorkers: 2,
          // In `npm test` the checks, the Chromium suites, the docs and the release run beside this suite on the
          // same two cores: a test that starts its own server (a migrated database, a built app) took over
          // Vitest's default 5 s there. A test that waits for a state still fails when the state never comes.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // One module graph per worker, not per file: every server test file imports the whole server, and
          // importing it again for each of 166 files was a sixth of the suite's time (480 s → 295 s alone).
          // Each file still makes its own app, database schema, key prefix and port (its test context), so no
          // state is shared through modules; no file mocks a module, and the two that stub `fetch` put it back.
          isolate: false,
        },
      },
      {
        // Pre-bundle these up front: found mid-run, Vite would reload the page and lose a test file.
        optimizeDeps: { include: coreDependencies },
        test: {
          name: 'browser',
          globals: true,
          include: ['packages/core/src/**/*.test.ts'],
          exclude: ['**/*.node.test.ts'],
          browser: debianChromium(),
        },
      },
      {
        plugins: [react()],
        // The site's build without VITE_FIREBASE_CONFIG (host-app/vite.config.ts): no Firebase to load.
        resolve: {
          alias: [
            {
              find: /^\.\/firebase-loader\.ts$/,
              replacement: fileURLToPath(
                new URL('host-app/src/lib/firebase-loader.none.ts', import.meta.url),
              ),
            },
          ],
        },
        server: { proxy: hostApiProxy(hostPort) },
        optimizeDeps: {
          include: [
            ...coreDependencies,
            'react',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'react-dom/client',
            'react-dom/server',
            'react-router',
            '@nanostores/react',
            '@r2wc/react-to-web-component',
          ],
        },
        test: {
          name: 'host',
          globals: true,
          include: ['host-app/src/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/host-setup.ts'],
          browser: { ...debianChromium(), commands: hostCommands },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's next state is often a request and a render away: on a busy two-core machine that can take
          // longer than expect.poll's default second (a notifications page measured 15 items for a whole one).
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time: a journey mostly waits on its own server and Chromium, so two share the two
          // cores well, and each has its own server, port, data directory and database (tests/e2e/support).
          // What the servers serve is built once first (tests/e2e/support/global-setup.ts), so none builds.
          maxWorkers: 2,
          globalSetup: ['tests/e2e/support/global-setup.ts'],
        },
      },
    ],
  },
})

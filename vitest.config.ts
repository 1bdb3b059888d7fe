import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

/**
 * Three suites share one runner:
 * - unit: every `*.test.ts` beside the code, in Node, with coverage;
 * - browser: the same files in Debian's Chromium (core must run in both), except
 *   `*.node.test.ts`, which compare against Node-only modules such as `node:crypto`;
 * - e2e: the journeys under `tests/`, which drive Chromium with playwright-core.
 * The widgets' `*.test.tsx` run in @web/test-runner against the reference server instead
 * (web-test-runner.config.mjs, `npm run test:widgets`). The unit suite also checks the scripts'
 * `*.test.ts`, such as the custom-elements.json generator, and the site's framework-free modules
 * (`host-app/src/lib/*.test.ts`).
 */
export default defineConfig({
  test: {
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
          include: ['packages/*/src/**/*.test.ts', 'scripts/*.test.ts', 'host-app/src/lib/*.test.ts'],
        },
      },
      {
        // Pre-bundle these up front: found mid-run, Vite would reload the page and lose a test file.
        optimizeDeps: {
          include: ['ofetch', 'nanostores', 'intl-messageformat', '@formatjs/icu-messageformat-parser'],
        },
        test: {
          name: 'browser',
          globals: true,
          include: ['packages/core/src/**/*.test.ts'],
          exclude: ['**/*.node.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
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
          fileParallelism: false,
        },
      },
    ],
  },
})

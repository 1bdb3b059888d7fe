import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

/**
 * Three suites share one runner:
 * - unit: every `*.test.ts` beside the code, in Node, with coverage;
 * - browser: the same files in Debian's Chromium (core must run in both), except
 *   `*.node.test.ts`, which compare against Node-only modules such as `node:crypto`; plus the
 *   widgets' `*.test.tsx`, which render the custom elements into a real page;
 * - e2e: the journeys under `tests/`, which drive Chromium with playwright-core.
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
          include: ['packages/*/src/**/*.test.ts'],
        },
      },
      {
        // JSX for the widgets' `*.test.tsx` and the components they render.
        plugins: [react()],
        // Pre-bundle these up front: found mid-run, Vite would reload the page and lose a test file.
        optimizeDeps: {
          include: [
            'ofetch',
            'nanostores',
            '@formatjs/intl',
            '@formatjs/icu-messageformat-parser',
            'react',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'react-dom/client',
            '@r2wc/react-to-web-component',
          ],
        },
        test: {
          name: 'browser',
          globals: true,
          include: ['packages/core/src/**/*.test.ts', 'widgets/src/**/*.test.tsx'],
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
          fileParallelism: false,
        },
      },
    ],
  },
})

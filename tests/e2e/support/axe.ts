import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * axe-core's browser bundle, evaluated in the page under test: through the debugging protocol, which the
 * site's Content-Security-Policy (`script-src 'self'`) rightly does not let a `<script>` tag do.
 */
const axeSource = readFileSync(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8')

/** The WCAG 2.1 A and AA rules. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** What axe reports per rule, trimmed to what a reader of a failed test needs. */
interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; failureSummary?: string }[]
}

/**
 * Runs axe-core (WCAG 2.1 A/AA) on the page as it is (open shadow roots included) and returns its
 * violations as readable lines: rule, impact, help and each failing element with why. Empty when clean.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(
    async (runOnly) =>
      (
        await (
          window as unknown as { axe: { run(o: unknown): Promise<{ violations: Violation[] }> } }
        ).axe.run({ runOnly: { type: 'tag', values: runOnly }, resultTypes: ['violations'] })
      ).violations,
    tags,
  )
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${JSON.stringify(n.target)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n')}`,
  )
}

/** Fails with axe's findings, named after the state the page is in, unless there are none. */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const found = await axeViolations(page)
  expect(found, `axe on ${state}:\n${found.join('\n')}`).toEqual([])
}

/** Accessibility checks for widget tests: axe-core on a widget, shadow DOM included, WCAG 2.1 A and AA. */
import axe from 'axe-core'

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Fails with a readable list when axe finds any WCAG 2.1 A/AA violation inside `element` (its shadow
 * root included). Call it in every state a test reaches: loading, results, empty, error, dialogs.
 */
export async function expectAccessible(element: Element, state = ''): Promise<void> {
  const results = await axe.run(element, {
    runOnly: { type: 'tag', values: WCAG_21_AA },
    resultTypes: ['violations'],
  })
  if (results.violations.length === 0) return
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
    ),
  )
  throw new Error(
    `axe found ${results.violations.length} WCAG violation(s)${state ? ` in state "${state}"` : ''}:\n${lines.join('\n')}`,
  )
}

import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order test files start in: longest first, from the seconds each took in a measured run
 * (`tests/durations.json`, refreshed with `node scripts/test-durations.mjs <vitest json report>…`).
 * Vitest's own order is longest first too, but from its cache of earlier runs, which a clean clone (CI) does not
 * have; then it falls back to file size, and the slowest journey (the page sweep, a short file) started last and
 * ran alone for minutes while the other worker sat idle. Files the table does not know keep Vitest's order,
 * after those it knows that take longer than `UNKNOWN_SECONDS`.
 */
const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('../durations.json', import.meta.url), 'utf8'),
).seconds

/** What a file the table does not name is taken to last: a middling journey or a middling unit file. */
const UNKNOWN_SECONDS = 20

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files)
    const rank = new Map(vitestOrder.map((file, index) => [file, index]))
    const seconds = (file: TestSpecification) =>
      durations[relative(file.project.config.root, file.moduleId)] ?? UNKNOWN_SECONDS
    const sorted = [...vitestOrder].sort(
      (a, b) =>
        // Projects one after another, as Vitest runs them; within one, longest first.
        (a.project.name === b.project.name ? 0 : rank.get(a)! - rank.get(b)!) ||
        seconds(b) - seconds(a) ||
        rank.get(a)! - rank.get(b)!,
    )
    return sorted
  }
}

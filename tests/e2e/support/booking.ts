import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Waits until a booking calendar (its host element, whose shadow root Playwright's locators pierce) shows
 * free slots, pressing its "show next week" when a week has none; at most `weeks` weeks are tried.
 */
export async function untilFreeSlots(calendar: Locator, weeks = 3): Promise<void> {
  for (let week = 0; week < weeks; week++) {
    await expect
      .poll(
        async () =>
          (await calendar.locator('[part~="slot"]').count()) +
          (await calendar.locator('[part~="show-next-week"]').count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0)
    if ((await calendar.locator('[part~="slot"]').count()) > 0) return
    await calendar.locator('[part~="show-next-week"]').click()
  }
  throw new Error(`no free slot in ${weeks} weeks`)
}

/**
 * Books the slot chosen in a booking calendar: presses Book, confirms in the dialog, and waits for the
 * success dialog, which it returns.
 */
export async function bookChosenSlot(calendar: Locator): Promise<Locator> {
  await calendar.locator('[part~="book"]:not([disabled])').click()
  const confirm = calendar.locator('[part~="confirm-dialog"]')
  await confirm.waitFor()
  await confirm.locator('[part~="confirm"]').click()
  const success = calendar.locator('[part~="success-dialog"]')
  await success.waitFor({ timeout: 15_000 })
  return success
}

import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { REQUIRED_RECOMMENDATION_FIELDS } from './support/recommendation-form.ts'
import { type MadeSession, makeSession } from './support/recommendations.ts'
import { people } from './support/sign-in.ts'
import { settled, signedInPage, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'

/**
 * The recommendations form's errors (issue 31, point 7), as GOV.UK's error summary does it: after a failed
 * submit the summary names each field in error and links to it (following a link, by mouse or keyboard,
 * puts focus on the field), and answering a question takes its error away at once, from beside the field
 * and from the summary, before any new submit. Both languages, axe clean, screenshots at 390 and 1280.
 */
let app: NpmStart
let browser: Browser
let ended: MadeSession
const shots = `${root}test-results/form-error-summary/`

beforeAll(async () => {
  ;({ app, browser } = await startSite())
  mkdirSync(shots, { recursive: true })
  ended = await makeSession(app.dataDir, 'ended')
}, 180_000)

afterAll(() => stopSite({ app, browser }))

/** The fields the empty form leaves in error, in the order they appear. */
const required = REQUIRED_RECOMMENDATION_FIELDS

/** The `data-field` of the field that holds the focus ('' when none). */
const focusedField = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') ?? '')

/** A field's label or question as the form shows it, without its "(required)". */
const fieldName = (page: Page, field: string) =>
  page
    .locator(`[data-field="${field}"] .recs-label`)
    .first()
    .evaluate((label) => (label.firstChild?.textContent ?? '').trim())

describe('the recommendations form’s error summary (issue 31, point 7)', () => {
  for (const lang of ['ar', 'en'] as const)
    it(`${lang}: the summary names and links each field in error, a link focuses its field, and an answered question loses its error before the next submit`, async () => {
      const page = await signedInPage(browser, app.base, people.consultant, { width: widths.mobile, lang })
      await page.setViewportSize({ width: widths.mobile, height: 844 })
      await page.goto(new URL(`/add-recommendations/${ended.sessionId}`, app.base).href)
      await settled(page, 'add-recommendations')
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      await page.locator('[data-action="submit-recommendations"]').click()
      const summary = page.locator('[data-region="form-errors"]')
      await summary.waitFor()

      // One link per field in error, in the form's order, each saying the field's name and its error.
      const links = summary.locator('a[data-summary-for]')
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('data-summary-for')))).toEqual(
        required,
      )
      for (const field of required) {
        const link = summary.locator(`a[data-summary-for="${field}"]`)
        const text = (await link.textContent()) ?? ''
        expect(text).toContain(await fieldName(page, field))
        expect(text).toContain((await page.locator(`[data-error-for="${field}"]`).textContent())?.trim())
        expect(await link.getAttribute('href')).toBe(`#recs-field-${field}`)
        expect(await page.locator(`#recs-field-${field}`).getAttribute('data-field')).toBe(field)
      }
      await expectNoViolations(page, `${lang} form with the error summary`)
      await page.screenshot({ path: `${shots}${lang}-390-summary.png` })

      // Following a link by mouse, then one by keyboard, puts the focus on that field.
      await summary.locator('a[data-summary-for="company_phase"]').click()
      expect(await focusedField(page)).toBe('company_phase')
      await summary.locator('a[data-summary-for="recommendations"]').focus()
      await page.keyboard.press('Enter')
      expect(await focusedField(page)).toBe('recommendations')
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA')

      // Answering takes the error away at once: beside the field and in the summary, with no new submit.
      await page.locator('[data-field="challenges"] textarea').fill('تحدٍّ كُتب بعد الخطأ')
      await expect.poll(() => page.locator('[data-error-for="challenges"]').count()).toBe(0)
      expect(await summary.locator('a[data-summary-for="challenges"]').count()).toBe(0)
      expect(await page.locator('[data-field="challenges"] textarea').getAttribute('aria-invalid')).toBeNull()
      await page.locator('[data-field="need_another_session"] input[value="false"]').check()
      await expect.poll(() => page.locator('[data-error-for="need_another_session"]').count()).toBe(0)
      expect(await summary.locator('a[data-summary-for]').count()).toBe(required.length - 2)
      // A blank answer is no answer: that error stays until the field is really filled in.
      await page.locator('[data-field="recommendations"] textarea').fill('   ')
      expect(await page.locator('[data-error-for="recommendations"]').count()).toBe(1)
      await page.locator('[data-field="recommendations"] textarea').fill('توصية')
      await expect.poll(() => page.locator('[data-error-for="recommendations"]').count()).toBe(0)
      await expectNoViolations(page, `${lang} form after answering three questions`)
      await page.locator('[data-region="form-errors"]').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}${lang}-390-answered.png` })
      await page.setViewportSize({ width: widths.desktop, height: 900 })
      await page.locator('[data-region="form-errors"]').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}${lang}-1280-answered.png` })
      await expectNoViolations(page, `${lang} form at 1280`)

      // Answering the rest empties the summary.
      await page.locator('[data-field="need_academy_course"] input[value="false"]').check()
      await page.locator('[data-field="need_platform_feature"] input[value="false"]').check()
      await page.locator('[data-field="company_phase"] input[type="radio"]').first().check()
      await expect.poll(() => page.locator('[data-region="form-errors"]').count()).toBe(0)
      expect(await page.locator('[data-error-for]').count()).toBe(0)
      await page.context().close()
    })
})

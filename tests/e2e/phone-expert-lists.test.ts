import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { openPage, settled, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'

/**
 * The expert lists and search results on a phone (issue 31, point 5): at 390 × 844 the first result is on
 * the first screen, the filters are folded behind one "Filters" button that opens and applies a filter by
 * keyboard alone and counts what is active, and there is one search box, the page's; at 1280 the filters
 * stay open beside the header's search as before. Both languages, drawn by the server and hydrated without
 * a mismatch, axe clean, with screenshots.
 */
let app: NpmStart
let browser: Browser
const shots = `${root}test-results/phone-expert-lists/`
const phone = { width: widths.mobile, height: 844 }

beforeAll(async () => {
  ;({ app, browser } = await startSite())
  mkdirSync(shots, { recursive: true })
}, 180_000)

afterAll(() => stopSite({ app, browser }))

/** The expert-search widget's parts, through its open shadow root (Playwright's CSS pierces it). */
const widget = (page: Page, selector: string) => page.locator(`div[data-widget="expert-search"] ${selector}`)

/** The focused element, looked for through open shadow roots: its `part` or, when none, its tag and type. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    if (!active) return ''
    const part = active.getAttribute('part')
    return part ?? `${active.tagName.toLowerCase()}:${active.getAttribute('type') ?? ''}`
  })
}

/** Presses Tab until the focused element is `target` (as {@link focused} names it), at most 20 times. */
async function tabTo(page: Page, target: string): Promise<void> {
  for (let n = 0; n < 20 && (await focused(page)) !== target; n += 1) await page.keyboard.press('Tab')
  expect(await focused(page)).toBe(target)
}

/** Opens `path` in a fresh context in `lang` at `size`, collecting hydration warnings. */
async function open(
  path: string,
  name: string,
  lang: 'ar' | 'en',
  size: { width: number; height: number },
): Promise<{ page: Page; warnings: string[] }> {
  const page = await openPage(browser, { width: size.width, lang })
  await page.setViewportSize(size)
  await page.context().addCookies([{ name: 'mashura_lang', value: lang, url: app.base }])
  const warnings: string[] = []
  page.on('console', (message) => {
    if (/hydrat|drawn again|#418|#423|#425/i.test(message.text())) warnings.push(message.text())
  })
  await page.goto(new URL(path, app.base).href)
  await settled(page, name)
  return { page, warnings }
}

/** The search boxes a person sees on the page (the header's and the widget's). */
const visibleSearchBoxes = (page: Page) =>
  page
    .locator('input[type="search"]')
    .evaluateAll((inputs) => inputs.filter((input) => (input as HTMLElement).offsetParent !== null).length)

const pages = [
  { path: '/contributers/consultant', name: 'contributors' },
  { path: '/contributers/search/%20', name: 'search' },
] as const

describe('the expert lists on a phone (issue 31, point 5)', () => {
  for (const lang of ['ar', 'en'] as const)
    it(`${lang}: at 390 × 844 the first result is on the first screen, one search box, the filters fold behind a button that opens and applies a filter by keyboard`, async () => {
      for (const { path, name } of pages) {
        const { page, warnings } = await open(path, name, lang, phone)
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
        const card = widget(page, '[part~="result"]').first()
        const box = await card.boundingBox()
        expect(box, 'the first result card').not.toBeNull()
        expect(box!.y).toBeGreaterThanOrEqual(0)
        expect(box!.y + box!.height, 'the first card ends on the first screen').toBeLessThanOrEqual(
          phone.height,
        )
        expect(await visibleSearchBoxes(page)).toBe(1)
        expect(await widget(page, '[part="search-input"]').isVisible()).toBe(true)
        expect(await page.locator('[data-region="header-search"]').isVisible()).toBe(false)

        const toggle = widget(page, '[part~="filters-toggle"]')
        const filters = widget(page, '[part~="filters"]')
        expect(await toggle.isVisible()).toBe(true)
        expect(await toggle.getAttribute('aria-expanded')).toBe('false')
        expect(await filters.isVisible()).toBe(false)
        expect(await widget(page, '[part~="filters-count"]').count()).toBe(0)
        await expectNoViolations(page, `${lang} ${path} at 390, filters folded`)
        if (name === 'contributors') await page.screenshot({ path: `${shots}${lang}-390-folded.png` })

        // Keyboard only: open the panel, tick "only experts with free slots", close it with "Show results".
        await toggle.focus()
        await page.keyboard.press('Enter')
        expect(await toggle.getAttribute('aria-expanded')).toBe('true')
        expect(await filters.isVisible()).toBe(true)
        await expectNoViolations(page, `${lang} ${path} at 390, filters open`)
        await tabTo(page, 'input:checkbox')
        const listed = page.waitForResponse((response) => /[?&]available=(true|1)/.test(response.url()))
        await page.keyboard.press('Space')
        await listed
        await settled(page, name)
        await expect.poll(() => widget(page, '[part~="filters-count"]').textContent()).toMatch(/1|١/)
        if (name === 'contributors') await page.screenshot({ path: `${shots}${lang}-390-open.png` })
        await tabTo(page, 'filters-done')
        await page.keyboard.press('Enter')
        expect(await toggle.getAttribute('aria-expanded')).toBe('false')
        expect(await filters.isVisible()).toBe(false)
        expect(await focused(page)).toBe('filters-toggle')
        // The button says how many filters are active, and the list is the filtered one.
        expect(await toggle.textContent()).toMatch(/1|١/)
        if (name === 'contributors') await page.screenshot({ path: `${shots}${lang}-390-applied.png` })
        expect(await widget(page, '[part~="result"]').count()).toBeGreaterThan(0)
        await expectNoViolations(page, `${lang} ${path} at 390, one filter applied`)
        expect(warnings).toEqual([])
        await page.context().close()
      }
    })

  for (const lang of ['ar', 'en'] as const)
    it(`${lang}: at 1280 the filters stay open with no Filters button, beside the header's search`, async () => {
      for (const { path, name } of pages) {
        const { page, warnings } = await open(path, name, lang, { width: widths.desktop, height: 900 })
        expect(await widget(page, '[part~="filters"]').isVisible()).toBe(true)
        expect(await widget(page, '[part~="filters-toggle"]').isVisible()).toBe(false)
        expect(await widget(page, '[part~="filters-done"]').isVisible()).toBe(false)
        expect(await page.locator('[data-region="header-search"]').isVisible()).toBe(true)
        expect(await widget(page, '[part="search-input"]').isVisible()).toBe(true)
        await expectNoViolations(page, `${lang} ${path} at 1280`)
        if (name === 'contributors') await page.screenshot({ path: `${shots}${lang}-1280.png` })
        expect(warnings).toEqual([])
        await page.context().close()
      }
    })
})

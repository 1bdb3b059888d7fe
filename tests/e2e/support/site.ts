import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { type Person, signIn } from './sign-in.ts'

/** The widths every page is checked at: a phone and a desktop. */
export const widths = { mobile: 390, desktop: 1280 } as const

/**
 * A fresh browser context (its own storage: signed out) with one page, in Saudi Arabic
 * like a visitor's browser; `lang: 'en'` stores the language choice first, as the toggle would have.
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; lang?: 'ar' | 'en' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'ar-SA',
    viewport: { width: options.width ?? widths.desktop, height: 900 },
  })
  if (options.lang === 'en')
    await context.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en')
    })
  return context.newPage()
}

/**
 * A fresh context (see {@link openPage}) at the site's home, signed in as `person` through the provider.
 * `prepare` runs on the page before anything loads (grant permissions, listen to the console).
 */
export async function signedInPage(
  browser: Browser,
  base: string,
  person: Person,
  options: Parameters<typeof openPage>[1] & { prepare?: (page: Page) => Promise<void> | void } = {},
): Promise<Page> {
  const page = await openPage(browser, options)
  await options.prepare?.(page)
  await page.goto(base)
  await settled(page, 'home')
  await signIn(page, person)
  return page
}

/** The header's navigation items of an advisor, in order: every expert item, messages and requests included. */
export const advisorNav = [
  'home',
  'sessions',
  'week',
  'messages',
  'notifications',
  'dashboard',
  'requests',
  'faq',
  'search',
  'profileMenu',
]

/** The ids of the header's navigation items, in order (`li[data-nav-item]`). */
export function navItems(page: Page): Promise<string[]> {
  return page
    .locator('header[data-region="header"] nav li[data-nav-item]')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.navItem ?? ''))
}

/**
 * Waits until the page named `name` is shown and done loading: its `data-page` root, nothing marked
 * `aria-busy="true"` and no skeleton (widgets' shadow roots included: Playwright's CSS pierces them).
 */
export async function settled(page: Page, name: string): Promise<void> {
  // A page the server drew is there before React runs it (host-app/src/app/layout.tsx marks the moment).
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  await page.locator(`[data-page="${name}"]`).first().waitFor({ timeout: 20_000 })
  await expect
    .poll(() => page.locator('[aria-busy="true"], [part~="skeleton"]').count(), { timeout: 20_000 })
    .toBe(0)
  // Fonts and images settle the layout before screenshots and contrast checks.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** The path of the page's address (`/sessions/upcoming`). */
export function pathOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).pathname)
}

/**
 * Waits until no CSS animation or transition is running (a drawer done sliding in, a dialog faded in).
 * Animations that never end (an expert's pulsing "available now" dot) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )
}

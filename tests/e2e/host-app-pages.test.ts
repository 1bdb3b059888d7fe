import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { axeViolations } from './support/axe.ts'
import { type Fixtures, fixtures, ratingToken } from './support/db.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { type Person, people, signIn } from './support/sign-in.ts'
import { animationsDone, openPage, settled, widths } from './support/site.ts'

/**
 * Every page of the site, as a visitor, the business owner and an expert see it, in Arabic and English at a
 * phone's and a desktop's width: one `<h1>`, nothing wider than the screen (no sideways scroll), no WCAG 2.1
 * A/AA violation (axe-core), and a screenshot `test-results/host-app/<page>-<lang>-<width>.png` to look at.
 */
let app: NpmStart
let browser: Browser
let data: Fixtures
let rating = ''
const shots = `${root}test-results/host-app/`
/** One signed-in page per person, reused across their pages (signing in once each). */
const signedIn = new Map<string, Page>()

beforeAll(async () => {
  app = await startNpm()
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  mkdirSync(shots, { recursive: true })
  data = await fixtures(app.dataDir)
  rating = await ratingToken(app.dataDir, app.base)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** A page of the sweep: its `data-page` name, its address, who opens it, and a screenshot name if not the page's. */
interface Sweep {
  name: string
  path: () => string
  as?: Person
  shot?: string
}

const pages: Sweep[] = [
  { name: 'home', path: () => '/' },
  { name: 'subjects', path: () => '/subjects/1' },
  { name: 'contributors', path: () => '/contributers/consultant' },
  { name: 'search', path: () => '/contributers/search/%20' },
  {
    name: 'profile',
    path: () => `/profile/consultant/${data.consultant.subjectId}/${data.consultant.contributorId}`,
  },
  { name: 'info', path: () => '/mosnhaatInfo/terms_and_conditions' },
  { name: 'faq', path: () => '/Faq' },
  { name: 'sme-rate', path: () => `/smeRate?token=${encodeURIComponent(rating)}` },
  { name: 'not-found', path: () => '/no/such/page' },
  { name: 'expert-invitation', path: () => '/expert-invitation?token=an-invitation' },
  { name: 'sessions', path: () => '/sessions/upcoming', as: people.sme },
  { name: 'sessions', path: () => '/sessions/history', as: people.sme, shot: 'sessions-history' },
  { name: 'requests', path: () => '/requests', as: people.sme },
  { name: 'request', path: () => `/request/${data.smeRequestId}`, as: people.sme },
  { name: 'session', path: () => `/session/${data.smeSessionId}`, as: people.sme },
  { name: 'my-profile', path: () => '/my-profile', as: people.sme },
  { name: 'my-data', path: () => '/my-data', as: people.sme },
  { name: 'my-data', path: () => '/my-data', as: people.consultant, shot: 'my-data-expert' },
  { name: 'mail-preferences', path: () => '/mail-preferences', as: people.sme },
  {
    name: 'mail-preferences',
    path: () => '/mail-preferences',
    as: people.consultant,
    shot: 'mail-preferences-expert',
  },
  { name: 'home', path: () => '/', as: people.sme, shot: 'home-signed-in' },
  { name: 'dashboard', path: () => '/dashboard', as: people.consultant },
  { name: 'notifications', path: () => '/notifications', as: people.consultant },
  {
    name: 'sme-history',
    path: () => `/smeHistory/${data.ended.sessionId}/${data.ended.smeId}`,
    as: people.consultant,
  },
  {
    name: 'session-recommendations',
    path: () => `/sessionRecommendations/${data.ended.sessionId}/${data.ended.smeId}/${data.ended.sessionId}`,
    as: people.consultant,
  },
  { name: 'chat', path: () => '/Chat', as: people.consultant },
  { name: 'chat', path: () => `/Chat/${data.ended.smeId}`, as: people.consultant, shot: 'chat-thread' },
  { name: 'chat', path: () => '/Chat', as: people.sme, shot: 'chat-sme' },
  { name: 'sessions', path: () => '/sessions/today', as: people.consultant, shot: 'sessions-expert' },
  {
    name: 'session',
    path: () => `/session/${data.ended.sessionId}`,
    as: people.consultant,
    shot: 'session-expert',
  },
  {
    name: 'add-recommendations',
    path: () => `/add-recommendations/${data.ended.sessionId}`,
    as: people.consultant,
  },
  {
    name: 'profile',
    path: () => `/profile/consultant/${data.consultant.subjectId}/${data.consultant.contributorId}`,
    as: people.consultant,
    shot: 'profile-own',
  },
  { name: 'requests', path: () => '/requests', as: people.advisor, shot: 'requests-advisor' },
  // The back office (issue 33), each section as the admin.
  ...(['experts', 'content', 'deletions', 'webhooks', 'reports', 'audit'] as const).map((section) => ({
    name: 'admin',
    path: () => `/admin/${section}`,
    as: people.admin,
    shot: `admin-${section}`,
  })),
]

/** The page of a person (signed in once, terms accepted), or a fresh signed-out page. */
async function pageFor(person: Person | undefined): Promise<Page> {
  const key = person?.subject ?? 'visitor'
  let page = signedIn.get(key)
  if (!page) {
    page = await openPage(browser)
    if (person) {
      await page.goto(app.base)
      await settled(page, 'home')
      await signIn(page, person)
    }
    signedIn.set(key, page)
  }
  return page
}

/**
 * What sticks out of the viewport sideways, or null when nothing does: the page's scroll width and its
 * widest elements (open shadow roots included) that reach past either edge with no ancestor that clips or
 * scrolls them, each as a short selector with its box.
 */
function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; offenders: string[] } | null> {
  return page.evaluate(() => {
    const viewport = window.innerWidth
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth <= viewport) return null
    /** Whether an element's own overflow keeps its content from widening the page. */
    const clips = (el: Element) => {
      const { overflowX, position } = getComputedStyle(el)
      return overflowX !== 'visible' || position === 'fixed'
    }
    const found: { el: Element; width: number; left: number; right: number }[] = []
    const walk = (root: Element | ShadowRoot, clipped: boolean) => {
      for (const el of Array.from(root.children)) {
        if (!clipped) {
          const box = el.getBoundingClientRect()
          if (box.width > 0 && (box.right > viewport + 0.5 || box.left < -0.5))
            found.push({ el, width: box.width, left: box.left, right: box.right })
        }
        const inner = clipped || clips(el)
        if (el.shadowRoot) walk(el.shadowRoot, inner)
        walk(el, inner)
      }
    }
    walk(document.body, false)
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : ''
      const classes = Array.from(el.classList, (c) => `.${c}`).join('')
      const data = Array.from(el.attributes)
        .filter((a) => /^(data-(page|region|field|action)|part)$/.test(a.name))
        .map((a) => `[${a.name}="${a.value}"]`)
        .join('')
      const host =
        el.getRootNode() instanceof ShadowRoot
          ? `${(el.getRootNode() as ShadowRoot).host.localName} >>> `
          : ''
      return `${host}${el.localName}${id}${classes}${data}`
    }
    const offenders = found
      .sort((a, b) => b.width - a.width)
      .slice(0, 8)
      .map(
        (o) =>
          `${describe(o.el)}: ${Math.round(o.width)}px wide, from ${Math.round(o.left)} to ${Math.round(o.right)}`,
      )
    return { scrollWidth, offenders }
  })
}

/** Opens `path` in a language and width, waits for the page, and returns axe's findings there. */
async function visit(page: Page, sweep: Sweep, lang: 'ar' | 'en', width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 })
  // The language is chosen on the site's origin, as the toggle stores it.
  if (!page.url().startsWith(app.base)) await page.goto(app.base)
  await page.evaluate((l) => localStorage.setItem('language', l), lang)
  await page.goto(new URL(sweep.path().slice(1), app.base).href)
  await settled(page, sweep.name)
  expect(await page.locator('html').getAttribute('lang')).toBe(lang)
  expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
  expect(await page.locator('h1').count(), `${sweep.path()} has one h1`).toBe(1)
  await animationsDone(page)
  // Nothing may scroll sideways: on a phone a page wider than the screen hides its edge.
  const overflow = await horizontalOverflow(page)
  expect
    .soft(
      overflow,
      `${sweep.path()}${sweep.as ? ` as ${sweep.as.subject}` : ''} in ${lang} at ${width}px is ` +
        `${overflow?.scrollWidth}px wide; the widest elements past the edge:\n  ${overflow?.offenders.join('\n  ')}`,
    )
    .toBeNull()
  await page.screenshot({ path: `${shots}${sweep.shot ?? sweep.name}-${lang}-${width}.png`, fullPage: true })
  return (await axeViolations(page)).map((v) => `[${lang} ${width}px] ${v}`)
}

describe('every page, both languages, phone and desktop', () => {
  for (const sweep of pages) {
    const who = sweep.as ? ` as ${sweep.as.subject}` : ''
    it(`${sweep.shot ?? sweep.name}${who}: one h1, no sideways scroll, no axe violations`, async () => {
      const page = await pageFor(sweep.as)
      const found: string[] = []
      for (const lang of ['ar', 'en'] as const)
        for (const width of [widths.mobile, widths.desktop])
          found.push(...(await visit(page, sweep, lang, width)))
      expect(found, `axe violations on ${sweep.path()}${who}:\n${found.join('\n')}`).toEqual([])
    })
  }

  it('the open dialogs and menus are accessible too', async () => {
    const page = await pageFor(people.consultant)
    const found: string[] = []
    for (const lang of ['ar', 'en'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang)
      await page.goto(app.base)
      await settled(page, 'home')
      await page.locator('[data-action="open-profile-menu"]').click()
      await page.locator('[data-region="profile-menu"]').waitFor()
      await animationsDone(page)
      await page.screenshot({ path: `${shots}profile-menu-${lang}-${widths.desktop}.png` })
      found.push(...(await axeViolations(page)).map((v) => `[profile menu ${lang}] ${v}`))
      await page.keyboard.press('Escape')
      await page.locator('[data-footer-item="deletion"]').click()
      await page.locator('dialog[data-region="deletion-dialog"][data-state="confirm"]').waitFor()
      await animationsDone(page)
      await page.screenshot({ path: `${shots}deletion-dialog-${lang}-${widths.desktop}.png` })
      found.push(...(await axeViolations(page)).map((v) => `[deletion dialog ${lang}] ${v}`))
      await page.locator('[data-action="deletion-no"]').click()
      await page.setViewportSize({ width: widths.mobile, height: 900 })
      await page.locator('[data-action="open-side-menu"]').click()
      await page.locator('[data-region="side-menu"]').waitFor()
      await animationsDone(page)
      await page.screenshot({ path: `${shots}side-menu-${lang}-${widths.mobile}.png` })
      found.push(...(await axeViolations(page)).map((v) => `[side menu ${lang}] ${v}`))
      await page.keyboard.press('Escape')
      await page.setViewportSize({ width: widths.desktop, height: 900 })
    }
    expect(found, found.join('\n')).toEqual([])
  })

  it('what people wrote keeps its own direction: an Arabic note on the English request page', async () => {
    const page = await pageFor(people.sme)
    await page.setViewportSize({ width: widths.desktop, height: 900 })
    await page.evaluate(() => localStorage.setItem('language', 'en'))
    await page.goto(new URL(`request/${data.smeRequestId}`, app.base).href)
    await settled(page, 'request')
    const note = page.locator('[data-field="note"]')
    expect(await note.textContent()).toMatch(/[\u0600-\u06FF].*[.؟]$/)
    expect(await note.getAttribute('dir')).toBe('auto')
    expect(await note.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
    // The business owner's and the expert's names are isolated too.
    expect(await page.locator('dl.facts dd bdi').count()).toBeGreaterThanOrEqual(2)
  })

  it('the terms popup is accessible', async () => {
    const page = await openPage(browser)
    await page.goto(app.base)
    await settled(page, 'home')
    await signIn(page, people.bsa, { acceptTerms: false })
    await page.locator('dialog[data-region="terms-popup"][open]').waitFor()
    await animationsDone(page)
    await page.screenshot({ path: `${shots}terms-popup-ar-${widths.desktop}.png` })
    const found = await axeViolations(page)
    expect(found, found.join('\n')).toEqual([])
    await page.context().close()
  })
})

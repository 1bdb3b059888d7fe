import { expertSearchMessages } from '@mashura/core'
import { hostAppMessages } from '@mashura/host-app/i18n'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NpmStart } from './support/npm-start.ts'
import { people } from './support/sign-in.ts'
import { openPage, settled, signedInPage } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'

/**
 * Issue 15: the public pages arrive drawn (host-app/src/entry-server.tsx through
 * packages/server/src/web/site-render.ts), in the language of the visitor's cookie, with their page's chunk and
 * styles named in the head; the browser then takes the same page over without drawing it again. Against
 * the README's `npm start`, raw HTML first (what a phone paints before any script), then real Chromium.
 */
let app: NpmStart
let browser: Browser

beforeAll(async () => {
  ;({ app, browser } = await startSite())
})

afterAll(() => stopSite({ app, browser }))

/** The page at `path` as the server sends it, with the `mashura_lang` cookie when `lang` is given. */
async function html(path: string, lang?: 'ar' | 'en'): Promise<string> {
  const response = await fetch(new URL(path, app.base), {
    headers: lang ? { cookie: `mashura_lang=${lang}` } : {},
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  return response.text()
}

const heading = (page: string) => page.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1]

describe('public pages drawn by the server', () => {
  it('sends the home page drawn in Arabic by default, and in English for the English cookie', async () => {
    const arabic = await html('/')
    expect(arabic).toContain('<html lang="ar" dir="rtl">')
    expect(arabic).toContain('<div id="root" data-ssr>')
    expect(heading(arabic)).toBe(hostAppMessages.ar['home.hero.title'])
    const english = await html('/', 'en')
    expect(english).toContain('<html lang="en" dir="ltr">')
    expect(heading(english)).toBe(hostAppMessages.en['home.hero.title'])
  })

  it('draws the expert list, the FAQ and an info page, each naming its styles and (for after paint) its chunks', async () => {
    for (const path of ['/contributers/consultant', '/Faq', '/mosnhaatInfo/about']) {
      const page = await html(path, 'en')
      expect(page, path).toContain('<div id="root" data-ssr>')
      expect(heading(page), path).toBeTruthy()
      const files = /<script type="application\/json" id="mashura-scripts">([^<]*)<\/script>/.exec(page)?.[1]
      const { preloads, entries } = JSON.parse(files ?? '{}') as { preloads: string[]; entries: string[] }
      expect(entries, path).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)])
      expect(preloads.length, path).toBeGreaterThan(1)
      // For a visitor they run without the app until it is needed (islands.test.ts), the list with its search.
      const { islands } = JSON.parse(files ?? '{}') as { islands?: { entries: string[]; preloads: string[] } }
      expect(islands?.entries, path).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)])
      if (path === '/contributers/consultant')
        expect(islands?.preloads, path).toContainEqual(
          expect.stringMatching(/^\/assets\/expert-search-[\w-]+\.js$/),
        )
    }
    expect(heading(await html('/Faq', 'en'))).toBe('Frequently asked questions')
    expect(await html('/Faq')).toMatch(/<link rel="stylesheet" href="\/assets\/faq-[\w-]+\.css">/)
  })

  // The FAQ and the expert list run without the app (host-app/src/islands.ts, issue 37), unless their drawing
  // missed a load (a cold server on a busy machine): the script held is whichever the page starts.
  it.each([['/Faq'], ['/contributers/consultant']])(
    'holds a button pressed on %s before its script runs, and presses it once it does',
    async (path) => {
      const script = /\/assets\/(islands|index)-[\w-]+\.js$/
      const page = await openPage(browser, { width: 390 })
      // The page's script waits until the button has been pressed on the drawn page.
      let release = () => {}
      const pressed = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route(script, async (route) => {
        await pressed
        await route.continue()
      })
      // Not waiting for `load`: the held script keeps it back.
      await page.goto(new URL(path, app.base).href, { waitUntil: 'domcontentloaded' })
      const signIn = page.locator('li[data-nav-item="signIn"] button')
      await signIn.click()
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false)
      expect(new URL(page.url()).pathname).toBe(path)
      release()
      // Once the script runs the page, the press it held starts the sign-in.
      await page.waitForURL(/\/oidc\//)
      await page.context().close()
    },
  )

  it('keeps the video player off the home page until the visitor presses play', async () => {
    const drawn = await html('/', 'en')
    expect(drawn).toContain('class="video-play"')
    expect(drawn).not.toContain('<iframe')
    const page = await openPage(browser, { width: 390, lang: 'en' })
    const frames: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() !== page.mainFrame())
        frames.push(request.url())
    })
    await page.goto(app.base)
    await settled(page, 'home')
    const play = page.getByRole('button', { name: hostAppMessages.en['home.video.play'] })
    await play.scrollIntoViewIfNeeded()
    expect(await page.locator('.video-frame iframe').count()).toBe(0)
    expect(frames).toEqual([])
    await play.click()
    const frame = page.locator('.video-frame iframe')
    await expect
      .poll(() => frame.getAttribute('src'))
      .toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/)
    expect(await frame.getAttribute('title')).toBe(hostAppMessages.en['home.video.frameTitle'])
    await page.context().close()
  })

  it('draws an expert’s profile with its data, which the browser then does not load again', async () => {
    const list = (await (
      await fetch(new URL('/api/profile/contributors?q=%20&per_page=20', app.base), {
        headers: { 'X-API-Key': 'mashura-dev-key' },
      })
    ).json()) as { data: { id: number; role: string; subjects: { id: number }[] }[] }
    const expert = list.data.find((e) => e.subjects.length > 0) ?? list.data[0]
    if (!expert) throw new Error('the seed has no expert')
    const path = `/profile/${expert.role}/${expert.subjects[0]?.id ?? 0}/${expert.id}`
    const drawn = await html(path)
    expect(drawn).toContain('class="profile-bio"')
    // The booking calendar is drawn too, with its week (its own declarative shadow root).
    expect(drawn).toMatch(/<div data-widget="booking-calendar"[^>]*><template shadowrootmode="open">/)
    expect(drawn).toMatch(/<script type="application\/json" id="mashura-server-data">\{"/)
    const page = await openPage(browser, { width: 390 })
    const profileLoads: string[] = []
    page.on('request', (request) => {
      // The profile's own load asks for one slot, the booking calendar for its week: neither is made again.
      if (/\/api\/schedule\/contributor\/\d+/.test(request.url())) profileLoads.push(request.url())
    })
    await page.goto(new URL(path, app.base).href)
    await settled(page, 'profile')
    expect(await page.locator('.profile-bio').count()).toBe(1)
    // Read by the calendar without the app, and left for the app should it take the page over.
    expect(await page.locator('#mashura-server-data').count()).toBe(1)
    expect(profileLoads).toEqual([])
    // The hydrated calendar answers: the next week loads.
    const calendar = page.locator('[data-widget="booking-calendar"]')
    // The week as drawn: its seven days, or the notice that it has no free time.
    expect(await calendar.locator('[part~="day"], [part~="empty"]').count()).toBeGreaterThan(0)
    await calendar.locator('[part~="next-week"]').click()
    await expect.poll(() => profileLoads.length).toBeGreaterThan(0)
    await page.context().close()
  })

  it('draws the expert list’s search widget with its results in a declarative shadow root, which the browser hydrates without loading them again', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const drawn = await html('/contributers/consultant', lang)
      expect(drawn).toMatch(
        /<div data-widget="expert-search"[^>]*><template shadowrootmode="open"><style data-mashura-drawn="">/,
      )
      // What a phone paints before any script: the page of experts, in the page's language.
      const page = await openPage(browser, { width: 390, lang })
      await page.context().addCookies([{ name: 'mashura_lang', value: lang, url: app.base }])
      await page.route('**/assets/**/*.js', (route) => route.abort())
      await page.goto(new URL('/contributers/consultant', app.base).href)
      const cards = () =>
        page.evaluate(
          () =>
            document.querySelector('[data-widget="expert-search"]')?.shadowRoot?.querySelectorAll('.card')
              .length,
        )
      expect(await cards()).toBe(15)
      expect(await page.locator('[data-widget="expert-search"] .choose').first().textContent()).toContain(
        expertSearchMessages[lang]['expertSearch.choose'],
      )
      await page.unroute('**/assets/**/*.js')
      // With its scripts: the same fifteen cards (hydrated, not drawn twice), no search or filter list
      // loaded again, no hydration warning; paging loads the next page, and choosing opens the profile.
      const searches: string[] = []
      const warnings: string[] = []
      page.on('request', (request) => {
        if (/\/api\/(profile\/v2\/consultants|profile\/contributors|subjects|centers)/.test(request.url()))
          searches.push(request.url())
      })
      page.on('console', (message) => {
        if (/hydrat|drawn again/i.test(message.text())) warnings.push(message.text())
      })
      await page.goto(new URL('/contributers/consultant', app.base).href)
      await settled(page, 'contributors')
      expect(await cards()).toBe(15)
      expect(searches).toEqual([])
      expect(warnings).toEqual([])
      await page.locator('[data-widget="expert-search"] .pager button').last().click()
      await expect.poll(() => searches.some((url) => /page=2/.test(url))).toBe(true)
      await page.locator('[data-widget="expert-search"] .choose').first().click()
      await page.waitForURL(/\/profile\/consultant\//)
      await page.context().close()
    }
  })

  it('fetches two font files on an Arabic page, none of them Latin; an English page its Latin ones', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const page = await openPage(browser, { width: 390, lang })
      await page.context().addCookies([{ name: 'mashura_lang', value: lang, url: app.base }])
      const fonts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname)
      })
      await page.goto(new URL('/contributers/consultant', app.base).href)
      await settled(page, 'contributors')
      await page.evaluate(() => document.fonts.ready)
      const subsets = [
        ...new Set(
          fonts.map((file) => /-(arabic|latin|latin-ext)-(\d+)-normal/.exec(file)?.slice(1).join('-')),
        ),
      ]
      if (lang === 'ar') {
        // Its text, the widget's included, draws from the Arabic files alone, spaces and punctuation too.
        expect(subsets.sort()).toEqual(['arabic-400', 'arabic-600'])
        const family = await page.evaluate(() => [
          getComputedStyle(document.querySelector('h1')!).fontFamily,
          getComputedStyle(
            document.querySelector('[data-widget="expert-search"]')!.shadowRoot!.querySelector('.card')!,
          ).fontFamily,
        ])
        expect(family.map((f) => f.split(',')[0])).toEqual(['"Mashura Arabic"', '"Mashura Arabic"'])
      } else {
        expect(subsets).toEqual(expect.arrayContaining(['latin-400', 'latin-600']))
      }
      await page.context().close()
    }
  })

  it('leaves every page to the browser where someone is signed in (the flag cookie), and draws without it', async () => {
    const page = await signedInPage(browser, app.base, people.sme)
    const cookies = await page.context().cookies(app.base)
    expect(cookies.find((cookie) => cookie.name === 'mashura_signed_in')?.value).toBe('1')
    const faq = await page.request.get(new URL('/Faq', app.base).href)
    expect(await faq.text()).toContain('<div id="root"></div>')
    await page.context().clearCookies({ name: 'mashura_signed_in' })
    expect(await (await page.request.get(new URL('/Faq', app.base).href)).text()).toContain('data-ssr')
    await page.context().close()
  })

  it('leaves a signed-in page to the browser, still preloading its chunk', async () => {
    const page = await html('/dashboard')
    expect(page).toContain('<div id="root"></div>')
    expect(page).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/dashboard-[\w-]+\.js">/)
  })

  it('takes the drawn page over in the browser without drawing it again, in both languages', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const page = await openPage(browser, { width: 390, lang })
      await page.context().addCookies([{ name: 'mashura_lang', value: lang, url: app.base }])
      const warnings: string[] = []
      page.on('console', (message) => {
        if (/hydrat/i.test(message.text())) warnings.push(message.text())
      })
      // The heading the server drew is the node React keeps: marked once the HTML is parsed (before any
      // module script runs), and still marked after React has taken the page over.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          const h1 = document.querySelector('h1') as (HTMLElement & { drawn?: boolean }) | null
          if (document.readyState === 'interactive' && h1) h1.drawn = true
        })
      })
      await page.goto(app.base)
      await settled(page, 'home')
      // The home page runs without the app until a press needs it: the video's play button loads it.
      const play = page.getByRole('button', { name: hostAppMessages[lang]['home.video.play'] })
      await play.click()
      await page.locator('.video-frame iframe').waitFor()
      expect(
        await page.evaluate(() => (document.querySelector('h1') as { drawn?: boolean } | null)?.drawn),
      ).toBe(true)
      expect(warnings).toEqual([])
      // The scripts started only once the drawn page had painted (site-render.ts, afterPaintLoader).
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
        entry:
          performance.getEntriesByType('resource').find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name))
            ?.startTime ?? Number.NaN,
      }))
      expect(timing.entry).toBeGreaterThanOrEqual(timing.paint)
      // It answers: the language toggle switches the page in place and the cookie the server reads next time.
      await page.locator('[data-action="toggle-language"]').first().click()
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang))
        .toBe(lang === 'ar' ? 'en' : 'ar')
      expect(
        await page.evaluate(() => (document.querySelector('h1') as { drawn?: boolean } | null)?.drawn),
      ).toBe(true)
      const cookies = await page.context().cookies(app.base)
      expect(cookies.find((cookie) => cookie.name === 'mashura_lang')?.value).toBe(
        lang === 'ar' ? 'en' : 'ar',
      )
      await page.context().close()
    }
  })
})

import { mkdirSync } from 'node:fs'
import { addDays, ar, riyadhInstant, riyadhWeekDays, weekBounds } from '@mashura/core'
import { hostAppMessages } from '@mashura/host-app/i18n'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { axeViolations } from './support/axe.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people, signIn } from './support/sign-in.ts'
import { animationsDone, openPage, settled, widths } from './support/site.ts'
import { ownProfile, setCanCreateSlots, slotsBetween, twoSessionDays } from './support/workspace.ts'

/**
 * The expert's workspace: the dashboard's charts (drawn, right to left in Arabic, with the server's figures
 * in their tables), the week view that publishes slots (several at once, the server's refusals shown next
 * to the slot with nothing typed lost), deleting a free slot, the sessions of a date range, and an expert
 * who may not publish slots. axe-core on each page in both languages; screenshots to
 * `test-results/expert-workspace/`.
 */
let app: NpmStart
let browser: Browser
let page: Page
let ready = false
let profilePath = ''
let contributorId = 0
const shots = `${root}test-results/expert-workspace/`

beforeAll(async () => {
  app = await startNpm()
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  mkdirSync(shots, { recursive: true })
  ;({ path: profilePath, contributorId } = await ownProfile(app.dataDir, people.consultant.subject))
})

/** Signs the consultant in once (`settled` polls, which Vitest allows inside tests only). */
async function signedIn(): Promise<void> {
  if (ready) return
  ready = true
  page = await openPage(browser)
  // Charts drawn at once (the chart config honours reduced motion), so screenshots show them whole.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(app.base)
  await settled(page, 'home')
  await signIn(page, people.consultant)
}

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Opens a path of the site in a language and width and waits for the page named `name`. */
async function open(path: string, name: string, lang: 'ar' | 'en', width: number = widths.desktop) {
  await signedIn()
  await page.setViewportSize({ width, height: 900 })
  await page.evaluate((l) => localStorage.setItem('language', l), lang)
  await page.goto(new URL(path.replace(/^\//, ''), app.base).href)
  await settled(page, name)
  expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
  expect(await page.locator('h1').count()).toBe(1)
}

/** Screenshots the page in both widths and returns axe's findings at each. */
async function checkPage(path: string, name: string, shot: string): Promise<string[]> {
  const found: string[] = []
  for (const lang of ['ar', 'en'] as const)
    for (const width of [widths.mobile, widths.desktop]) {
      await open(path, name, lang, width)
      await animationsDone(page)
      await page.screenshot({ path: `${shots}${shot}-${lang}-${width}.png`, fullPage: true })
      found.push(...(await axeViolations(page)).map((v) => `[${shot} ${lang} ${width}px] ${v}`))
    }
  return found
}

/** Reads a number written with Arabic-Indic or Latin digits. */
function number(text: string | null): number {
  return Number(
    (text ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^\d.]/g, ''),
  )
}

/** A call to the API as the signed-in expert (the figures the dashboard must show). */
async function apiGet<T>(path: string): Promise<T> {
  await signedIn()
  const token = await page.evaluate(() => localStorage.getItem('contributorToken'))
  const res = await fetch(new URL(`api/${path}`, app.base), {
    headers: { 'X-API-Key': 'mashura-dev-key', Authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { data: T }).data
}

/** Riyadh wall time `HH:mm` of day `YYYY-MM-DD` as an ISO time. */
const at = (day: string, time: string) => riyadhInstant(day, time).toISOString()

describe('the dashboard', () => {
  it('draws both charts, right to left in Arabic, with the server’s figures in their tables', async () => {
    const sessions = await apiGet<{
      total: number
      by_month: { month: string; total: number; ended: number }[]
    }>('schedule/contributor_report/session_statistics')
    const smes = await apiGet<{ total: number; by_company_phase: Record<string, number> }>(
      'schedule/contributor_report/sme_statistics',
    )
    expect(sessions.total).toBeGreaterThan(0)
    for (const lang of ['ar', 'en'] as const) {
      await open('/dashboard', 'dashboard', lang)
      for (const chart of ['sessions', 'smes']) {
        const canvas = page.locator(`canvas[data-chart-canvas="${chart}"][data-rendered="true"]`)
        await canvas.waitFor({ timeout: 15_000 })
        expect(await canvas.getAttribute('data-dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
        expect(await canvas.getAttribute('role')).toBe('img')
        expect(await canvas.getAttribute('aria-label')).toBeTruthy()
        // Something was painted: the canvas is not blank.
        const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d')
          if (!ctx) return false
          const { data } = ctx.getImageData(0, 0, c.width, c.height)
          for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true
          return false
        })
        expect(painted).toBe(true)
      }
      // The sessions table: one row per month, total and ended as the server counts them.
      const rows = page.locator('table[data-table="sessions"] tbody tr')
      expect(await rows.count()).toBe(sessions.by_month.length)
      for (const [i, month] of sessions.by_month.entries()) {
        const cells = rows.nth(i).locator('td')
        expect(number(await cells.nth(0).textContent())).toBe(month.total)
        expect(number(await cells.nth(1).textContent())).toBe(month.ended)
      }
      // The business owners' table: one row per company phase.
      const phases = page.locator('table[data-table="smes"] tbody tr td')
      const shown = (await phases.allTextContents()).map(number)
      expect(shown).toEqual(
        ['idea_owner', 'launched_project', 'facing_challenge', 'growing'].map(
          (p) => smes.by_company_phase[p],
        ),
      )
      // "Show as a table" swaps the chart for the table, and back.
      const toggle = page.locator('[data-chart="sessions"] [data-action="toggle-chart-table"]')
      await toggle.click()
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      expect(await page.locator('table[data-table="sessions"]').isVisible()).toBe(true)
      await toggle.click()
      expect(await page.locator('canvas[data-chart-canvas="sessions"]').isVisible()).toBe(true)
    }
    const found = await checkPage('/dashboard', 'dashboard', 'dashboard')
    expect(found, found.join('\n')).toEqual([])
  })
})

describe('the schedule on the own profile', () => {
  /** Next week's first day with nothing published between 20:00 and 22:30 (Riyadh). */
  let day = ''

  it('publishes two slots at once in next week’s view and lists them as free', async () => {
    const nextWeek = riyadhWeekDays(addDays(weekBounds(new Date()).start, 7))
    for (let i = 0; i < 7 && !day; i++) {
      const candidate = nextWeek[i] ?? ''
      const busy = await slotsBetween(
        app.dataDir,
        contributorId,
        at(candidate, '20:00'),
        at(candidate, '22:30'),
      )
      if (busy.length === 0) day = candidate
    }
    expect(day).not.toBe('')
    await open(profilePath, 'profile', 'ar')
    const form = page.locator('form[data-region="add-slots"]')
    await form.locator('[data-action="next-week"]').click()
    const column = form.locator(`[data-day="${day}"]`)
    await column.waitFor()
    await column.locator('[data-action="add-draft"]').click()
    await column.locator('[data-draft-key] input[data-field="start"]').first().fill('20:00')
    await column.locator('[data-action="add-draft"]').click()
    // The second slot starts where the first ends.
    expect(await column.locator('[data-draft-key] input[data-field="start"]').nth(1).inputValue()).toBe(
      '21:00',
    )
    expect(await form.locator('[data-count]').getAttribute('data-count')).toBe('2')
    await form.locator('[data-action="publish-slots"]').click()
    // Published: the drafts are gone and the day shows both as free slots.
    await expect.poll(() => column.locator('[data-draft-key]').count()).toBe(0)
    const created = await slotsBetween(app.dataDir, contributorId, at(day, '20:00'), at(day, '22:00'))
    expect(created.map((s) => s.start_at)).toEqual([at(day, '20:00'), at(day, '21:00')])
    for (const slot of created)
      await column.locator(`.week-published [data-slot-id="${slot.id}"][data-state="free"]`).waitFor()
    // And in the list of free slots (all of them shown).
    const free = page.locator('[data-region="free-slots"]')
    const more = free.locator('.own-more')
    if (await more.isVisible()) await more.click()
    for (const slot of created) await free.locator(`[data-slot-id="${slot.id}"]`).waitFor()
  })

  it('refuses an overlapping slot and a past one with the server’s message, keeping what was typed', async () => {
    const form = page.locator('form[data-region="add-slots"]')
    const column = form.locator(`[data-day="${day}"]`)
    await column.locator('[data-action="add-draft"]').click()
    const draft = column.locator('[data-draft-key]').first()
    await draft.locator('input[data-field="start"]').fill('20:30')
    await form.locator('[data-action="publish-slots"]').click()
    await expect.poll(() => draft.locator('[data-field-error]').textContent()).toBe(ar['errors.slotOverlap'])
    expect(await draft.getAttribute('data-state')).toBe('refused')
    expect(await draft.locator('input[data-field="start"]').inputValue()).toBe('20:30')
    expect(await draft.locator('input[data-field="start"]').getAttribute('aria-invalid')).toBe('true')
    expect(await form.locator('[data-region="slot-errors"]').textContent()).toBe(ar['errors.slotOverlap'])
    await form.screenshot({ path: `${shots}slot-refused-ar-${widths.desktop}.png` })
    await draft.locator('[data-action="remove-draft"]').click()

    // Today, at midnight: already past.
    await form.locator('[data-action="this-week"]').click()
    const today = form.locator('[data-day][data-state="today"]')
    await today.locator('[data-action="add-draft"]').click()
    const past = today.locator('[data-draft-key]').first()
    await past.locator('input[data-field="start"]').fill('00:00')
    await form.locator('[data-action="publish-slots"]').click()
    await expect.poll(() => past.locator('[data-field-error]').textContent()).toBe(ar['errors.slotInPast'])
    expect(await past.locator('input[data-field="start"]').inputValue()).toBe('00:00')
    await page.setViewportSize({ width: widths.mobile, height: 900 })
    await form.screenshot({ path: `${shots}slot-past-ar-${widths.mobile}.png` })
    await page.setViewportSize({ width: widths.desktop, height: 900 })
    await past.locator('[data-action="remove-draft"]').click()
  })

  it('deletes a free slot', async () => {
    const [slot] = await slotsBetween(app.dataDir, contributorId, at(day, '21:00'), at(day, '22:00'))
    expect(slot).toBeDefined()
    const free = page.locator('[data-region="free-slots"]')
    const more = free.locator('.own-more')
    if (await more.isVisible()) await more.click()
    await free.locator(`[data-slot-id="${slot!.id}"] [data-action="delete-slot"]`).click()
    await page.locator('[data-action="confirm-delete-slot"]').click()
    await free.locator(`[data-slot-id="${slot!.id}"]`).waitFor({ state: 'detached' })
    expect(await slotsBetween(app.dataDir, contributorId, at(day, '21:00'), at(day, '22:00'))).toEqual([])
  })

  it('is accessible in both languages', async () => {
    const found = await checkPage(profilePath, 'profile', 'profile-own')
    expect(found, found.join('\n')).toEqual([])
  })
})

describe('the sessions of a date range', () => {
  it('lists a session in the range and not one outside it', async () => {
    const { inside, outside } = await twoSessionDays(app.dataDir, contributorId)
    await open('/sessions/range', 'sessions', 'ar')
    const form = page.locator('form[data-region="range-form"]')
    // An end before the start is refused here, and the dates stay as typed.
    await form.locator('input[name="from"]').fill(inside.day)
    await form.locator('input[name="to"]').fill('2000-01-01')
    await form.locator('[data-action="show-range"]').click()
    expect(await form.locator('[role="alert"]').textContent()).toBe(
      hostAppMessages.ar['workspace.range.endBeforeStart'],
    )
    expect(await form.locator('input[name="from"]').inputValue()).toBe(inside.day)
    await form.locator('input[name="to"]').fill(inside.day)
    await form.locator('[data-action="show-range"]').click()
    await page.waitForURL((url) => url.searchParams.get('from') === inside.day)
    await settled(page, 'sessions')
    await page.locator(`[data-session-id="${inside.id}"]`).waitFor()
    expect(await page.locator(`[data-session-id="${outside.id}"]`).count()).toBe(0)
    const found = await checkPage(
      `/sessions/range?from=${inside.day}&to=${inside.day}`,
      'sessions',
      'sessions-range',
    )
    found.push(...(await checkPage('/sessions/today', 'sessions', 'sessions-today')))
    expect(found, found.join('\n')).toEqual([])
  })
})

describe('an expert who may not publish slots', () => {
  it('sees no add form, and is told why', async () => {
    const bsa = await ownProfile(app.dataDir, people.bsa.subject)
    await setCanCreateSlots(app.dataDir, bsa.contributorId, false)
    const other = await openPage(browser)
    await other.goto(app.base)
    await settled(other, 'home')
    await signIn(other, people.bsa)
    await other.goto(new URL(bsa.path.slice(1), app.base).href)
    await settled(other, 'profile')
    await other.locator('[data-region="own-schedule"]').waitFor()
    expect(await other.locator('[data-region="add-slots"]').count()).toBe(0)
    expect(await other.locator('[data-region="cannot-create-slots"]').textContent()).toBe(
      hostAppMessages.ar['workspace.perm.noCreate'],
    )
    await other.screenshot({ path: `${shots}profile-no-create-ar-${widths.desktop}.png`, fullPage: true })
    await other.context().close()
  })
})

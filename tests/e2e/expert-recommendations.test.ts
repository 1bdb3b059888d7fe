import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { REQUIRED_RECOMMENDATION_FIELDS } from './support/recommendation-form.ts'
import {
  type MadeSession,
  makeSession,
  savedRecommendation,
  sessionState,
  tinyPdf,
  tinyPng,
} from './support/recommendations.ts'
import { people, signIn } from './support/sign-in.ts'
import { openPage, pathOf, settled, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'
import { recordVoice as recordVoiceWith } from './support/voice.ts'

/**
 * The expert's recommendations (issue 7, spec sections 3, 4, 5 and 8): the consultant writes every field of
 * the form for an ended session of his, with a voice note recorded from Chromium's fake microphone, two
 * attachments, a course and a service, and lands on the session; the saved row holds all of it and the
 * business owner's history shows it. Also: field errors that keep what was typed, the draft kept over a
 * reload, the voice-note failure rule, ending the session first after a failed meeting start, and axe and
 * screenshots of the three pages in both languages at both widths.
 */
let app: NpmStart
let browser: Browser
let page: Page
let ended: MadeSession
const shots = `${root}test-results/expert-recommendations/`

beforeAll(async () => {
  // A fake microphone that needs no permission prompt: the recorder records a tone.
  ;({ app, browser } = await startSite({ fakeMedia: true }))
  mkdirSync(shots, { recursive: true })
  ended = await makeSession(app.dataDir, 'ended')
  page = await openPage(browser, { width: widths.desktop })
  await page.context().grantPermissions(['microphone'], { origin: new URL(app.base).origin })
  await page.goto(app.base)
  await signIn(page, people.consultant)
}, 180_000)

afterAll(() => stopSite({ app, browser }))

/** Opens a path of the site and waits for its page to settle. */
async function open(path: string, name: string): Promise<void> {
  await page.goto(new URL(path.replace(/^\//, ''), app.base).href)
  await settled(page, name)
}

/** The form's control for a field: `[data-field=name] <selector>`. */
const field = (name: string, selector = 'textarea') => page.locator(`[data-field="${name}"] ${selector}`)

/** Records `seconds` of the fake microphone, by the recorder's own clock, and stops. */
const recordVoice = (seconds: number) =>
  recordVoiceWith(page.locator('[data-field="voice_note"] [data-region="voice-recorder"]'), seconds)

/** The error notice's text ('' when none is shown). */
async function errorNotice(): Promise<string> {
  return ((await page.locator('[data-region="error-notice"]').textContent()) ?? '').trim()
}

describe('the recommendations form', () => {
  it('shows field errors beside the fields on an empty submit, keeps what was typed, and keeps a draft over a reload', async () => {
    await open(`/add-recommendations/${ended.sessionId}`, 'add-recommendations')
    await field('comment').fill('تعليق يبقى بعد الخطأ')
    await page.locator('[data-action="submit-recommendations"]').click()
    await page.locator('[data-region="form-errors"]').waitFor()
    for (const name of REQUIRED_RECOMMENDATION_FIELDS)
      await expect.poll(() => page.locator(`[data-error-for="${name}"]`).isVisible()).toBe(true)
    expect(await page.locator('[data-error-for="comment"]').count()).toBe(0)
    expect(await field('comment').inputValue()).toBe('تعليق يبقى بعد الخطأ')
    // The first field in error has the focus.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field')),
    ).toBe('challenges')
    // Saying yes to a course without choosing one is an error of the course list.
    await field('need_academy_course', 'input[value="true"]').check()
    await page.locator('[data-action="submit-recommendations"]').click()
    await page.locator('[data-error-for="academy_course_ids"]').waitFor()
    await field('need_academy_course', 'input[value="false"]').check()

    // A reload loses nothing: the draft is kept per session.
    await field('challenges').fill('تحدٍّ مكتوب قبل إعادة التحميل')
    await page.reload()
    await settled(page, 'add-recommendations')
    expect(await field('challenges').inputValue()).toBe('تحدٍّ مكتوب قبل إعادة التحميل')
    expect(await field('comment').inputValue()).toBe('تعليق يبقى بعد الخطأ')
    expect(await field('need_academy_course', 'input[value="false"]').isChecked()).toBe(true)
  })

  it('shows the server’s message beside the attachments when it refuses a file type', async () => {
    await field('attachments', 'input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text is not an accepted attachment'),
    })
    const error = page.locator('[data-error-for="attachments"]')
    await error.waitFor()
    expect((await error.textContent())?.trim().length).toBeGreaterThan(5)
    expect(await page.locator('[data-region="attachments-list"]').count()).toBe(0)
  })

  it('follows spec section 8 on a failed voice-note upload: cleared always, the message only when not a 500', async () => {
    const upload = '**/api/uploader/voice_note/upload/dashboard'
    const recorder = page.locator('[data-field="voice_note"] [data-region="voice-recorder"]')
    // Fault injection (spec section 8, "Voice note failure"): the upload answers 500.
    await page.route(upload, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'server exploded (500)' } }),
      }),
    )
    await recordVoice(1)
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('idle')
    expect(await page.locator('[data-field="voice_note"]').getAttribute('data-state')).toBe('empty')
    expect(await errorNotice()).not.toContain('server exploded')
    await page.unroute(upload)

    // Fault injection (spec section 8): the upload answers 422, whose message is shown.
    await page.route(upload, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'unprocessable', message: 'تعذّر قبول الملاحظة الصوتية (422)' },
        }),
      }),
    )
    await recordVoice(1)
    await expect.poll(errorNotice).toContain('تعذّر قبول الملاحظة الصوتية (422)')
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('idle')
    await page.unroute(upload)
  })

  it('saves every field, voice note and attachments included, then goes to the session', async () => {
    await field('challenges').fill('ضعف التدفق النقدي\nوصعوبة الوصول إلى العملاء')
    await field('recommendations').fill('إعداد خطة تسويق رقمية <b>بسيطة</b> ومراجعة التسعير')
    await field('need_another_session', 'input[value="true"]').check()
    await field('need_academy_course', 'input[value="true"]').check()
    const course = page.locator('[data-region="course-results"] input[data-course-id]').first()
    await course.waitFor()
    const courseId = Number(await course.getAttribute('data-course-id'))
    await course.check()
    await page.locator(`[data-region="picked-courses"] [data-course-id="${courseId}"]`).waitFor()
    await field('need_platform_feature', 'input[value="true"]').check()
    const service = page.locator('[data-region="service-results"] input[data-service-id]').first()
    await service.waitFor()
    const serviceId = Number(await service.getAttribute('data-service-id'))
    await service.check()
    await page.locator('[data-action="service-details"]').first().click()
    await page.locator('[data-region="service-details"] a').waitFor()
    await field('company_phase', 'input[value="growing"]').check()
    await field('success_story', 'input').check()
    await field('success_story_summary').fill('ضاعفت المنشأة مبيعاتها خلال ثلاثة أشهر')
    await field('comment').fill('متابعة بعد شهر')
    await recordVoice(2)
    await page.locator('[data-field="voice_note"][data-state="uploaded"]').waitFor({ timeout: 15_000 })
    await field('attachments', 'input[type="file"]').setInputFiles([
      { name: 'خطة العمل.pdf', mimeType: 'application/pdf', buffer: tinyPdf() },
      { name: 'chart.png', mimeType: 'image/png', buffer: tinyPng() },
    ])
    await expect.poll(() => page.locator('[data-region="attachments-list"] li').count()).toBe(2)
    // A supporting link: refused beside the field until it is an address; Enter adds it, not the form.
    const link = field('supported_file_url', 'input[data-input="link"]')
    await link.fill('monshaat.gov.sa/guide')
    await page.locator('[data-action="add-link"]').click()
    await page.locator('[data-error-for="supported_file_url"]').waitFor()
    await link.fill('https://monshaat.gov.sa/ar/guide')
    await link.press('Enter')
    await page
      .locator('[data-region="links-list"] li[data-link="https://monshaat.gov.sa/ar/guide"]')
      .waitFor()
    expect(pathOf(page)).toBe(`/add-recommendations/${ended.sessionId}`)
    expect(await page.locator('[data-error-for]').count()).toBe(0)
    await page.screenshot({ path: `${shots}add-recommendations-filled-ar-1280.png`, fullPage: true })

    await page.locator('[data-action="submit-recommendations"]').click()
    await page.waitForURL((url) => url.pathname === `/session/${ended.sessionId}`, { timeout: 20_000 })

    const saved = await savedRecommendation(app.dataDir, ended.sessionId)
    expect(saved).toMatchObject({
      challenges: 'ضعف التدفق النقدي\nوصعوبة الوصول إلى العملاء',
      recommendations: 'إعداد خطة تسويق رقمية <b>بسيطة</b> ومراجعة التسعير',
      need_another_session: 1,
      need_academy_course: 1,
      academy_course_ids: [courseId],
      need_platform_feature: 1,
      service_ids: [serviceId],
      company_phase: 'growing',
      success_story: 1,
      success_story_summary: 'ضاعفت المنشأة مبيعاتها خلال ثلاثة أشهر',
      comment: 'متابعة بعد شهر',
      supported_file_urls: ['https://monshaat.gov.sa/ar/guide'],
    })
    expect(saved?.voice_note_file_id).toBeTruthy()
    expect(saved?.attachment_file_ids).toHaveLength(2)
    const voice = saved?.files.find((f) => f.kind === 'voice_note')
    expect(voice?.mime_type).toMatch(/^audio\//)
    expect(voice?.duration_seconds ?? 0).toBeGreaterThanOrEqual(1)
    expect(
      saved?.files
        .filter((f) => f.kind === 'attachment')
        .map((f) => f.original_name)
        .sort(),
    ).toEqual(['chart.png', 'خطة العمل.pdf'].sort())
    // The draft went with the save.
    expect(
      await page.evaluate((id) => sessionStorage.getItem(`mashura.recsDraft.${id}`), ended.sessionId),
    ).toBeNull()
  })

  it('shows the saved recommendation in the business owner’s history, voice note and attachments included', async () => {
    await open(`/smeHistory/${ended.sessionId}/${ended.smeId}`, 'sme-history')
    await page.locator('[data-region="sme-profile"]').waitFor()
    const row = page.locator(`[data-region="sme-history"] li[data-session-id="${ended.sessionId}"]`)
    await row.locator('[data-action="view-recommendations"]').click()
    await settled(page, 'session-recommendations')
    expect(pathOf(page)).toBe(`/sessionRecommendations/${ended.sessionId}/${ended.smeId}/${ended.sessionId}`)
    const view = page.locator('[data-region="recommendation"]')
    await view.waitFor()
    // User text is text: the tags typed are shown, not obeyed.
    expect(await view.locator('[data-field="recommendations"] dd').textContent()).toContain('<b>بسيطة</b>')
    expect(await view.locator('b').count()).toBe(0)
    expect(await view.locator('[data-field="company_phase"] dd').textContent()).toBe('في مرحلة النمو')
    await expect.poll(() => view.locator('[data-field="academy_course_ids"] li a').count()).toBe(1)
    await expect.poll(() => view.locator('[data-field="service_ids"] li a').count()).toBe(1)
    expect(await view.locator('[data-field="attachments"] li').count()).toBe(2)
    expect(await view.locator('a[href="https://monshaat.gov.sa/ar/guide"]').count()).toBe(1)
    // The voice note plays from a blob the page fetched with its credentials.
    await expect
      .poll(() => view.locator('[data-region="voice-note-player"]').getAttribute('src'))
      .toMatch(/^blob:/)
  })
})

describe('after a failed meeting start (?endSession=true)', () => {
  it('ends the session first, then saves, then goes to the session', async () => {
    const ongoing = await makeSession(app.dataDir, 'ongoing')
    await open(`/add-recommendations/${ongoing.sessionId}?endSession=true`, 'add-recommendations')
    await page.locator('[data-region="end-session-notice"]').waitFor()
    await field('challenges').fill('لم يبدأ الاجتماع')
    await field('recommendations').fill('إعادة الجدولة')
    await field('need_another_session', 'input[value="true"]').check()
    await field('need_academy_course', 'input[value="false"]').check()
    await field('need_platform_feature', 'input[value="false"]').check()
    await field('company_phase', 'input[value="idea_owner"]').check()
    const ends = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith(`/sessions/${ongoing.sessionId}/end/contributor`),
    )
    await page.locator('[data-action="submit-recommendations"]').click()
    const body = (await ends).postDataJSON() as { force_end: boolean; end_from: number }
    expect(body).toMatchObject({ force_end: true, end_from: 1 })
    await page.waitForURL((url) => url.pathname === `/session/${ongoing.sessionId}`, { timeout: 20_000 })
    expect(await sessionState(app.dataDir, ongoing.sessionId)).toBe('ended')
    expect(await savedRecommendation(app.dataDir, ongoing.sessionId)).toMatchObject({
      company_phase: 'idea_owner',
    })
  })
})

describe('the three pages', () => {
  it('have one h1 and no axe violation, in Arabic and English at 390 and 1280 px', async () => {
    const fresh = await makeSession(app.dataDir, 'ended')
    const sweep = [
      { name: 'add-recommendations', path: `/add-recommendations/${fresh.sessionId}` },
      { name: 'sme-history', path: `/smeHistory/${ended.sessionId}/${ended.smeId}` },
      {
        name: 'session-recommendations',
        path: `/sessionRecommendations/${ended.sessionId}/${ended.smeId}/${ended.sessionId}`,
      },
    ]
    const problems: string[] = []
    for (const lang of ['ar', 'en'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang)
      for (const width of [widths.mobile, widths.desktop]) {
        await page.setViewportSize({ width, height: 900 })
        for (const { name, path } of sweep) {
          await open(path, name)
          if (name === 'add-recommendations') {
            // The open parts of the form too: the course and service pickers and the success story.
            await field('need_academy_course', 'input[value="true"]').check()
            await field('need_platform_feature', 'input[value="true"]').check()
            await field('success_story', 'input').check()
            await page.locator('[data-region="course-results"] input').first().waitFor()
            await page.locator('[data-region="service-results"] input').first().waitFor()
          }
          if (name === 'session-recommendations')
            await page.locator('[data-region="recommendation"]').waitFor()
          if (name === 'sme-history') await page.locator('[data-region="sme-profile"]').waitFor()
          expect(await page.locator('html').getAttribute('lang')).toBe(lang)
          expect(await page.locator('h1').count(), `${name} ${lang} ${width}`).toBe(1)
          const found = await axeViolations(page)
          if (found.length) problems.push(`${name} ${lang} ${width}:\n${found.join('\n')}`)
          await page.screenshot({ path: `${shots}${name}-${lang}-${width}.png`, fullPage: true })
        }
      }
    }
    expect(problems).toEqual([])
  })
})

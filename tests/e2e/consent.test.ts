/**
 * Consent kept on the server (issue 34), end to end on each database in Chromium: a business owner accepts the
 * terms once; logging out and in again (a fresh browser too) asks nothing; the back office publishes a new
 * version of the owners' terms and she is asked again; an expert's consent is separate from an owner's, for
 * the same person switching between the two. The popup reads the terms text once, only when it asks.
 */
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { journeyDatabase } from './support/db.ts'
import { type NpmStart, startNpm } from './support/npm-start.ts'
import { people, signIn, termsPopup, termsState } from './support/sign-in.ts'
import { openPage, settled } from './support/site.ts'

const apiKey = 'mashura-dev-key'

/** The terms text reads (either role's) a page makes from now on. */
function countTermsReads(page: Page): { count: () => number } {
  let count = 0
  page.on('request', (request) => {
    if (
      /\/api\/dashboard\/settings\/terms_and_conditions(_contributor)?$/.test(new URL(request.url()).pathname)
    )
      count++
  })
  return { count: () => count }
}

/** Agrees in the open popup and waits until it is gone. */
async function agree(page: Page): Promise<void> {
  const popup = page.locator(termsPopup)
  await popup.waitFor({ timeout: 15_000 })
  await popup.locator('.terms-text').waitFor()
  await popup.locator('[data-action="agree-terms"]').click()
  await popup.waitFor({ state: 'detached', timeout: 10_000 })
}

/** Logs out from the profile menu (and of the provider, which asks) and waits for the signed-out site. */
async function logOut(page: Page): Promise<void> {
  await page.locator('[data-action="open-profile-menu"]').click()
  await page.locator('[data-profile-item="logout"]').click()
  await page.waitForURL(/\/oidc\//)
  await page.locator('button[name="logout"][value="yes"]').click()
  await page.locator('li[data-nav-item="signIn"] button').waitFor({ timeout: 20_000 })
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe.skipIf(database === 'postgres' && !process.env.TEST_DATABASE_URL)(
    `consent to the terms on ${database}`,
    () => {
      let app: NpmStart
      let browser: Browser
      let dropDatabase: (() => Promise<void>) | null = null

      beforeAll(async () => {
        const own = await journeyDatabase(database, 'e2e_consent')
        dropDatabase = own.drop
        app = await startNpm(own.env)
        browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
      }, 240_000)

      afterAll(async () => {
        await browser?.close()
        await app?.stop()
        await dropDatabase?.()
      })

      /** A fresh browser at the home page, signed out. */
      async function home(lang: 'ar' | 'en' = 'ar'): Promise<Page> {
        const page = await openPage(browser, { lang })
        await page.goto(app.base)
        await settled(page, 'home')
        return page
      }

      it('an owner accepts once: logging out and in again, even in another browser, asks nothing', async () => {
        const page = await home()
        const reads = countTermsReads(page)
        // Signed out, nothing asks and nothing is read.
        expect(await page.locator('dialog[data-region="terms-popup"]').getAttribute('data-terms')).toBe(
          'signed-out',
        )
        await signIn(page, people.sme, { acceptTerms: false })
        expect(await termsState(page)).toBe('asked')
        await agree(page)
        expect(await termsState(page)).toBe('accepted')
        // The popup read its text once, and nothing of consent is kept in the browser.
        expect(reads.count()).toBe(1)
        expect(await page.evaluate(() => localStorage.getItem('termsAgreed'))).toBeNull()
        await logOut(page)
        expect(await page.locator('dialog[data-region="terms-popup"]').getAttribute('data-terms')).toBe(
          'signed-out',
        )
        await signIn(page, people.sme, { acceptTerms: false })
        expect(await termsState(page)).toBe('accepted')
        expect(await page.locator(termsPopup).count()).toBe(0)
        expect(reads.count()).toBe(1)
        await page.context().close()
        // Another browser: the server remembers her.
        const other = await home('en')
        await signIn(other, people.sme, { acceptTerms: false })
        expect(await termsState(other)).toBe('accepted')
        await other.context().close()
      })

      it('a new version published in the back office asks her again, once', async () => {
        const page = await home()
        await signIn(page, people.sme, { acceptTerms: false })
        expect(await termsState(page)).toBe('accepted')
        // The admin publishes a new version of the owners' terms from the back office.
        const admin = await home('en')
        await signIn(admin, people.admin)
        await admin.goto(new URL('admin/content', app.base).href)
        await admin.locator('[data-section="content"]').waitFor({ timeout: 20_000 })
        await admin.locator('[data-part="settings"]').click()
        const published = admin.locator('[data-terms-version="owners"]')
        // "Published version: n", or never published (the text as installed, version 0).
        const shown = /Published version: (\d+)/.exec((await published.textContent()) ?? '')
        const before = Number(shown?.[1] ?? 0)
        await admin.locator('[data-action="publish-owners"]').click()
        await admin.locator('[data-action="confirm-publish"]').click()
        await published.filter({ hasText: `Published version: ${before + 1}` }).waitFor()
        // Her next page asks, for the new version; accepting it is recorded for good.
        await page.reload()
        expect(await termsState(page)).toBe('asked')
        await agree(page)
        await page.reload()
        expect(await termsState(page)).toBe('accepted')
        await logOut(page)
        await signIn(page, people.sme, { acceptTerms: false })
        expect(await termsState(page)).toBe('accepted')
        // The server's record: both versions, one after the other.
        const token = await page.evaluate(() => localStorage.getItem('smeToken'))
        const res = await fetch(new URL('api/self/consents', app.base), {
          headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}` },
        })
        expect(((await res.json()) as { data: { sme: object } }).data.sme).toMatchObject({
          published_version: before + 1,
          accepted_version: before + 1,
          needs_acceptance: false,
        })
        await page.context().close()
        await admin.context().close()
      })

      it('an expert’s consent is separate from an owner’s: the same person is asked once for each role', async () => {
        const page = await home()
        // The person with both identities signs in as an expert: the experts' terms ask.
        await signIn(page, people.both, { acceptTerms: false })
        expect(await termsState(page)).toBe('asked')
        await agree(page)
        // Switching to the business owner asks for the owners' terms, which she has not accepted.
        await page.locator('[data-action="open-profile-menu"]').click()
        await page.locator('[data-profile-item="switch"]').click()
        await page.locator(termsPopup).waitFor({ timeout: 15_000 })
        expect(await page.locator('dialog[data-region="terms-popup"]').getAttribute('data-terms')).toBe(
          'asked',
        )
        await agree(page)
        // Back to the expert, and after signing in again: nothing asks for either role.
        await page.locator('[data-action="open-profile-menu"]').click()
        await page.locator('[data-profile-item="switch"]').click()
        await page.locator('[data-region="profile-menu"]').waitFor({ state: 'hidden' })
        expect(await termsState(page)).toBe('accepted')
        await logOut(page)
        await signIn(page, people.both, { acceptTerms: false })
        expect(await termsState(page)).toBe('accepted')
        await page.context().close()
      })
    },
  )
}

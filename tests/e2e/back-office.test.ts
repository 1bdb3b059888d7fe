/**
 * The agency runs Mashura from its back office (issue 33), end to end on each database, as its admin in
 * Chromium: invite an expert by e-mail → the mail arrives → she signs in with that address → she is a
 * consultant in search with the chosen subject → the admin enables instant sessions and she sees the toggle;
 * an FAQ entry edited shows on the public FAQ in both languages; deactivating an expert hides him and cancels
 * his session with a mail to its owner; the sessions CSV opens with its Arabic intact and equals the report;
 * a deletion request is decided and its person mailed; the audit trail lists each step with its author. A
 * business owner and an expert get 403 from the back office.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { journeyDatabase } from './support/db.ts'
import { caughtMails, recipient } from './support/mail.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people, signIn, termsState } from './support/sign-in.ts'
import { openPage, settled } from './support/site.ts'

const shots = `${root}test-results/back-office/`
const NEWCOMER_EMAIL = 'salma@example.sa'
/** The seeded partnership expert the admin deactivates (the seed's catalogue has other Turkis). */
const PARTNER = 'م. تركي بن خالد العتيبي'

/** The server's store, opened beside it: the same SQLite file, or the same PostgreSQL database. */
async function withDb<T>(
  app: NpmStart,
  databaseUrl: string | null,
  use: (db: Awaited<ReturnType<typeof import('@mashura/server').openStore>>['db']) => Promise<T>,
): Promise<T> {
  const { openStore } = await import('@mashura/server')
  const store = await openStore({ databaseUrl, dataDir: app.dataDir })
  try {
    return await use(store.db)
  } finally {
    await store.destroy()
  }
}

/** The signed-in token a page holds (the site keeps it in local storage, as the spec says). */
async function tokenOf(page: Page): Promise<string> {
  // The spec's keys: a business owner's token, or an expert's.
  const token = await page.evaluate(
    () => localStorage.getItem('smeToken') ?? localStorage.getItem('contributorToken'),
  )
  if (!token) throw new Error('no token in the page')
  return token
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe.skipIf(database === 'postgres' && !process.env.TEST_DATABASE_URL)(
    `the back office on ${database}`,
    () => {
      let app: NpmStart
      let browser: Browser
      let databaseUrl: string | null = null
      let dropDatabase: (() => Promise<void>) | null = null
      let admin: Page
      const apiKey = 'mashura-dev-key'

      beforeAll(async () => {
        mkdirSync(shots, { recursive: true })
        const own = await journeyDatabase(database, 'e2e_back_office')
        databaseUrl = own.env.DATABASE_URL ?? null
        dropDatabase = own.drop
        app = await startNpm(databaseUrl ? { DATABASE_URL: databaseUrl } : {})
        browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
        admin = await openPage(browser, { lang: 'en' })
        await admin.goto(app.base)
        await signIn(admin, people.admin)
      }, 240_000)

      afterAll(async () => {
        await browser?.close()
        await app?.stop()
        await dropDatabase?.()
      })

      /** Calls the API as the holder of `token`. */
      async function api(path: string, token: string | null, init: RequestInit = {}) {
        const headers = new Headers(init.headers)
        headers.set('x-api-key', apiKey)
        if (token) headers.set('authorization', `Bearer ${token}`)
        return fetch(new URL(`api${path}`, app.base), { ...init, headers })
      }

      /** Opens a back-office section as the admin and waits for it. */
      async function section(name: string): Promise<void> {
        await admin.goto(new URL(`admin/${name}`, app.base).href)
        await admin.locator(`[data-section="${name}"]`).waitFor({ timeout: 20_000 })
      }

      it('invites an expert by e-mail; she signs in with that address and is a consultant in search', async () => {
        await section('experts')
        await admin.getByRole('button', { name: 'Invite an expert' }).click()
        const dialog = admin.getByRole('dialog')
        await dialog.getByLabel('E-mail').fill(NEWCOMER_EMAIL)
        await dialog.getByLabel('Kind').selectOption('consultant')
        await dialog.getByLabel('Title in Arabic').fill('مستشارة تسويق رقمي')
        await dialog.getByLabel('Title in English').fill('Digital marketing consultant')
        await dialog.getByLabel('Bio in Arabic').fill('خبرة عشر سنوات في التسويق الرقمي للمنشآت الصغيرة.')
        await dialog.getByLabel('Bio in English').fill('Ten years of digital marketing for small businesses.')
        const subject = dialog.getByRole('group', { name: 'Subjects' }).getByRole('checkbox').first()
        await subject.check()
        await admin.screenshot({ path: `${shots}${database}-invite-en-1280.png`, fullPage: true })
        await dialog.getByRole('button', { name: 'Send the invitation' }).click()
        await admin.getByText(`Invitation sent to ${NEWCOMER_EMAIL}.`).waitFor()

        // The mail arrives, Arabic first, with the link to the invitation page.
        let link = ''
        await expect
          .poll(
            async () => {
              const mail = (await caughtMails(app.dataDir)).find((m) => recipient(m) === NEWCOMER_EMAIL)
              link = mail?.text?.match(/https?:\/\/\S+\/expert-invitation\?token=[\w%-]+/)?.[0] ?? ''
              return link
            },
            { timeout: 30_000 },
          )
          .not.toBe('')

        // She opens it, signs in with that address, and is an expert.
        const salma = await openPage(browser)
        await salma.goto(link)
        await settled(salma, 'expert-invitation')
        await salma.locator('[data-action="accept-invitation"]').click()
        await salma.waitForURL(/\/oidc\//)
        await salma.locator(`button[name="subject"][value="${people.newcomer.subject}"]`).click()
        await salma.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })

        const found = await api(`/profile/contributors?q=${encodeURIComponent('سلمى')}`, null)
        const list = JSON.stringify(await found.json())
        expect(list).toContain('سلمى')
        // As the expert the admin set up: her bio, in the visitor's Arabic.
        expect(list).toContain('خبرة عشر سنوات في التسويق الرقمي')
        await salma.context().close()
      })

      it('enables instant sessions for her, and she sees the toggle', async () => {
        const salma = await openPage(browser)
        await salma.goto(app.base)
        await signIn(salma, people.newcomer)
        await section('experts')
        await admin.getByLabel('Name, e-mail or title').fill(NEWCOMER_EMAIL)
        await admin.getByRole('button', { name: 'Apply' }).click()
        const card = admin.locator('li[data-expert]').filter({ hasText: 'سلمى' })
        await card.getByRole('button', { name: 'Edit' }).click()
        const dialog = admin.getByRole('dialog')
        await dialog.getByLabel('Join now enabled').check()
        await dialog.getByRole('button', { name: 'Save changes' }).click()
        await admin.getByText("سلمى بنت علي الغامدي's details saved.").waitFor()
        // The live expert record tells her page: the instant toggle appears in her profile menu.
        const menu = salma.locator('[data-action="open-profile-menu"]')
        await expect
          .poll(
            async () => {
              if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click()
              return salma.locator('[data-region="profile-menu"] [data-profile-item="instant"]').count()
            },
            { timeout: 20_000 },
          )
          .toBe(1)
        await salma.context().close()
      })

      it('edits an FAQ entry, and the public FAQ shows it in both languages', async () => {
        await section('content')
        await admin.locator('[data-part="faq"]').click()
        const faq = admin.locator('[data-items="faq"] li[data-item]').first()
        await faq.getByRole('button', { name: /Edit/ }).click()
        const dialog = admin.getByRole('dialog')
        await dialog.getByLabel('Question in Arabic').fill('كيف أحجز جلسة مع خبير؟')
        await dialog.getByLabel('Question in English').fill('How do I book a session with an expert?')
        await dialog.getByRole('button', { name: 'Save changes' }).click()
        await dialog.waitFor({ state: 'hidden' })
        for (const lang of ['ar', 'en'] as const) {
          const visitor = await openPage(browser, { lang })
          await visitor.goto(new URL('Faq', app.base).href)
          await settled(visitor, 'faq')
          const text = lang === 'ar' ? 'كيف أحجز جلسة مع خبير؟' : 'How do I book a session with an expert?'
          await visitor.getByText(text).first().waitFor()
          await visitor.context().close()
        }
      })

      it('publishes a new version of the owners’ terms, and a signed-in owner is asked to accept again', async () => {
        const owner = await openPage(browser)
        await owner.goto(app.base)
        await signIn(owner, people.sme)
        await section('content')
        await admin.locator('[data-part="settings"]').click()
        await admin.locator('[data-action="publish-owners"]').click()
        await admin.locator('[data-action="confirm-publish"]').click()
        await admin
          .locator('[data-terms-version="owners"]')
          .filter({ hasText: 'Published version: 1' })
          .waitFor()
        // Her next page asks again; accepting closes it for this version.
        await owner.reload()
        const popup = owner.locator('dialog[data-region="terms-popup"][open]')
        await popup.waitFor({ timeout: 20_000 })
        await popup.locator('[data-action="agree-terms"]').click()
        await popup.waitFor({ state: 'detached' })
        // Consent is kept on the server (issue 34): the next page knows she accepted this version.
        await owner.reload()
        expect(await termsState(owner)).toBe('accepted')
        expect(await owner.locator('dialog[data-region="terms-popup"][open]').count()).toBe(0)
        await owner.context().close()
        // The admin signs in as a business owner too: the new version asks her as well.
        await admin.reload()
        const own = admin.locator('dialog[data-region="terms-popup"][open]')
        await own.waitFor({ timeout: 20_000 })
        await own.locator('[data-action="agree-terms"]').click()
        await own.waitFor({ state: 'detached' })
      })

      it('deactivates an expert: gone from search, his session cancelled, its owner mailed', async () => {
        // The partner has a booked session with the business owner tomorrow.
        const sessionId = await withDb(app, databaseUrl, async (db) => {
          const { addSession } = await import('@mashura/server/testing')
          const partner = await db
            .selectFrom('people')
            .innerJoin('contributors', 'contributors.person_id', 'people.id')
            .select('contributors.id')
            .where('people.subject', '=', 'dev-partner')
            .executeTakeFirstOrThrow()
          const sme = await db
            .selectFrom('people')
            .select('id')
            .where('subject', '=', 'dev-sme')
            .executeTakeFirstOrThrow()
          const row = await addSession(db, {
            contributorId: partner.id,
            smeId: sme.id,
            start: new Date(Date.now() + 26 * 3_600_000),
          })
          return row.id
        })
        await section('experts')
        // The list is paged over the whole catalogue: find him by his address.
        await admin.getByLabel('Name, e-mail or title').fill('turki@example.sa')
        await admin.getByRole('button', { name: 'Apply' }).click()
        const card = admin.locator('li[data-expert]').filter({ hasText: PARTNER })
        await card.getByRole('button', { name: 'Deactivate' }).click()
        const dialog = admin.getByRole('dialog')
        await dialog.getByLabel('Cancel their upcoming sessions and requests').check()
        await dialog.getByLabel('Cancel reason from the list').selectOption({ index: 1 })
        await dialog.getByLabel('Reason for cancelling (required)').fill('انتهى تعاقد الخبير مع الجهة')
        await dialog.getByRole('button', { name: 'Deactivate' }).click()
        await admin.getByText(/deactivated; 1 session cancelled/).waitFor()

        const search = await api(`/profile/contributors?q=${encodeURIComponent(PARTNER)}`, null)
        expect(JSON.stringify(await search.json())).not.toContain(PARTNER)
        const state = await withDb(app, databaseUrl, (db) =>
          db.selectFrom('sessions').select('state').where('id', '=', sessionId).executeTakeFirstOrThrow(),
        )
        expect(state.state).toBe('cancelled')
        await expect
          .poll(
            async () =>
              (await caughtMails(app.dataDir)).filter(
                (m) => recipient(m) === 'noura@example.sa' && (m.text ?? '').includes('انتهى تعاقد الخبير'),
              ).length,
            { timeout: 30_000 },
          )
          .toBe(1)
      })

      it('downloads the sessions CSV: Arabic intact, the same figures as the report', async () => {
        await section('reports')
        await admin.locator('[data-section="reports"] table').first().waitFor({ timeout: 20_000 })
        const download = admin.waitForEvent('download')
        await admin.getByRole('button', { name: 'Download the sessions report (CSV)' }).click()
        const file = readFileSync((await (await download).path())!)
        expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
        const text = file.toString('utf8')
        expect(text).toMatch(/\r\n/)
        // The report of the range the screen shows: each of its state counts is a cell of the file.
        const from = await admin.getByLabel('From').inputValue()
        const to = await admin.getByLabel('To').inputValue()
        const report = await (
          await api(`/admin/reports/sessions?from=${from}&to=${to}&period=week`, await tokenOf(admin))
        ).json()
        const counts = JSON.stringify(report).match(/"(booked|ended|cancelled|sme_absent)":\d+/g) ?? []
        expect(counts.length).toBeGreaterThan(0)
        for (const count of counts) expect(text).toContain(count.split(':')[1]!)
        // The names are Arabic, as the tables hold them.
        expect(text).toMatch(/[\u0600-\u06ff]/)
      })

      it('decides a deletion request, and its person is mailed', async () => {
        const sme = await openPage(browser)
        await sme.goto(app.base)
        await signIn(sme, people.sme)
        const asked = await api('/profile/user/request_delete', await tokenOf(sme), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'لم أعد أحتاج الحساب' }),
        })
        expect(asked.status).toBeLessThan(300)
        // Neither a business owner nor an expert may read the back office.
        expect((await api('/admin/deletion-requests', await tokenOf(sme), {})).status).toBe(403)
        await sme.context().close()

        await section('deletions')
        const request = admin.locator('[data-section="deletions"] li').filter({ hasText: 'نورة' }).first()
        await request.getByRole('button', { name: 'Reject' }).click()
        const dialog = admin.getByRole('dialog')
        await dialog.getByLabel('Reason').fill('لديك جلسة قادمة؛ يمكنك الطلب مجددًا بعدها')
        await dialog.getByRole('button', { name: 'Reject' }).click()
        await admin.getByText(/account rejected\./).waitFor()
        await expect
          .poll(
            async () =>
              (await caughtMails(app.dataDir)).filter(
                (m) => recipient(m) === 'noura@example.sa' && (m.text ?? '').includes('لديك جلسة قادمة'),
              ).length,
            { timeout: 30_000 },
          )
          .toBe(1)
      })

      it('makes a person who has signed in before an expert at once', async () => {
        await section('experts')
        await admin.locator('[data-action="promote-person"]').click()
        const dialog = admin.getByRole('dialog')
        await dialog.getByLabel('E-mail').fill('noura@example.sa')
        await dialog.getByLabel('Kind').selectOption('advisor')
        await dialog.getByLabel('Title in Arabic').fill('مرشدة أعمال')
        await dialog.getByLabel('Title in English').fill('Business advisor')
        await dialog.getByRole('group', { name: 'Subjects' }).getByRole('checkbox').first().check()
        await dialog.getByRole('button', { name: 'Make them an expert' }).click()
        await admin.getByText('noura@example.sa is an expert now.').waitFor()
        const kind = await withDb(app, databaseUrl, (db) =>
          db
            .selectFrom('contributors')
            .innerJoin('people', 'people.id', 'contributors.person_id')
            .select('contributors.kind')
            .where('people.subject', '=', 'dev-sme')
            .executeTakeFirstOrThrow(),
        )
        expect(kind.kind).toBe('advisor')
      })

      it('lists every step in the audit trail with its author', async () => {
        await section('audit')
        const trail = admin.locator('[data-section="audit"]')
        for (const action of [
          'expert.invite',
          'expert.accept_invitation',
          'expert.update',
          'faq.update',
          'expert.deactivate',
          'deletion_request.decide',
          'expert.promote',
        ])
          await trail.getByText(action, { exact: false }).first().waitFor({ timeout: 20_000 })
        expect(await trail.getByText('مشرف المنصة').count()).toBeGreaterThan(0)
        await admin.screenshot({ path: `${shots}${database}-audit-en-1280.png`, fullPage: true })
      })
    },
  )
}

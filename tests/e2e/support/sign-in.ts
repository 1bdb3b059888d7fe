import type { Page } from 'playwright-core'

/** The seeded people of the development sign-in provider (packages/server/src/adapters/oidc/dev-accounts.ts). */
export const people = {
  sme: { subject: 'dev-sme', name: 'نورة بنت سعد القحطاني' },
  consultant: { subject: 'dev-consultant', name: 'د. فيصل بن عبدالله الحربي' },
  advisor: { subject: 'dev-advisor', name: 'أ. هيفاء بنت محمد الزهراني' },
  partner: { subject: 'dev-partner', name: 'م. تركي بن خالد العتيبي' },
  bsa: { subject: 'dev-bsa', name: 'أ. ريم بنت فهد الدوسري' },
  both: { subject: 'dev-both', name: 'عبدالرحمن بن ناصر الشهري' },
  admin: { subject: 'dev-admin', name: 'مشرف المنصة' },
  /** Not seeded: met at the first sign-in (an invited expert). */
  newcomer: { subject: 'dev-newcomer', name: 'سلمى بنت علي الغامدي' },
} as const

/** One of {@link people}. */
export type Person = (typeof people)[keyof typeof people]

/** The terms popup, while it is open. */
export const termsPopup = 'dialog[data-region="terms-popup"][open]'

/** The terms popup once the site knows whether to ask (the server answered, or could not be read). */
const termsKnown =
  'dialog[data-region="terms-popup"]:is([data-terms="asked"], [data-terms="accepted"], [data-terms="unknown"])'

/**
 * Signs a seeded person in the way a visitor does: the header's sign-in button, the person's button at the
 * dev provider, back through `/redirectauth` to wherever the site sends them; then accepts the terms popup
 * when the server says this person has not accepted the published terms for their role (consent is kept on
 * the server, issue 34: a person is asked once per role and version, not at every sign-in; `acceptTerms:
 * false` leaves the popup as it is). Resolves on the page the site landed on, the profile menu shown.
 */
export async function signIn(page: Page, person: Person, options: { acceptTerms?: boolean } = {}) {
  const origin = new URL(page.url()).origin
  // A drawn page's button answers once React has taken the page over (its scripts start after paint).
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  await page.locator('li[data-nav-item="signIn"] button').click()
  await page.waitForURL(/\/oidc\//)
  // The provider lists each person as a submit button carrying the subject; its label is the name.
  const choice = page.locator(`button[name="subject"][value="${person.subject}"]`)
  if (!((await choice.textContent()) ?? '').includes(person.name))
    throw new Error(`The provider's button for ${person.subject} does not say ${person.name}`)
  await choice.click()
  await page.waitForURL(
    (url) => url.origin === origin && !url.pathname.startsWith('/oidc') && url.pathname !== '/redirectauth',
    { timeout: 20_000 },
  )
  await page.locator('[data-action="open-profile-menu"]').waitFor({ state: 'attached', timeout: 15_000 })
  if (options.acceptTerms !== false) await acceptTerms(page)
}

/** Where the terms stand on the page once the server has answered: `asked`, `accepted` or `unknown`. */
export async function termsState(page: Page): Promise<string | null> {
  const known = page.locator(termsKnown)
  await known.waitFor({ state: 'attached', timeout: 15_000 })
  return known.getAttribute('data-terms')
}

/**
 * Accepts the terms popup when the server asks this signed-in person (their first sign-in with this role, or
 * a version published since), and waits until it is gone; resolves at once when they accepted already.
 */
export async function acceptTerms(page: Page): Promise<void> {
  if ((await termsState(page)) !== 'asked') return
  const popup = page.locator(termsPopup)
  await popup.waitFor({ timeout: 15_000 })
  await popup.locator('[data-action="agree-terms"]').click()
  await popup.waitFor({ state: 'detached', timeout: 10_000 })
}

/**
 * The dev provider's server-rendered pages: the account chooser, the sign-out
 * confirmation and the error page. Arabic and right to left by default, English on
 * request. No scripts at all (the CSP is `default-src 'self'`); inline styles only.
 * Everything interpolated goes through {@link escapeHtml}.
 *
 * The strings live here, not in core's catalogs: this is a development tool that
 * ships in no client bundle.
 */
import { direction, type Language } from '@mashura/core'
import type { DevAccount } from './dev-accounts.ts'

const strings = {
  ar: {
    title: 'تسجيل الدخول التجريبي',
    lead: 'اختر حسابًا من الحسابات التجريبية لتسجيل الدخول إلى منصة مشورة.',
    devOnly: 'مزوّد تسجيل الدخول هذا للتطوير فقط؛ لا يُطلب فيه كلمة مرور.',
    accounts: 'الحسابات التجريبية',
    cancel: 'إلغاء تسجيل الدخول',
    switchLanguage: 'English',
    unknownAccount: 'الحساب المختار غير معروف، يرجى اختيار حساب من القائمة.',
    errorTitle: 'تعذّر إكمال تسجيل الدخول',
    errorLead: 'انتهت صلاحية محاولة تسجيل الدخول أو أنها غير صالحة. يرجى العودة إلى المنصة والبدء من جديد.',
    errorCode: 'رمز الخطأ',
    logoutTitle: 'تسجيل الخروج',
    logoutQuestion: 'هل تريد تسجيل الخروج من مزوّد تسجيل الدخول التجريبي؟',
    logoutYes: 'نعم، سجّل خروجي',
    logoutNo: 'لا، أبقني مسجّلًا',
    loggedOutTitle: 'تم تسجيل الخروج',
    loggedOutLead: 'تم تسجيل خروجك من مزوّد تسجيل الدخول التجريبي.',
  },
  en: {
    title: 'Development sign-in',
    lead: 'Choose one of the development accounts to sign in to Mashura.',
    devOnly: 'This sign-in provider is for development only; it asks for no password.',
    accounts: 'Development accounts',
    cancel: 'Cancel sign-in',
    switchLanguage: 'العربية',
    unknownAccount: 'That account is not known; please choose one from the list.',
    errorTitle: 'Sign-in could not be completed',
    errorLead: 'The sign-in attempt has expired or is not valid. Please go back to Mashura and start again.',
    errorCode: 'Error code',
    logoutTitle: 'Sign out',
    logoutQuestion: 'Do you want to sign out of the development sign-in provider?',
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, stay signed in',
    loggedOutTitle: 'Signed out',
    loggedOutLead: 'You have signed out of the development sign-in provider.',
  },
} as const satisfies Record<Language, Record<string, string>>

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * The page language: an explicit `lang` (`?lang=en`, the form's hidden field) wins,
 * then the first Arabic or English tag of the authorization request's `ui_locales`,
 * else Arabic.
 */
export function pageLanguage(explicit: unknown, uiLocales: unknown): Language {
  if (explicit === 'en' || explicit === 'ar') return explicit
  if (typeof uiLocales === 'string') {
    for (const tag of uiLocales.split(/\s+/)) {
      const base = tag.toLowerCase().split('-')[0]
      if (base === 'ar' || base === 'en') return base
    }
  }
  return 'ar'
}

const STYLE = `
  :root { color-scheme: light; --primary: #3084b2; --secondary: #2d1a47; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "IBM Plex Sans Arabic", "Noto Sans Arabic", system-ui, sans-serif;
    background: #f4f6f9; color: #1f2430; line-height: 1.6; }
  main { max-inline-size: 34rem; margin-block: 2rem; margin-inline: auto; padding-inline: 1rem; }
  header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
  h1 { color: var(--secondary); font-size: 1.5rem; margin-block: 0 0.5rem; }
  .note { color: #5b6270; font-size: 0.875rem; }
  .alert { background: #fdecea; color: #8a1c12; padding-block: 0.5rem; padding-inline: 0.75rem; border-radius: 0.5rem; }
  ul { list-style: none; padding: 0; margin-block: 1rem; display: grid; gap: 0.5rem; }
  button { font: inherit; cursor: pointer; }
  .account { inline-size: 100%; text-align: start; display: grid; gap: 0.125rem;
    padding-block: 0.75rem; padding-inline: 1rem; border: 1px solid #d5dae3; border-radius: 0.75rem; background: #fff; }
  .account:hover, .account:focus-visible { border-color: var(--primary); outline: 2px solid var(--primary); outline-offset: 1px; }
  .name { font-weight: 700; color: var(--secondary); }
  .description { color: #5b6270; }
  .email { color: #5b6270; font-size: 0.8125rem; direction: ltr; unicode-bidi: isolate; justify-self: start; }
  .secondary { background: none; border: 0; color: var(--primary); text-decoration: underline; padding: 0; }
  a { color: var(--primary); }
`

/**
 * A small server-made page (this provider's, the sign-in popup's): its language and direction, a title, a
 * style sheet, extra head elements and the body, in one `<main>`.
 */
export function htmlDocument(page: {
  lang: Language
  title: string
  style: string
  head?: string
  body: string
}) {
  return `<!doctype html>
<html lang="${page.lang}" dir="${direction(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
${page.head ?? ''}</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`
}

function layout(lang: Language, title: string, body: string): string {
  return htmlDocument({ lang, title, style: STYLE, head: '<meta name="robots" content="noindex">\n', body })
}

/** What the account chooser shows. */
export interface ChooserPage {
  lang: Language
  /** Where the form posts (the interaction's own address). */
  action: string
  accounts: readonly DevAccount[]
  /** An error to show above the list. */
  problem?: 'unknownAccount'
}

/** The account chooser: each account a submit button of one CSRF-bound form. */
export function renderChooser(page: ChooserPage): string {
  const t = strings[page.lang]
  const other: Language = page.lang === 'ar' ? 'en' : 'ar'
  const items = page.accounts
    .map(
      (
        account,
      ) => `<li><button class="account" type="submit" name="subject" value="${escapeHtml(account.subject)}">
<span class="name" lang="ar" dir="rtl">${escapeHtml(account.name)}</span>
<span class="description">${escapeHtml(account.description[page.lang])}</span>
<span class="email" lang="en">${escapeHtml(account.email)}</span>
</button></li>`,
    )
    .join('\n')
  return layout(
    page.lang,
    t.title,
    `<header>
<h1>${escapeHtml(t.title)}</h1>
<a href="${escapeHtml(`${page.action}?lang=${other}`)}" lang="${other}" hreflang="${other}">${escapeHtml(t.switchLanguage)}</a>
</header>
<p>${escapeHtml(t.lead)}</p>
<p class="note">${escapeHtml(t.devOnly)}</p>
${page.problem ? `<p class="alert" role="alert">${escapeHtml(t[page.problem])}</p>` : ''}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="lang" value="${page.lang}">
<ul aria-label="${escapeHtml(t.accounts)}">
${items}
</ul>
<button class="secondary" type="submit" name="cancel" value="1">${escapeHtml(t.cancel)}</button>
</form>`,
  )
}

/**
 * The error page: a short explanation, the OAuth error code and, for developers,
 * oidc-provider's public description of it (what a client would be told anyway).
 */
export function renderError(lang: Language, code: string, description?: string): string {
  const t = strings[lang]
  return layout(
    lang,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p>${escapeHtml(t.errorLead)}</p>
<p class="note">${escapeHtml(t.errorCode)}: <code lang="en">${escapeHtml(code)}</code></p>
${description ? `<p class="note" lang="en" dir="ltr">${escapeHtml(description)}</p>` : ''}`,
  )
}

/**
 * The sign-out confirmation around oidc-provider's own form (`form` is its markup,
 * with the XSRF field; the buttons submit it by its id `op.logoutForm`).
 */
export function renderLogout(lang: Language, form: string): string {
  const t = strings[lang]
  return layout(
    lang,
    t.logoutTitle,
    `<h1>${escapeHtml(t.logoutTitle)}</h1>
<p>${escapeHtml(t.logoutQuestion)}</p>
${form}
<p><button class="account" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.logoutYes)}</button></p>
<p><button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button></p>`,
  )
}

/** The page after a sign-out with no return address. */
export function renderLoggedOut(lang: Language): string {
  const t = strings[lang]
  return layout(
    lang,
    t.loggedOutTitle,
    `<h1>${escapeHtml(t.loggedOutTitle)}</h1>
<p>${escapeHtml(t.loggedOutLead)}</p>`,
  )
}

/**
 * The HTML of `/sign-in/popup`: the page a partner site's widget opens in a popup to sign the visitor
 * in on the platform's origin (design section 3). Its only script is the built
 * `/widgets/sign-in-popup.js`; what the script needs (the approved opener origin, the provider's
 * address, the strings of both languages from core's catalogs) travels in a JSON data block, which no
 * browser executes. Everything interpolated into markup goes through {@link escapeHtml}.
 */
import { createHash } from 'node:crypto'
import { direction, LANGUAGES, type Language } from '@mashura/core'
// The data block's id and shape are core's contract, which the popup script reads it by.
import {
  POPUP_DATA_ID,
  POPUP_MESSAGE_KEYS,
  type PopupMessageKey,
  type PopupPageData,
} from '@mashura/core/contract/sign-in-popup'
import { type ApiMessageKey, serverTranslator } from '@mashura/core/i18n/server'
import { escapeHtml, htmlDocument } from '../../../adapters/oidc/pages.ts'

/** Where the built popup script is served (widgets/vite.config.ts, entry `sign-in-popup`). */
export const POPUP_SCRIPT = '/widgets/sign-in-popup.js'

// The page's whole style: the platform's colours, logical properties so both directions lay out alike.
const STYLE = `
:root { color-scheme: light; font-family: system-ui, "Segoe UI", Tahoma, sans-serif; color: #2d1a47; background: #f6f8fb; }
body { margin: 0; min-block-size: 100vh; display: grid; place-items: center; }
main { max-inline-size: 26rem; margin: 1.5rem; padding: 2rem 1.75rem; background: #fff; border-radius: 1rem;
  border-block-start: 0.375rem solid #3084b2; box-shadow: 0 0.5rem 1.5rem rgb(45 26 71 / 12%); text-align: center; }
h1, h2 { font-size: 1.25rem; margin: 0 0 0.75rem; color: #2d1a47; }
p { margin: 0.5rem 0 0; line-height: 1.7; }
.other { margin-block-start: 1.25rem; padding-block-start: 1rem; border-block-start: 1px solid #dde3ea; }
.bar { block-size: 0.375rem; border-radius: 1rem; background: linear-gradient(90deg, #e3eef5, #3084b2, #e3eef5);
  background-size: 200% 100%; animation: slide 1.2s linear infinite; }
.bar[hidden] { display: none; }
[role="alert"] { color: #a4262c; }
bdi { font-weight: 600; }
.actions { display: flex; gap: 0.75rem; justify-content: center; margin-block-start: 1.25rem; }
.actions[hidden] { display: none; }
button { font: inherit; padding: 0.625rem 1.25rem; border-radius: 0.5rem; border: 1px solid #3084b2; cursor: pointer;
  min-block-size: 2.75rem; background: #fff; color: #1f5f82; }
button.primary { background: #1f6f99; border-color: #1f6f99; color: #fff; }
button:focus-visible { outline: 0.1875rem solid #2d1a47; outline-offset: 0.125rem; }
@keyframes slide { to { background-position: -200% 0; } }
@media (prefers-reduced-motion: reduce) { .bar { animation: none; } }
`

/** The CSP hash source of the inline style, so `style-src` needs no 'unsafe-inline'. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

/**
 * The page's Content-Security-Policy: scripts from this origin only, calls to this origin only (the
 * sign-in exchange), no frames around it, nothing else.
 */
export const POPUP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src ${STYLE_HASH}`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** JSON safe inside a `<script>` element: no `<` can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function document(lang: Language, title: string, head: string, body: string): string {
  return htmlDocument({ lang, title, style: STYLE, head, body })
}

/** The strings of both languages the popup script needs. */
function scriptMessages(): PopupPageData['messages'] {
  const out = {} as PopupPageData['messages']
  for (const lang of LANGUAGES) {
    const t = serverTranslator(lang)
    // `{site}` stays a placeholder: the script puts the partner's origin there, as text.
    out[lang] = Object.fromEntries(
      POPUP_MESSAGE_KEYS.map((key) => [key, t.t(key, { site: '{site}' })]),
    ) as Record<PopupMessageKey, string>
  }
  return out
}

/** The page that runs the sign-in: a heading, a progress bar, a live status line, and the popup script. */
export function renderPopupPage(data: Omit<PopupPageData, 'messages'>): string {
  const t = serverTranslator(data.lang)
  const payload: PopupPageData = { ...data, messages: scriptMessages() }
  return document(
    data.lang,
    t.t('signIn.popupTitle'),
    `<script type="module" src="${POPUP_SCRIPT}"></script>
<script type="application/json" id="${POPUP_DATA_ID}">${scriptJson(payload)}</script>
`,
    `<h1 id="heading">${escapeHtml(t.t('signIn.signingIn'))}</h1>
<div class="bar" id="progress" aria-hidden="true"></div>
<p id="site"></p>
<p id="status" role="status"></p>
<p id="problem" role="alert"></p>
<div class="actions" id="confirm" hidden><button type="button" class="primary" id="continue"></button><button type="button" id="cancel"></button></div>`,
  )
}

/** Why a popup page was refused. */
export type PopupRefusal = 'originNotAllowed' | 'incompleteLink' | 'unavailable'

/** Each refusal's heading and text. */
const REFUSALS: Record<PopupRefusal, readonly [ApiMessageKey, ApiMessageKey]> = {
  originNotAllowed: ['signIn.refused', 'signIn.originNotAllowed'],
  incompleteLink: ['signIn.refused', 'signIn.incompleteLink'],
  unavailable: ['signIn.failed', 'errors.serviceUnavailable'],
}

/**
 * The refusal page: the reason in the asked language first and in the other one below it, since the
 * request that named the language is the one being refused. No script at all.
 */
export function renderRefusedPage(lang: Language, reason: PopupRefusal): string {
  const [heading, text] = REFUSALS[reason]
  // The asked language leads with the page's heading; the other one follows as a section of it.
  const block = (l: Language, attrs: string, level: 1 | 2) => {
    const t = serverTranslator(l)
    return `<section lang="${l}" dir="${direction(l)}"${attrs}>
<h${level}>${escapeHtml(t.t(heading))}</h${level}>
<p>${escapeHtml(t.t(text))}</p>
</section>`
  }
  const other: Language = lang === 'ar' ? 'en' : 'ar'
  return document(
    lang,
    serverTranslator(lang).t(heading),
    '',
    `${block(lang, '', 1)}\n${block(other, ' class="other"', 2)}`,
  )
}

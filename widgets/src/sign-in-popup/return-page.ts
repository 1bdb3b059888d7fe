/**
 * The script of a partner's sign-in return page (built as `/widgets/sign-in-return.js`; design section 10,
 * issue 30). A partner whose pages send `Cross-Origin-Opener-Policy: same-origin` cuts the platform's sign-in
 * popup off from the page that opened it; the popup then comes back to a page on the partner's own origin,
 * registered for its API key (`sign_in_return` in `API_KEYS`), which loads this script:
 *
 * ```html
 * <script type="module" src="https://platform.example/widgets/sign-in-return.js"></script>
 * ```
 *
 * It reads the popup's one-time code (or why there is none) from the address's fragment, which no server
 * sees, removes it from the address, and passes it over a `BroadcastChannel` to the pages of this origin in
 * this browser. The widget that opened the popup takes it, by its challenge, says so on the channel, and
 * redeems the code with the verifier only it holds. The window then closes, or says to go back where it cannot;
 * when no page took it (an address someone else made and sent), it says that nothing was signed in.
 */
import { SIGN_IN_PROTOCOL } from '@mashura/core/contract/sign-in-popup'
import { SIGN_IN_RETURN_MESSAGES } from '@mashura/core/i18n/sign-in-return'

/** How long the waiting page is given to take the outcome, in milliseconds (pages in the background are slow). */
const TAKE_WITHIN_MS = 5000

const { fragment } = SIGN_IN_PROTOCOL
const params = new URLSearchParams(window.location.hash.slice(1))
const state = params.get(fragment.state)
const code = params.get(fragment.code)
const error = params.get(fragment.error)
const lang = params.get(fragment.lang) === 'en' ? 'en' : 'ar'
// The code is single-use: keep it out of history and the address bar.
if (window.location.hash)
  window.history.replaceState(null, '', window.location.pathname + window.location.search)

const messages = SIGN_IN_RETURN_MESSAGES[lang]
document.documentElement.lang = lang
document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
if (!document.title) document.title = messages.title
// What the visitor reads if the window stays open: the page is the partner's, so this adds to it, plainly.
const status = document.createElement('p')
status.setAttribute('role', 'status')
Object.assign(status.style, {
  maxInlineSize: '32rem',
  margin: '3rem auto',
  padding: '1rem 1.25rem',
  font: '1.0625rem/1.7 system-ui, sans-serif',
})
;(document.querySelector('main') ?? document.body).append(status)

/** Shows the last word, and closes the window where the browser allows (a window a script opened). */
function end(text: string, close: boolean): void {
  status.textContent = text
  if (close) window.close()
}

if (state && (code || error)) {
  const channel = new BroadcastChannel(SIGN_IN_PROTOCOL.channel)
  const unclaimed = setTimeout(() => {
    channel.close()
    end(code ? messages.unclaimed : messages.failed, false)
  }, TAKE_WITHIN_MS)
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; state?: unknown } | null
    if (data?.type !== SIGN_IN_PROTOCOL.taken || data.state !== state) return
    clearTimeout(unclaimed)
    channel.close()
    end(code ? messages.done : error === 'cancelled' ? messages.cancelled : messages.failed, true)
  }
  channel.postMessage(
    code
      ? { type: SIGN_IN_PROTOCOL.signedIn, state, code }
      : { type: SIGN_IN_PROTOCOL.failed, state, cancelled: error === 'cancelled' },
  )
} else {
  end(messages.failed, false)
}

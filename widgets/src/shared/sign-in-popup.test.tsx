import { SIGN_IN_PROTOCOL } from '@mashura/core/contract/sign-in-popup'
import { executeServerCommand, sendMouse } from '@web/test-runner-commands'
import { expect } from 'chai'
import { platform } from '../test-support/platform.ts'
import { waitFor } from '../test-support/wait-for.ts'
import {
  openSignInPopup,
  type PopupSignInResult,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_IN_MESSAGE,
  SIGN_IN_OPEN_MESSAGE,
  type SignInPopupOptions,
} from './sign-in-popup.ts'

/**
 * The opener side of the popup sign-in in real Chromium: the popup is a real window on the reference
 * server's real `/sign-in/popup` page, opened by a real click. What the popup would post is played with
 * `MessageEvent`s whose origin and source the test chooses (the popup's own script is proven end to end in
 * tests/e2e/sign-in-popup.test.ts), with a real `postMessage` from this page, whose origin is not the
 * platform's, and with a real `BroadcastChannel`, as the partner's return page speaks. The one-time codes are
 * the reference server's own (`mashura-handoff`), redeemed by the widget over HTTP with its verifier.
 */

// ------------------------------------------------------------------------------------------- helpers

interface Settled<T> {
  value?: T
  error?: Error
  done: boolean
}

/** How a promise ended, without letting a rejection go unhandled. */
function settle<T>(promise: Promise<T>): Settled<T> {
  const state: Settled<T> = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: Error) => Object.assign(state, { error, done: true }),
  )
  return state
}

const realOpen = window.open.bind(window)
let opened: { url: string; features: string; popup: Window | null }[] = []

/** Records every `window.open` (still opening the real window unless `block` says otherwise). */
function watchOpen(block = false) {
  opened = []
  window.open = ((url?: string | URL, target?: string, features?: string) => {
    const popup = block ? null : realOpen(url, target, features)
    opened.push({ url: String(url), features: features ?? '', popup })
    return popup
  }) as typeof window.open
}

/** What a click started: the promise (an object around it, as async functions flatten promises) and its state. */
interface Started {
  promise: Promise<PopupSignInResult>
  state: Settled<PopupSignInResult>
}

/** Clicks a real button (a user gesture, as popup blockers want) whose handler calls `openSignInPopup`. */
/** Every sign-in the tests started, so that each test can wait for its own to end. */
const begun: Settled<PopupSignInResult>[] = []

async function clickToOpen(options: SignInPopupOptions): Promise<Started> {
  const button = document.createElement('button')
  button.textContent = 'Sign in'
  button.style.cssText =
    'position:fixed;inset-block-start:10px;inset-inline-start:10px;inline-size:120px;block-size:40px'
  let started: Started | undefined
  button.addEventListener('click', () => {
    const promise = openSignInPopup(options)
    // Watched from the start: a rejection must never go unhandled.
    started = { promise, state: settle(promise) }
    begun.push(started.state)
  })
  document.body.append(button)
  const box = button.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(box.x + 20), Math.round(box.y + 20)] })
  button.remove()
  return waitFor(() => started)
}

/** The challenge a popup was opened with (its address's `challenge`). */
function challengeOf(index = 0): string {
  return new URL(opened[index]!.url).searchParams.get('challenge') ?? ''
}

/** What the popup's sign-in leaves on the server for a challenge: a real one-time code. */
function handoffFor(challenge: string): Promise<{ code: string; name: string }> {
  return executeServerCommand('mashura-handoff', {
    subject: 'dev-sme',
    challenge,
    origin: window.location.origin,
  })
}

/** Dispatches what a window would receive from `postMessage`, with the given origin and source. */
function deliver(data: unknown, origin: string, source: Window | null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
}

/**
 * Closes the popup as its visitor would. Chromium may defer a `close()` that arrives while the popup is
 * between navigations (the sign-in page redirects to the provider at once), so it is repeated until the
 * window reports itself closed: what is under test is how the opener notices, not Chromium's close.
 */
async function closePopup(popup: Window) {
  await waitFor(
    () => {
      if (!popup.closed) popup.close()
      return popup.closed
    },
    10_000,
    'the popup to close',
  )
  // Focus comes back to the opener when a popup closes; a headless opener gets no such event, and its
  // polling timers may be throttled behind the popup (CI's run missed the close for 12 s), so play it.
  window.dispatchEvent(new FocusEvent('focus'))
}

/** Every sign-in's cancel switch, so that each test ends its own. */
const controllers: AbortController[] = []

async function options(lang: 'ar' | 'en' = 'ar'): Promise<SignInPopupOptions> {
  const { apiBase, apiKey } = await platform()
  const controller = new AbortController()
  controllers.push(controller)
  return { apiBase, apiKey, lang, signal: controller.signal }
}

/** What the popup's page posts first while its link to this page holds. */
async function hello(popup: Window) {
  deliver({ type: SIGN_IN_OPEN_MESSAGE }, (await platform()).origin, popup)
}

// --------------------------------------------------------------------------------------------- tests

describe('openSignInPopup', () => {
  afterEach(async () => {
    for (const { popup } of opened) popup?.close()
    window.open = realOpen
    for (const controller of controllers.splice(0)) controller.abort()
    // Until a sign-in has ended (a closed popup is noticed by polling, then given a grace period), the next
    // test's call would share it instead of opening its own popup.
    await waitFor(() => begun.every((state) => state.done) || null)
    begun.length = 0
  })

  it('rejects with popup-blocked when the browser refuses the window', async () => {
    watchOpen(true)
    const { state } = await clickToOpen(await options())
    await waitFor(() => state.done)
    expect(state.error?.message).to.equal('popup-blocked')
    expect(opened).to.have.length(1)
  })

  it('opens the platform’s sign-in page, sized and centred, with this page’s origin, the key, the language and a challenge', async () => {
    const { origin, apiKey } = await platform()
    watchOpen()
    const { state } = await clickToOpen(await options('en'))
    const url = new URL(opened[0]!.url)
    expect(url.origin).to.equal(origin)
    expect(url.pathname).to.equal('/sign-in/popup')
    expect(url.searchParams.get('origin')).to.equal(window.location.origin)
    expect(url.searchParams.get('api_key')).to.equal(apiKey)
    expect(url.searchParams.get('lang')).to.equal('en')
    // Only the verifier's S256 hash travels (issue 30): 43 characters, and nothing else of the verifier.
    expect(url.searchParams.get('challenge')).to.match(/^[A-Za-z0-9_-]{43}$/)
    expect([...url.searchParams.keys()].sort()).to.deep.equal(['api_key', 'challenge', 'lang', 'origin'])
    expect(opened[0]!.features).to.match(/^popup,width=480,height=640,left=\d+,top=\d+$/)
    expect(opened[0]!.popup).to.not.equal(null)
    await hello(opened[0]!.popup!)
    await closePopup(opened[0]!.popup!)
    await waitFor(() => state.done, 12_000)
    expect(state.error?.message).to.equal('popup-closed')
  })

  it('rejects with popup-closed when the visitor closes the popup, and opens a fresh one next time', async () => {
    watchOpen()
    const { state: first } = await clickToOpen(await options())
    expect(new URL(opened[0]!.url).searchParams.get('lang')).to.equal('ar')
    await hello(opened[0]!.popup!)
    await closePopup(opened[0]!.popup!)
    // Noticed by polling, and a page behind a popup has its timers throttled: give it time.
    await waitFor(() => first.done, 12_000)
    expect(first.error?.message).to.equal('popup-closed')
    const { state: second } = await clickToOpen(await options())
    expect(opened).to.have.length(2)
    expect(second.done).to.equal(false)
    expect(challengeOf(1)).to.not.equal(challengeOf(0))
  })

  it('keeps waiting for a popup cut off from this page (it looks closed at once), until the visitor cancels', async () => {
    watchOpen()
    const settings = await options()
    const { state } = await clickToOpen(settings)
    // No hello: as under `Cross-Origin-Opener-Policy: same-origin`, where only the return page comes back.
    await closePopup(opened[0]!.popup!)
    await new Promise((resolve) => setTimeout(resolve, 3500))
    expect(state.done, 'gave up on a popup that may still be open').to.equal(false)
    controllers.at(-1)!.abort()
    await waitFor(() => state.done)
    expect(state.error?.message).to.equal('popup-closed')
  })

  it('shares one popup: a second call while it is open opens nothing and returns the same promise', async () => {
    watchOpen()
    const first = await clickToOpen(await options())
    const second = await clickToOpen(await options())
    expect(second.promise).to.equal(first.promise)
    expect(opened).to.have.length(1)
  })

  it('takes a code only from the popup on the platform’s origin, for its own challenge, and redeems it with its verifier', async () => {
    const { origin } = await platform()
    watchOpen()
    const { state } = await clickToOpen(await options())
    const popup = opened[0]!.popup!
    const challenge = challengeOf()
    const { code, name } = await handoffFor(challenge)
    const message = { type: SIGN_IN_MESSAGE, state: challenge, code }
    // A real postMessage from this page: its origin is the test page's, not the platform's.
    expect(window.location.origin).to.not.equal(origin)
    window.postMessage(message, '*')
    // The platform's origin from another window (a frame of the platform would be one).
    deliver(message, origin, window)
    // The popup's window but another origin (the popup navigated elsewhere, to the provider or beyond).
    deliver(message, 'https://evil.example', popup)
    // The right window and origin, but another widget's challenge, or not our message shapes.
    const { code: otherCode } = await handoffFor('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
    deliver(
      { ...message, state: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code: otherCode },
      origin,
      popup,
    )
    deliver({ type: 'other', state: challenge, code }, origin, popup)
    deliver({ type: SIGN_IN_MESSAGE, state: challenge, code: 42 }, origin, popup)
    deliver({ type: SIGN_IN_MESSAGE, state: challenge }, origin, popup)
    deliver({ type: SIGN_IN_MESSAGE, code }, origin, popup)
    deliver('mashura:sign-in', origin, popup)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(state.done, 'settled by a message it should have ignored').to.equal(false)

    deliver({ ...message, extra: true }, origin, popup)
    await waitFor(() => state.done)
    expect(state.error).to.equal(undefined)
    expect(state.value).to.deep.include({ contributorId: null, roles: ['sme'], name })
    expect(state.value?.token).to.match(/\S{20,}/)
    // Settled: nothing it hears later changes anything, and the popup (left open here) does not reject it.
    deliver({ type: SIGN_IN_FAILED_MESSAGE, state: challenge, message: 'late' }, origin, popup)
    popup.close()
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(state.error).to.equal(undefined)
  })

  it('takes the code from its origin’s return page over a BroadcastChannel, says so, and redeems it', async () => {
    watchOpen()
    const { state } = await clickToOpen(await options())
    // As under COOP same-origin: no hello, the popup looks closed, the return page speaks on the channel.
    await closePopup(opened[0]!.popup!)
    const challenge = challengeOf()
    const { code, name } = await handoffFor(challenge)
    const returnPage = new BroadcastChannel(SIGN_IN_PROTOCOL.channel)
    const heard: unknown[] = []
    returnPage.onmessage = (event) => heard.push(event.data)
    // Another widget's code first: not taken, not acknowledged.
    returnPage.postMessage({
      type: SIGN_IN_MESSAGE,
      state: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code,
    })
    returnPage.postMessage({ type: SIGN_IN_MESSAGE, state: challenge, code })
    await waitFor(() => state.done, 10_000)
    expect(state.error).to.equal(undefined)
    expect(state.value?.name).to.equal(name)
    expect(heard).to.deep.equal([{ type: SIGN_IN_PROTOCOL.taken, state: challenge }])
    returnPage.close()
  })

  it('rejects with sign-in-failed when the code does not redeem (spent, or not for this verifier)', async () => {
    const { origin } = await platform()
    watchOpen()
    const { state } = await clickToOpen(await options())
    // A code made for another challenge: this widget's verifier does not match it.
    const { code } = await handoffFor('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
    deliver({ type: SIGN_IN_MESSAGE, state: challengeOf(), code }, origin, opened[0]!.popup)
    await waitFor(() => state.done)
    expect(state.error?.message).to.equal('sign-in-failed')
  })

  it('rejects with the platform’s message when the sign-in failed', async () => {
    const { origin } = await platform()
    watchOpen()
    const { state } = await clickToOpen(await options())
    const popup = opened[0]!.popup!
    deliver(
      {
        type: SIGN_IN_FAILED_MESSAGE,
        state: challengeOf(),
        message: 'تعذّر تسجيل الدخول، يرجى المحاولة مرة أخرى.',
      },
      origin,
      popup,
    )
    await waitFor(() => state.done)
    expect(state.error?.message).to.equal('تعذّر تسجيل الدخول، يرجى المحاولة مرة أخرى.')
    // Settled and released: the next click opens a new popup.
    await clickToOpen(await options())
    expect(opened).to.have.length(2)
  })

  it('rejects with popup-closed, not an error, when the visitor turned the sign-in down', async () => {
    const { origin } = await platform()
    watchOpen()
    const { state } = await clickToOpen(await options())
    deliver(
      { type: SIGN_IN_FAILED_MESSAGE, state: challengeOf(), message: 'ألغيت تسجيل الدخول.', cancelled: true },
      origin,
      opened[0]!.popup,
    )
    await waitFor(() => state.done)
    expect(state.error?.message).to.equal('popup-closed')
  })

  it('resolves an api-base relative to the page against the page’s origin', async () => {
    watchOpen()
    const controller = new AbortController()
    controllers.push(controller)
    const { state } = await clickToOpen({
      apiBase: '/api',
      apiKey: 'k',
      lang: 'ar',
      signal: controller.signal,
    })
    expect(new URL(opened[0]!.url).origin).to.equal(window.location.origin)
    controller.abort()
    await waitFor(() => state.done)
    expect(state.error?.message).to.equal('popup-closed')
  })
})

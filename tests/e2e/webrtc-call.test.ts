import { forceEndAsExpert } from '@mashura/widgets/testing/end-session'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CallFixture,
  type CallLog,
  callState,
  type Person,
  remoteMedia,
  results,
  startCallFixture,
} from './support/call-page.ts'

// The built-in 1:1 call between two real browsers (two contexts of Chromium with fake camera and
// microphone), signalled through the real reference server's realtime socket. No STUN/TURN: host
// candidates on one machine, as the platform's default (webrtc-turn.test.ts runs it through a relay).
let fixture: CallFixture
let platform: CallFixture['platform']

beforeAll(async () => {
  fixture = await startCallFixture()
  platform = fixture.platform
})

afterAll(async () => {
  await fixture?.close()
})

function openCall(
  person: Person,
  sessionId: number,
  host: boolean,
  lang: 'ar' | 'en',
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<Page> {
  return fixture.open(person, sessionId, host, lang, prepare)
}

const statusText = (page: Page) => page.getByRole('status').textContent()

/** The `enabled` flags of the local preview's tracks. */
function localTracks(page: Page) {
  return page.locator('.m-call-local').evaluate((video: HTMLVideoElement) => {
    const stream = video.srcObject as MediaStream | null
    return {
      audio: stream?.getAudioTracks().map((t) => t.enabled) ?? [],
      video: stream?.getVideoTracks().map((t) => t.enabled) ?? [],
    }
  })
}

describe('built-in WebRTC call (two browsers, real signalling)', () => {
  let expert: Person
  let owner: Person
  let sessionId = 0
  let expertPage: Page
  let ownerPage: Page

  beforeAll(async () => {
    expert = await platform.command<Person>('mashura-sign-in', { subject: 'dev-consultant' })
    owner = await platform.command<Person>('mashura-sign-in', { subject: 'dev-sme' })
    sessionId = await fixture.ongoingSession()
  })

  it('waits alone, then connects both ways when the other side joins', async () => {
    expertPage = await openCall(expert, sessionId, true, 'ar')
    await expect.poll(() => callState(expertPage), { timeout: 15_000 }).toBe('waiting')
    expect(await statusText(expertPage)).toBe('بانتظار انضمام الطرف الآخر…')
    expect(await expertPage.locator('.m-call').getAttribute('dir')).toBe('rtl')

    ownerPage = await openCall(owner, sessionId, false, 'en')
    expect(await ownerPage.locator('.m-call').getAttribute('dir')).toBe('ltr')
    await expect.poll(() => callState(ownerPage), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => callState(expertPage), { timeout: 20_000 }).toBe('connected')
    expect(await statusText(ownerPage)).toBe("You're now in a call with the other person.")
    expect(await statusText(expertPage)).toBe('أنت الآن في مكالمة مع الطرف الآخر.')

    // Each side really receives the other's camera and microphone.
    for (const page of [expertPage, ownerPage]) {
      await expect.poll(async () => (await remoteMedia(page)).width, { timeout: 15_000 }).toBeGreaterThan(0)
      expect(await remoteMedia(page)).toMatchObject({ video: 1, audio: 1 })
    }
    await expertPage.screenshot({ path: `${results}/webrtc-call-expert-ar.png` })
    await ownerPage.screenshot({ path: `${results}/webrtc-call-owner-en.png` })
  })

  it('mutes the microphone and turns the camera off with real toggle buttons', async () => {
    const mute = ownerPage.getByRole('button', { name: 'Mute microphone' })
    const camera = ownerPage.getByRole('button', { name: 'Turn camera off' })
    expect(await mute.getAttribute('aria-pressed')).toBe('false')
    await mute.click()
    expect(await mute.getAttribute('aria-pressed')).toBe('true')
    expect(await localTracks(ownerPage)).toEqual({ audio: [false], video: [true] })
    // Keyboard: Tab from the mute button reaches the camera button, Space presses it.
    await mute.focus()
    await ownerPage.keyboard.press('Tab')
    expect(await camera.evaluate((el) => el === document.activeElement)).toBe(true)
    await ownerPage.keyboard.press('Space')
    expect(await camera.getAttribute('aria-pressed')).toBe('true')
    expect(await localTracks(ownerPage)).toEqual({ audio: [false], video: [false] })
    await mute.click()
    await camera.click()
    expect(await localTracks(ownerPage)).toEqual({ audio: [true], video: [true] })
    expect(await callState(ownerPage)).toBe('connected')
  })

  it('tells the other side when one leaves, and connects again when they come back', async () => {
    await ownerPage.getByRole('button', { name: 'Leave the call' }).click()
    const log = await ownerPage.evaluate(() => (window as unknown as { callLog: CallLog }).callLog)
    expect(log).toEqual({ left: 1, errors: [], sessionEnded: 0 })
    await expect.poll(() => callState(expertPage), { timeout: 10_000 }).toBe('left')
    expect(await statusText(expertPage)).toBe('غادر الطرف الآخر الاجتماع. يمكنك انتظار عودته أو المغادرة.')
    await expertPage.screenshot({ path: `${results}/webrtc-call-expert-left.png` })

    // The business owner rejoins: a fresh page, a fresh connection.
    await ownerPage.reload()
    await expect.poll(() => callState(ownerPage), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => callState(expertPage), { timeout: 20_000 }).toBe('connected')
    await expect
      .poll(async () => (await remoteMedia(expertPage)).width, { timeout: 15_000 })
      .toBeGreaterThan(0)
  })

  it('tells the other side when the page closes without the leave button', async () => {
    await ownerPage.close()
    // No unmount happens on a closed page; the call says goodbye on `pagehide`.
    await expect.poll(() => callState(expertPage), { timeout: 10_000 }).toBe('left')
    const errors = await expertPage.evaluate(() => (window as unknown as { callLog: CallLog }).callLog.errors)
    expect(errors).toEqual([])
  })
})

/** Keeps every local stream and every RTCPeerConnection the page makes, so they can be read after the call. */
const recordMedia = () => {
  const streams: MediaStream[] = []
  const connections: RTCPeerConnection[] = []
  Object.assign(window, { callMedia: { streams, connections } })
  const media = navigator.mediaDevices
  const getUserMedia = media.getUserMedia.bind(media)
  media.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints)
    streams.push(stream)
    return stream
  }
  const Native = window.RTCPeerConnection
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config)
      connections.push(this)
    }
  } as typeof RTCPeerConnection
}

/** The states of every local track and every peer connection the page made. */
function mediaStates(page: Page) {
  return page.evaluate(() => {
    const { streams, connections } = (
      window as unknown as { callMedia: { streams: MediaStream[]; connections: RTCPeerConnection[] } }
    ).callMedia
    return {
      tracks: streams.flatMap((s) => s.getTracks().map((t) => t.readyState)),
      connections: connections.map((c) => c.signalingState),
    }
  })
}

describe('built-in WebRTC call when the expert ends the session', () => {
  let expert: Person
  let owner: Person

  beforeAll(async () => {
    expert = await platform.command<Person>('mashura-sign-in', { subject: 'dev-consultant' })
    owner = await platform.command<Person>('mashura-sign-in', { subject: 'dev-sme' })
  })

  it('stops the call for both people at once: tracks ended, connection closed, the end said', async () => {
    const sessionId = await fixture.ongoingSession()
    const prepare = async (context: BrowserContext) => {
      await context.addInitScript(recordMedia)
    }
    const expertPage = await openCall(expert, sessionId, true, 'ar', prepare)
    await expect.poll(() => callState(expertPage), { timeout: 15_000 }).toBe('waiting')
    const ownerPage = await openCall(owner, sessionId, false, 'en', prepare)
    await expect.poll(() => callState(ownerPage), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => callState(expertPage), { timeout: 20_000 }).toBe('connected')
    const running = await mediaStates(ownerPage)
    expect(running.tracks).toEqual(['live', 'live'])
    expect(running.connections.at(-1)).toBe('stable')

    // The expert ends the session through the platform, as the room's end button does.
    expect(await forceEndAsExpert(platform.platform, sessionId, expert.token)).toBe(200)

    // Within two seconds the business owner's camera and microphone are off and the connection is closed.
    const allEnded = (page: Page) => async () => {
      const { tracks, connections } = await mediaStates(page)
      return {
        tracks: tracks.every((t) => t === 'ended'),
        connections: connections.every((c) => c === 'closed'),
      }
    }
    await expect.poll(allEnded(ownerPage), { timeout: 2_000 }).toEqual({ tracks: true, connections: true })
    // React shows what the call did on its next render.
    await expect.poll(() => callState(ownerPage), { timeout: 2_000 }).toBe('ended')
    expect(await statusText(ownerPage)).toBe(
      'The session has ended; the expert is writing your recommendations.',
    )
    // The expert's side too, in Arabic, with the next step the room gives the expert.
    await expect.poll(allEnded(expertPage), { timeout: 2_000 }).toEqual({ tracks: true, connections: true })
    await expect.poll(() => callState(expertPage), { timeout: 2_000 }).toBe('ended')
    expect(await statusText(expertPage)).toBe('انتهت الجلسة، ويمكنك الآن كتابة التوصيات.')
    for (const page of [ownerPage, expertPage]) {
      const log = await page.evaluate(() => (window as unknown as { callLog: CallLog }).callLog)
      expect(log).toEqual({ left: 0, errors: [], sessionEnded: 1 })
      // Nothing to press in a call that is over, but the way out.
      expect(await page.getByRole('button', { name: /Mute|كتم/ }).isDisabled()).toBe(true)
    }
    await ownerPage.screenshot({ path: `${results}/webrtc-call-owner-session-ended-en.png` })
    await ownerPage.close()
    await expertPage.close()
  })
})

describe('built-in WebRTC call when signalling misbehaves', () => {
  let expert: Person
  let owner: Person

  beforeAll(async () => {
    expert = await platform.command<Person>('mashura-sign-in', { subject: 'dev-consultant' })
    owner = await platform.command<Person>('mashura-sign-in', { subject: 'dev-sme' })
  })

  const ongoingSession = () => fixture.ongoingSession()

  it('connects when both sides join at the same moment (their hellos cross)', async () => {
    const sessionId = await ongoingSession()
    const pages = await Promise.all([
      openCall(expert, sessionId, true, 'ar'),
      openCall(owner, sessionId, false, 'en'),
    ])
    for (const page of pages) {
      await expect.poll(() => callState(page), { timeout: 30_000 }).toBe('connected')
      await expect.poll(async () => (await remoteMedia(page)).width, { timeout: 15_000 }).toBeGreaterThan(0)
    }
    for (const page of pages) await page.close()
  })

  it('starts the handshake again when a signal is lost on the way, and connects', async () => {
    const sessionId = await ongoingSession()
    const expertPage = await openCall(expert, sessionId, true, 'ar')
    await expect.poll(() => callState(expertPage), { timeout: 15_000 }).toBe('waiting')
    // The business owner's socket drops the first offer or answer it sends: without a retry, both sides
    // would wait for each other for ever.
    let dropped = 0
    const ownerPage = await openCall(owner, sessionId, false, 'en', (context) =>
      context.routeWebSocket(/\/realtime/, (ws) => {
        const server = ws.connectToServer()
        ws.onMessage((message) => {
          const text = typeof message === 'string' ? message : message.toString()
          const parsed = JSON.parse(text) as { type?: string; data?: { payload?: { kind?: string } } }
          if (parsed.type === 'signal' && parsed.data?.payload?.kind === 'description' && dropped === 0) {
            dropped++
            return
          }
          server.send(message)
        })
        server.onMessage((message) => ws.send(message))
      }),
    )
    await expect.poll(() => callState(ownerPage), { timeout: 40_000 }).toBe('connected')
    await expect.poll(() => callState(expertPage), { timeout: 20_000 }).toBe('connected')
    expect(dropped).toBe(1)
    await expect
      .poll(async () => (await remoteMedia(expertPage)).width, { timeout: 15_000 })
      .toBeGreaterThan(0)
    await ownerPage.close()
    await expertPage.close()
  })
})

import { createWebSocketRealtime, getChatToken, type MeetingData, type MeetingSignature } from '@mashura/core'
import { sendKeys } from '@web/test-runner-commands'
import { expect } from 'chai'
import { createElement } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { createWidgetClient } from '../../shared/api.ts'
import { expectAccessible } from '../../test-support/axe.ts'
import { forceEndAsExpert } from '../../test-support/end-session.ts'
import { addDevSession, platform, type SignedIn, signIn } from '../../test-support/platform.ts'
import { waitFor as waitUntil } from '../../test-support/wait-for.ts'
import { type CallState, PeerCall } from './peer-call.ts'
import type { MeetingProps } from './provider.ts'
import { realtimeUrlFor } from './use-peer-call.ts'
import WebRtcCall from './webrtc-call.tsx'
import ZoomFrame, { joinMessage } from './zoom-frame.tsx'
import { platformOrigin, type ZoomJoinMessage, zoomPageMessage } from './zoom-protocol.ts'

/**
 * The meeting providers of `<session-room>` in real Chromium (fake camera and microphone): the built-in
 * call against the real reference server's realtime socket, and the Zoom frame's postMessage protocol
 * with a real iframe of this page's origin standing in for the Zoom page (the real one needs Zoom).
 */

// ------------------------------------------------------------------------------------------- helpers

/** Polls with this file's longer wait: the call needs time to connect. */
const waitFor = <T,>(check: () => T, timeout = 8000) => waitUntil(check, timeout)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Mounted {
  host: HTMLElement
  shadow: ShadowRoot
  root: Root
  left: number
  errors: string[]
  sessionEnded: number
  unmount(): void
}

const mounted: Mounted[] = []

/** Renders a provider into a shadow root, as the room does, recording its callbacks. */
function mount(
  component: (props: MeetingProps) => unknown,
  props: Omit<MeetingProps, 'onLeave' | 'onError' | 'onSessionEnded'>,
) {
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  const m: Mounted = {
    host,
    shadow,
    root,
    left: 0,
    errors: [],
    sessionEnded: 0,
    unmount() {
      root.unmount()
      host.remove()
    },
  }
  flushSync(() =>
    root.render(
      createElement(component as (p: MeetingProps) => null, {
        ...props,
        onLeave: () => {
          m.left += 1
        },
        onError: (message: string) => {
          m.errors.push(message)
        },
        onSessionEnded: () => {
          m.sessionEnded += 1
        },
      }),
    ),
  )
  mounted.push(m)
  return m
}

afterEach(() => {
  for (const m of mounted.splice(0)) m.unmount()
})

const webrtcMeeting = (sessionId: number): MeetingData => ({
  provider: 'webrtc',
  zak_token: null,
  personal_id: String(sessionId),
  meeting_password: null,
  email: null,
  signature: null,
})

/** An ongoing built-in-call session of the seeded expert, and where the reference server is. */
interface CallSetup {
  expert: SignedIn
  sessionId: number
  apiBase: string
  apiKey: string
}

async function callSetup(): Promise<CallSetup> {
  const { apiBase, apiKey } = await platform()
  const expert = await signIn('dev-consultant')
  const session = await addDevSession(-2, { state: 'ongoing', meeting_provider: 'webrtc' })
  return { expert, sessionId: session.id, apiBase, apiKey }
}

/** The built-in call's props for one person of the set-up session; the expert is the meeting's host. */
function callProps(
  setup: CallSetup,
  lang: 'ar' | 'en',
  person: Pick<SignedIn, 'token' | 'name'>,
  host: boolean,
): Omit<MeetingProps, 'onLeave' | 'onError' | 'onSessionEnded'> {
  const { apiBase, apiKey, sessionId } = setup
  return {
    config: { apiBase, apiKey, lang },
    client: createWidgetClient({ apiBase, apiKey, lang }, () => person.token),
    token: person.token,
    sessionId,
    meeting: webrtcMeeting(sessionId),
    signature: null,
    host,
    displayName: person.name,
  }
}

/** Mounts the expert's call (host) in the given language. */
function mountExpertCall(setup: CallSetup, lang: 'ar' | 'en'): Mounted {
  return mount(WebRtcCall, callProps(setup, lang, setup.expert, true))
}

/** Opens the expert's call (Arabic), then the business owner's (English), and waits until both connect. */
async function connectExpertAndOwner(setup: CallSetup, owner: SignedIn): Promise<{ a: Mounted; b: Mounted }> {
  const a = mountExpertCall(setup, 'ar')
  await waitFor(() => state(a) === 'waiting')
  const b = mount(WebRtcCall, callProps(setup, 'en', owner, false))
  await waitFor(() => state(a) === 'connected' && state(b) === 'connected', 15_000)
  return { a, b }
}

/** Ends the session as its expert, over HTTP like the room's end button (forced: before its end). */
async function endSession(sessionId: number, expert: SignedIn): Promise<void> {
  expect(await forceEndAsExpert(await platform(), sessionId, expert.token)).to.equal(200)
}

/** Records every RTCPeerConnection made until `restore()`. */
function recordConnections() {
  const Native = window.RTCPeerConnection
  const made: RTCPeerConnection[] = []
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config)
      made.push(this)
    }
  } as typeof RTCPeerConnection
  return {
    made,
    restore: () => {
      window.RTCPeerConnection = Native
    },
  }
}

/** The realtime token of a signed-in person (`GET /firebase/auth`), as the call fetches it. */
async function realtimeToken(apiBase: string, apiKey: string, token: string): Promise<string> {
  const client = createWidgetClient({ apiBase, apiKey, lang: 'ar' }, () => token)
  return (await getChatToken(client)).data.payload
}

const q = (m: Mounted, selector: string) => m.shadow.querySelector(selector) as HTMLElement
const state = (m: Mounted) => q(m, '.m-call')?.dataset.state
const button = (m: Mounted, name: string) =>
  [...m.shadow.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement

// ------------------------------------------------------------------------------------------- WebRTC

describe('webrtc-call', () => {
  it('shows a labelled, accessible call in Arabic, waiting for the other person', async () => {
    const setup = await callSetup()
    const m = mountExpertCall(setup, 'ar')
    expect(state(m)).to.equal('starting')
    expect(q(m, '[role=status]').textContent).to.equal('جارٍ تشغيل الكاميرا والميكروفون…')
    await expectAccessible(m.host, 'starting')
    await waitFor(() => state(m) === 'waiting')
    const base = q(m, '[part=call]')
    expect(base.getAttribute('dir')).to.equal('rtl')
    expect(base.getAttribute('lang')).to.equal('ar')
    expect(q(m, '[role=status]').textContent).to.equal('بانتظار انضمام الطرف الآخر…')
    expect(q(m, 'fieldset').getAttribute('aria-label')).to.equal('أدوات التحكم في المكالمة')
    expect(q(m, '.m-call-remote').getAttribute('aria-label')).to.equal('صورة الطرف الآخر')
    const preview = q(m, '.m-call-local') as HTMLVideoElement
    expect(preview.muted).to.equal(true)
    expect(getComputedStyle(preview).transform).to.contain('matrix(-1')
    await expectAccessible(m.host, 'waiting')
    expect(m.errors).to.deep.equal([])
  })

  it('toggles microphone and camera by keyboard, and leaving stops every track', async () => {
    const setup = await callSetup()
    const m = mountExpertCall(setup, 'en')
    await waitFor(() => state(m) === 'waiting')
    expect(q(m, '[part=call]').getAttribute('dir')).to.equal('ltr')
    expect(q(m, '[role=status]').textContent).to.equal('Waiting for the other participant to join…')
    const mute = button(m, 'Mute microphone')
    const camera = button(m, 'Turn camera off')
    const stream = (q(m, '.m-call-local') as HTMLVideoElement).srcObject as MediaStream
    expect(stream.getTracks()).to.have.length(2)
    mute.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => mute.getAttribute('aria-pressed') === 'true')
    expect(stream.getAudioTracks()[0]?.enabled).to.equal(false)
    await sendKeys({ press: 'Tab' })
    expect(m.shadow.activeElement).to.equal(camera)
    await sendKeys({ press: 'Space' })
    await waitFor(() => camera.getAttribute('aria-pressed') === 'true')
    expect(stream.getVideoTracks()[0]?.enabled).to.equal(false)
    await expectAccessible(m.host, 'muted, camera off')
    await sendKeys({ press: 'Tab' })
    const leave = button(m, 'Leave the call')
    expect(m.shadow.activeElement).to.equal(leave)
    await sendKeys({ press: 'Enter' })
    await waitFor(() => m.left === 1)
    expect(stream.getTracks().map((t) => t.readyState)).to.deep.equal(['ended', 'ended'])
  })

  it('connects the expert and the business owner through the real realtime socket', async () => {
    const setup = await callSetup()
    const owner = await signIn('dev-sme')
    const { a, b } = await connectExpertAndOwner(setup, owner)
    await waitFor(() => (q(b, '.m-call-remote') as HTMLVideoElement).videoWidth > 0, 10_000)
    await expectAccessible(b.host, 'connected')
    button(b, 'Leave the call').click()
    await waitFor(() => state(a) === 'left')
    expect(q(a, '[role=status]').textContent).to.equal(
      'غادر الطرف الآخر الاجتماع. يمكنك انتظار عودته أو المغادرة.',
    )
    await expectAccessible(a.host, 'the other left')
  })

  it('ends the call for both people when the expert ends the session, and says so', async () => {
    const setup = await callSetup()
    const { expert, sessionId } = setup
    const owner = await signIn('dev-sme')
    const connections = recordConnections()
    try {
      const { a, b } = await connectExpertAndOwner(setup, owner)
      const streams = [a, b].map((m) => (q(m, '.m-call-local') as HTMLVideoElement).srcObject as MediaStream)
      expect(streams.flatMap((s) => s.getTracks().map((t) => t.readyState))).to.deep.equal([
        'live',
        'live',
        'live',
        'live',
      ])

      // Nobody presses leave: the session's end, heard on each side's socket, closes both calls.
      await endSession(sessionId, expert)
      await waitFor(() => state(a) === 'ended' && state(b) === 'ended')
      expect(streams.flatMap((s) => s.getTracks().map((t) => t.readyState))).to.deep.equal([
        'ended',
        'ended',
        'ended',
        'ended',
      ])
      expect(connections.made.length).to.be.greaterThan(1)
      expect(connections.made.map((c) => c.signalingState)).to.deep.equal(
        connections.made.map(() => 'closed'),
      )
      expect(q(a, '[role=status]').textContent).to.equal('انتهت الجلسة، ويمكنك الآن كتابة التوصيات.')
      expect(q(b, '[role=status]').textContent).to.equal(
        'The session has ended; the expert is writing your recommendations.',
      )
      expect(button(b, 'Mute microphone').disabled).to.equal(true)
      expect(button(b, 'Turn camera off').disabled).to.equal(true)
      expect([a.sessionEnded, b.sessionEnded, a.left, b.left]).to.deep.equal([1, 1, 0, 0])
      expect([...a.errors, ...b.errors]).to.deep.equal([])
      await expectAccessible(b.host, 'session ended')
    } finally {
      connections.restore()
    }
  })

  it('stays ended once the session is over: its armed watchdog makes no new connection', async () => {
    const setup = await callSetup()
    const { expert, sessionId, apiBase, apiKey } = setup
    const owner = await signIn('dev-sme')
    const connections = recordConnections()
    // The expert's side is a bare socket that says hello and never answers: the business owner's call
    // waits in `joining`, its watchdog armed to start the handshake again after `retryMs`.
    const bare = createWebSocketRealtime({ url: realtimeUrlFor(apiBase), apiKey })
    const states: CallState[] = []
    const failures: string[] = []
    let local: MediaStream | null = null
    let ended = 0
    const call = new PeerCall({
      realtimeUrl: realtimeUrlFor(apiBase),
      apiKey,
      realtimeToken: () => realtimeToken(apiBase, apiKey, owner.token),
      sessionId,
      polite: true,
      retryMs: 1000,
      onState: (next) => states.push(next),
      onLocalStream: (stream) => {
        local = stream
      },
      onRemoteStream: () => {},
      onFailure: (failure) => failures.push(failure),
      onSessionEnded: () => {
        ended += 1
      },
    })
    try {
      await bare.signIn(await realtimeToken(apiBase, apiKey, expert.token))
      await call.start()
      expect(states.at(-1)).to.equal('waiting')
      bare.sendSignal(sessionId, { kind: 'hello', from: 'bare-expert' })
      await waitFor(() => states.at(-1) === 'joining')

      await endSession(sessionId, expert)
      await waitFor(() => ended === 1)
      expect(states.at(-1)).to.equal('ended')
      expect(call.connection).to.equal(null)
      const made = connections.made.length
      expect(connections.made.every((c) => c.signalingState === 'closed')).to.equal(true)
      expect((local as MediaStream | null)?.getTracks().map((t) => t.readyState)).to.deep.equal([
        'ended',
        'ended',
      ])
      const seen = states.length
      // Past the moment the armed watchdog would have fired: nothing may happen, so only time can tell.
      await sleep(1500)
      expect(connections.made.length).to.equal(made)
      expect(states.length).to.equal(seen)
      call.sessionEnded()
      call.leave()
      expect(ended).to.equal(1)
      expect(failures).to.deep.equal([])
    } finally {
      call.leave()
      await bare.signOut()
      connections.restore()
    }
  })

  it('reports a refused camera with the catalog message', async () => {
    const setup = await callSetup()
    const media = navigator.mediaDevices
    const original = media.getUserMedia
    // The browser's permission prompt cannot be answered "no" from a test; its rejection can be reproduced.
    media.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    try {
      const m = mountExpertCall(setup, 'ar')
      await waitFor(() => m.errors.length === 1)
      expect(m.errors[0]).to.equal(
        'لم يُسمح بالوصول إلى الكاميرا أو الميكروفون. اسمح بهما من إعدادات المتصفح ثم انضم مرة أخرى.',
      )
      await expectAccessible(m.host, 'camera refused')
    } finally {
      media.getUserMedia = original
    }
  })

  it('reports a realtime sign-in that fails (a revoked token) as a signalling failure', async () => {
    const setup = await callSetup()
    const m = mount(WebRtcCall, callProps(setup, 'en', { token: 'not-a-token', name: 'x' }, false))
    await waitFor(() => m.errors.length === 1)
    expect(m.errors[0]).to.equal("Couldn't reach the meeting server. Check your connection, then join again.")
  })

  it('keeps hostile page CSS out of the call', async () => {
    const setup = await callSetup()
    const style = document.createElement('style')
    style.textContent = 'button, video { display: none !important } p { color: rgb(255, 0, 0) !important }'
    document.head.append(style)
    try {
      const m = mountExpertCall(setup, 'ar')
      await waitFor(() => state(m) === 'waiting')
      expect(button(m, 'مغادرة المكالمة').offsetWidth).to.be.greaterThan(0)
      expect(q(m, '.m-call-remote').offsetWidth).to.be.greaterThan(0)
      expect(getComputedStyle(q(m, '[role=status]')).color).not.to.equal('rgb(255, 0, 0)')
    } finally {
      style.remove()
    }
  })

  it('finds the realtime socket beside the API, relative or absolute', () => {
    expect(realtimeUrlFor('/api', 'http://a.test/page')).to.equal('http://a.test/api/realtime')
    expect(realtimeUrlFor('https://b.test/api/', 'http://a.test/')).to.equal('https://b.test/api/realtime')
  })
})

// ------------------------------------------------------------------------------------------- Zoom

const zoomMeeting: MeetingData = {
  provider: 'zoom',
  zak_token: 'zak-secret',
  personal_id: '123456789',
  meeting_password: 'pw',
  email: 'expert@example.test',
  signature: null,
}
const zoomSignature: MeetingSignature = {
  signature: 'jwt.sig.nature',
  sdk_key: 'sdk-key',
  meeting: zoomMeeting,
}

/**
 * Mounts the Zoom frame for session 1 with a relative API base: the platform is this page's origin, so a
 * real frame of it can stand in for the Zoom page.
 */
function mountZoom(
  lang: 'ar' | 'en',
  signature: MeetingSignature | null,
  host: boolean,
  displayName: string,
) {
  return mount(ZoomFrame, {
    config: { apiBase: '/api', apiKey: 'k', lang },
    client: createWidgetClient({ apiBase: '/api', apiKey: 'k', lang }, () => 't'),
    token: 't',
    sessionId: 1,
    meeting: zoomMeeting,
    signature,
    host,
    displayName,
  })
}

/** Runs `code` inside a frame's own realm, so its postMessage has that frame as `source`. */
function runInFrame(frame: HTMLIFrameElement, code: string): void {
  const doc = frame.contentDocument as Document
  const script = doc.createElement('script')
  script.textContent = code
  doc.documentElement.append(script)
}

describe('zoom-frame', () => {
  it('accepts only the protocol from the frame window of the platform origin', () => {
    const source = {}
    const ok = { origin: 'https://p.test', source, data: { type: 'mashura:zoom-left' } }
    const expected = { origin: 'https://p.test', source }
    expect(zoomPageMessage(ok, expected)).to.deep.equal({ type: 'mashura:zoom-left' })
    expect(zoomPageMessage({ ...ok, origin: 'https://evil.test' }, expected)).to.equal(null)
    expect(zoomPageMessage({ ...ok, source: {} }, expected)).to.equal(null)
    expect(zoomPageMessage({ ...ok, data: { type: 'mashura:zoom-join' } }, expected)).to.equal(null)
    expect(zoomPageMessage({ ...ok, data: 'mashura:zoom-left' }, expected)).to.equal(null)
    expect(zoomPageMessage(ok, { origin: 'https://p.test', source: null })).to.equal(null)
    expect(platformOrigin('/api', 'https://host.test/x')).to.equal('https://host.test')
    expect(platformOrigin('https://api.test:8443/api', 'https://host.test/x')).to.equal(
      'https://api.test:8443',
    )
  })

  it('gives the ZAK to the host only', () => {
    const base = {
      meeting: zoomMeeting,
      signature: zoomSignature,
      displayName: 'N',
      config: { apiBase: '/api', apiKey: 'k', lang: 'ar' as const },
    }
    expect(joinMessage({ ...base, host: true })?.zak).to.equal('zak-secret')
    expect(joinMessage({ ...base, host: false })?.zak).to.equal(undefined)
    expect(joinMessage({ ...base, host: true, signature: null })).to.equal(null)
    // The server hands the host's ZAK with the host's signature; the session's own data has none.
    const fromServer = {
      ...base,
      meeting: { ...zoomMeeting, zak_token: null },
      signature: { ...zoomSignature, meeting: { ...zoomMeeting, zak_token: 'zak-from-signature' } },
    }
    expect(joinMessage({ ...fromServer, host: true })?.zak).to.equal('zak-from-signature')
    expect(joinMessage({ ...fromServer, host: false })?.zak).to.equal(undefined)
  })

  it('sends the join to its own frame once ready, and ignores messages from anyone else', async () => {
    const m = mountZoom('ar', zoomSignature, true, 'خبير')
    const frame = q(m, 'iframe') as HTMLIFrameElement
    expect(frame.getAttribute('src')).to.equal(`${location.origin}/widgets/zoom/`)
    expect(frame.getAttribute('allow')).to.equal('camera; microphone; display-capture; fullscreen')
    expect(frame.title).to.equal('اجتماع زووم')
    expect(q(m, '[part=zoom]').getAttribute('dir')).to.equal('rtl')
    expect(q(m, '[part=zoom-status]').textContent).to.equal('جارٍ تحميل اجتماع زووم…')
    await waitFor(
      () =>
        frame.contentDocument?.readyState === 'complete' &&
        frame.contentWindow?.location.href !== 'about:blank',
    )
    await expectAccessible(m.host, 'zoom loading')
    runInFrame(
      frame,
      "window.received = []; addEventListener('message', (e) => received.push({ origin: e.origin, data: e.data }))",
    )
    const received = () =>
      (frame.contentWindow as unknown as { received: { origin: string; data: ZoomJoinMessage }[] }).received

    // The host page itself (right origin, wrong window) and a frame of another origin are ignored.
    window.postMessage({ type: 'mashura:zoom-ready' }, '*')
    window.postMessage({ type: 'mashura:zoom-left' }, '*')
    const stranger = document.createElement('iframe')
    stranger.setAttribute('sandbox', 'allow-scripts')
    stranger.srcdoc =
      "<script>parent.postMessage({type:'mashura:zoom-ready'},'*');parent.postMessage({type:'mashura:zoom-left'},'*');parent.postMessage({type:'mashura:zoom-error'},'*')</script>"
    document.body.append(stranger)
    await sleep(300)
    stranger.remove()
    expect(received()).to.deep.equal([])
    expect(m.left).to.equal(0)
    expect(m.errors).to.deep.equal([])

    // The frame's own window: ready gets the join, to the platform origin.
    runInFrame(frame, "parent.postMessage({ type: 'mashura:zoom-ready' }, '*')")
    await waitFor(() => received().length === 1)
    expect(received()[0]).to.deep.equal({
      origin: location.origin,
      data: {
        type: 'mashura:zoom-join',
        signature: 'jwt.sig.nature',
        sdkKey: 'sdk-key',
        meetingNumber: '123456789',
        password: 'pw',
        userName: 'خبير',
        userEmail: 'expert@example.test',
        lang: 'ar',
        zak: 'zak-secret',
      },
    })
    runInFrame(frame, "parent.postMessage({ type: 'mashura:zoom-joined' }, '*')")
    await waitFor(() => q(m, '[part=zoom-status]').textContent === 'انضممت إلى اجتماع زووم.')
    expect(m.shadow.querySelector('[part=skeleton]')).to.equal(null)
    await expectAccessible(m.host, 'zoom joined')
    runInFrame(frame, "parent.postMessage({ type: 'mashura:zoom-error', reason: 'x' }, '*')")
    await waitFor(() => m.errors.length === 1)
    expect(m.errors[0]).to.equal('تعذّر الانضمام إلى اجتماع زووم. حاول مرة أخرى.')
    runInFrame(frame, "parent.postMessage({ type: 'mashura:zoom-left' }, '*')")
    await waitFor(() => m.left === 1)
  })

  it('says so in English when the signature is missing, and shows no frame', async () => {
    const m = mountZoom('en', null, false, 'Owner')
    await waitFor(() => m.errors.length === 1)
    expect(m.errors[0]).to.equal("This meeting's join signature is missing. Try again.")
    expect(m.shadow.querySelector('iframe')).to.equal(null)
  })
})

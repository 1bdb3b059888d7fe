/**
 * The 1:1 WebRTC call behind `webrtc-call.tsx`, without React: the local media, one `RTCPeerConnection`
 * and the signalling over core's realtime socket. Negotiation follows the "perfect negotiation" pattern
 * (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example): the business owner is polite (rolls
 * back its own offer when offers collide), the expert impolite. On top of it, a hello/ready handshake:
 * each side says `hello` when it joins; whoever is already there answers `ready`, and the one that hears
 * `ready` (the one that joined second) makes the offer. A `bye` says the other side left; its next `hello`
 * starts a fresh connection, so leaving and rejoining works any number of times.
 *
 * Every join has its own random id: signals carry `from` (and `to` when meant for one join), so messages
 * of a join that has already left, or of a second tab of the same person, never reach the connection
 * made with another. Signalling is not guaranteed (a socket can drop a message), so a watchdog starts the
 * handshake again when the two sides know each other but no media flows for a while (`retryMs`, growing
 * with each try); either side's watchdog is enough to heal the call.
 *
 * The call also follows its session on the same socket (the realtime `sessions` topic): once the session
 * is over (the expert ended it, or it was cancelled or the business owner marked absent), each side ends
 * its own call as if it had left, whatever state the call was in, and says so through `onSessionEnded`.
 * An ended call stays ended: no watchdog, signal or ICE restart makes a connection again.
 *
 * The STUN and TURN servers come from the platform (`iceConfig`: `GET /schedule/webrtc/ice-servers/{id}`,
 * TURN credentials made for this person), unless the embedder names its own in `iceServers`. With none,
 * host candidates connect two browsers on one machine or LAN; across the internet a call needs STUN, and
 * behind strict firewalls TURN (the platform's `STUN_URLS`, `TURN_URLS`, `TURN_SECRET`). When the platform
 * asks for `relay`, media flows only through TURN and neither side learns the other's address.
 */
import {
  createWebSocketRealtime,
  type MeetingSignal,
  type SessionChange,
  type SessionState,
  type WebSocketRealtime,
} from '@mashura/core'

/** Where the call is, as the status line says it. */
export type CallState =
  | 'starting'
  | 'connecting'
  | 'waiting'
  | 'joining'
  | 'connected'
  | 'left'
  | 'reconnecting'
  | 'ended'

/** The ICE part of `RTCConfiguration` a call runs with. */
export interface IceSettings {
  iceServers: RTCIceServer[]
  iceTransportPolicy: RTCIceTransportPolicy
}

/** Why a call could not start. */
export type CallFailure = 'permissionDenied' | 'noDevice' | 'unsupported' | 'signallingFailed'

/** The signalling messages the two sides exchange (the `payload` of a realtime signal). */
export type CallSignal =
  | { kind: 'hello'; from: string }
  | { kind: 'ready'; from: string; to: string }
  | { kind: 'bye'; from: string }
  | { kind: 'description'; from: string; to: string; description: RTCSessionDescriptionInit }
  | { kind: 'candidate'; from: string; to: string; candidate: RTCIceCandidateInit | null }

/** A signal before its `from` is filled in. */
type OutgoingSignal = CallSignal extends infer S ? (S extends CallSignal ? Omit<S, 'from'> : never) : never

/** What a {@link PeerCall} needs. */
export interface PeerCallOptions {
  /** The realtime socket's address (`…/api/realtime`). */
  realtimeUrl: string
  /** The embedding site's API key. */
  apiKey: string
  /** Fetches a fresh realtime token (`GET /firebase/auth`). */
  realtimeToken(): Promise<string>
  /** The session both sides are in. */
  sessionId: number
  /** Whether this side gives way when offers collide (the business owner). */
  polite: boolean
  /** STUN/TURN servers chosen by the embedder; when set, the platform's are not asked for. */
  iceServers?: RTCIceServer[] | undefined
  /** Fetches the platform's servers and transport policy; a failure leaves host candidates only. */
  iceConfig?: (() => Promise<IceSettings>) | undefined
  /** How long the two sides may know each other without media before the handshake starts again. */
  retryMs?: number | undefined
  /** Called on every change of state. */
  onState(state: CallState): void
  /** Called with the local camera and microphone once they run. */
  onLocalStream(stream: MediaStream): void
  /** Called with the other side's media, or null when they left. */
  onRemoteStream(stream: MediaStream | null): void
  /** Called once when the call cannot start. */
  onFailure(failure: CallFailure): void
  /** Called once when the call ended because its session is over (see {@link PeerCall.sessionEnded}). */
  onSessionEnded?: (() => void) | undefined
}

/** The session states in which a call has no business running any more. */
const OVER: ReadonlySet<SessionState> = new Set<SessionState>(['ended', 'cancelled', 'sme_absent'])

/** Whether a change the realtime store tells of means this session is over. */
export function sessionIsOver(change: Pick<SessionChange, 'state'>): boolean {
  return OVER.has(change.state as SessionState)
}

function isCallSignal(value: unknown): value is CallSignal {
  if (typeof value !== 'object' || value === null) return false
  const { kind, from } = value as Partial<CallSignal>
  return typeof kind === 'string' && typeof from === 'string'
}

/** A join's id: random enough to tell two joins of one session apart (not a secret). */
function joinId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

/** The default of {@link PeerCallOptions.retryMs}. */
export const CALL_RETRY_MS = 12_000

/** Maps a `getUserMedia` failure to what the person is told. */
export function mediaFailure(error: unknown): CallFailure {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permissionDenied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'noDevice'
  return 'unsupported'
}

/** One side of a 1:1 call; `start()` once, `leave()` once. */
export class PeerCall {
  readonly #options: PeerCallOptions
  #realtime: WebSocketRealtime | null = null
  #local: MediaStream | null = null
  #pc: RTCPeerConnection | null = null
  #remote: MediaStream | null = null
  #stopSignals: (() => void) | null = null
  #stopSessions: (() => void) | null = null
  #makingOffer = false
  #ignoreOffer = false
  /** Only the side that joined second offers first; later renegotiations may come from either. */
  #mayOffer = false
  /** Candidates that arrived before the description they belong to. */
  #pendingCandidates: RTCIceCandidateInit[] = []
  #state: CallState = 'starting'
  #closed = false
  /** This join's id, and the other side's join the connection is made with (null until one answers). */
  readonly #id = joinId()
  #peer: string | null = null
  #watchdog: ReturnType<typeof setTimeout> | null = null
  #retries = 0
  #ice: IceSettings = { iceServers: [], iceTransportPolicy: 'all' }

  constructor(options: PeerCallOptions) {
    this.#options = options
  }

  /** The peer connection, for tests and diagnostics. */
  get connection(): RTCPeerConnection | null {
    return this.#pc
  }

  /** Turns the camera, the socket and the connection on, and says hello. */
  async start(): Promise<void> {
    const media = globalThis.navigator?.mediaDevices
    if (!media?.getUserMedia || typeof RTCPeerConnection === 'undefined') {
      this.#fail('unsupported')
      return
    }
    try {
      this.#local = await media.getUserMedia({ audio: true, video: true })
    } catch (error) {
      this.#fail(mediaFailure(error))
      return
    }
    if (this.#closed) {
      this.#stopLocal()
      return
    }
    this.#options.onLocalStream(this.#local)
    this.#setState('connecting')
    this.#ice = await this.#iceSettings()
    if (this.#closed) return
    try {
      const token = await this.#options.realtimeToken()
      // Left meanwhile: a socket made now would outlive the call (leave() has signed out already).
      if (this.#closed) return
      const realtime = createWebSocketRealtime({
        url: this.#options.realtimeUrl,
        apiKey: this.#options.apiKey,
        // A call that outlives its first token (10 minutes) reconnects with a new one after a drop.
        freshToken: () => this.#options.realtimeToken(),
      })
      this.#realtime = realtime
      this.#stopSignals = realtime.onSignal((signal) => {
        this.#onSignal(signal).catch(() => this.#setState('reconnecting'))
      })
      await realtime.signIn(token)
      if (this.#closed) return
      // Watched only once signed in (the store refuses listeners before); changes come after this moment.
      this.#stopSessions = realtime.watchSessions((change) => {
        if (change.id === this.#options.sessionId && sessionIsOver(change)) this.sessionEnded()
      })
    } catch {
      this.#fail('signallingFailed')
      return
    }
    if (this.#closed) return
    // A closed tab or a navigation never unmounts React: say goodbye on the way out all the same.
    globalThis.addEventListener?.('pagehide', this.#onPageHide)
    // The other side may have said hello already (and been answered): then the handshake is under way.
    if (this.#peer) return
    this.#newConnection()
    this.#setState('waiting')
    this.#send({ kind: 'hello' })
  }

  /** The embedder's servers, else the platform's; host candidates alone when the platform cannot say. */
  async #iceSettings(): Promise<IceSettings> {
    const { iceServers, iceConfig } = this.#options
    if (iceServers?.length || !iceConfig) return { iceServers: iceServers ?? [], iceTransportPolicy: 'all' }
    try {
      return await iceConfig()
    } catch (error) {
      console.warn(
        'mashura: no STUN/TURN servers from the platform; the call tries host candidates only',
        error,
      )
      return { iceServers: [], iceTransportPolicy: 'all' }
    }
  }

  /** Mutes or unmutes the microphone (the track keeps running, so unmuting is instant). */
  setMicrophone(on: boolean): void {
    for (const track of this.#local?.getAudioTracks() ?? []) track.enabled = on
  }

  /** Turns the camera's picture off or on; the other side sees black frames meanwhile. */
  setCamera(on: boolean): void {
    for (const track of this.#local?.getVideoTracks() ?? []) track.enabled = on
  }

  /**
   * Says goodbye, stops every track, closes the connection and the socket. Final: nothing brings this
   * call back (its watchdog, a late signal or an ICE restart find it closed); a new join is a new call.
   */
  leave(): void {
    if (this.#closed) return
    this.#closed = true
    globalThis.removeEventListener?.('pagehide', this.#onPageHide)
    try {
      if (this.#realtime?.isSignedIn()) this.#send({ kind: 'bye' })
    } catch {
      // Leaving must not fail because the socket is already down.
    }
    this.#stopSignals?.()
    this.#stopSessions?.()
    this.#disarm()
    this.#closeConnection()
    this.#stopLocal()
    void this.#realtime?.signOut()
    this.#realtime = null
    this.#setState('ended')
  }

  /**
   * Ends the call because its session is over: everything {@link leave} does, then `onSessionEnded`,
   * once. The call hears of it on its own socket; a host that learned it first may call this too.
   */
  sessionEnded(): void {
    if (this.#closed) return
    this.leave()
    this.#options.onSessionEnded?.()
  }

  readonly #onPageHide = (): void => this.leave()

  #fail(failure: CallFailure): void {
    // A call already left or ended has nothing to report: its sign-in was cut short on purpose.
    if (this.#closed) return
    this.#options.onFailure(failure)
    this.leave()
  }

  #setState(state: CallState): void {
    if (this.#state === state || this.#state === 'ended') return
    this.#state = state
    this.#options.onState(state)
    if (state === 'connected') {
      this.#retries = 0
      this.#disarm()
    } else if (state === 'joining' || state === 'reconnecting') this.#arm()
  }

  #send(signal: OutgoingSignal): void {
    if (!this.#realtime) return
    try {
      this.#realtime.sendSignal(this.#options.sessionId, { ...signal, from: this.#id })
    } catch {
      // A socket that is down: the watchdog starts the handshake again once it is back.
    }
  }

  /** Starts the watchdog unless it runs already: media must flow before it fires. */
  #arm(): void {
    if (this.#watchdog || this.#closed) return
    const delay = (this.#options.retryMs ?? CALL_RETRY_MS) * Math.min(this.#retries + 1, 3)
    this.#watchdog = setTimeout(() => {
      this.#watchdog = null
      if (this.#closed || this.#state === 'connected') return
      // Something was lost on the way: forget the other join and say hello again; they answer afresh.
      this.#retries++
      this.#peer = null
      this.#newConnection()
      this.#setState('waiting')
      this.#send({ kind: 'hello' })
    }, delay)
  }

  #disarm(): void {
    if (this.#watchdog) clearTimeout(this.#watchdog)
    this.#watchdog = null
  }

  #stopLocal(): void {
    for (const track of this.#local?.getTracks() ?? []) track.stop()
  }

  #closeConnection(): void {
    const pc = this.#pc
    this.#pc = null
    if (pc) {
      pc.onicecandidate = pc.ontrack = pc.onnegotiationneeded = pc.onconnectionstatechange = null
      pc.close()
    }
    if (this.#remote) {
      this.#remote = null
      this.#options.onRemoteStream(null)
    }
  }

  /** A fresh connection carrying the local tracks, waiting for the other side. */
  #newConnection(): RTCPeerConnection {
    this.#closeConnection()
    this.#makingOffer = false
    this.#ignoreOffer = false
    this.#mayOffer = false
    this.#pendingCandidates = []
    const pc = new RTCPeerConnection({ ...this.#ice })
    this.#pc = pc
    for (const track of this.#local?.getTracks() ?? []) if (this.#local) pc.addTrack(track, this.#local)
    pc.onicecandidate = ({ candidate }) => {
      if (this.#pc === pc && this.#peer)
        this.#send({ kind: 'candidate', to: this.#peer, candidate: candidate?.toJSON() ?? null })
    }
    pc.ontrack = ({ track, streams }) => {
      if (this.#pc !== pc) return
      const stream = streams[0] ?? this.#remote ?? new MediaStream()
      if (!stream.getTracks().includes(track)) stream.addTrack(track)
      this.#remote = stream
      this.#options.onRemoteStream(stream)
    }
    pc.onnegotiationneeded = () => {
      // The handshake's own offer may be on its way already.
      if (this.#mayOffer && !this.#makingOffer && pc.signalingState === 'stable') this.#offerSoon(pc)
    }
    pc.onconnectionstatechange = () => {
      if (this.#pc !== pc) return
      if (pc.connectionState === 'connected') this.#setState('connected')
      else if (pc.connectionState === 'disconnected') this.#setState('reconnecting')
      else if (pc.connectionState === 'failed') {
        this.#setState('reconnecting')
        // An ICE restart renegotiates from whichever side may offer.
        pc.restartIce()
      }
    }
    return pc
  }

  /** Makes and sends an offer; a failure leaves the call to the watchdog. */
  #offerSoon(pc: RTCPeerConnection): void {
    this.#offer(pc).catch(() => this.#setState('reconnecting'))
  }

  async #offer(pc: RTCPeerConnection): Promise<void> {
    try {
      this.#makingOffer = true
      await pc.setLocalDescription()
      if (this.#pc === pc && this.#peer && pc.localDescription)
        this.#send({ kind: 'description', to: this.#peer, description: pc.localDescription.toJSON() })
    } finally {
      this.#makingOffer = false
    }
  }

  async #onSignal({ sessionId, payload }: MeetingSignal): Promise<void> {
    if (this.#closed || sessionId !== this.#options.sessionId || !isCallSignal(payload)) return
    const { from } = payload
    if (from === this.#id) return
    switch (payload.kind) {
      case 'hello': {
        // The other side (re)joined: whatever we had with anyone is gone; they will offer.
        this.#peer = from
        this.#newConnection()
        this.#setState('joining')
        this.#arm()
        this.#send({ kind: 'ready', to: from })
        return
      }
      case 'ready': {
        if (payload.to !== this.#id) return
        // A fresh connection for a join other than the one this one was made for.
        if (this.#peer !== from) {
          if (this.#peer !== null || this.#pc?.remoteDescription) this.#newConnection()
          this.#peer = from
        }
        const pc = this.#pc
        if (!pc) return
        this.#setState('joining')
        this.#arm()
        this.#mayOffer = true
        if (!this.#makingOffer && pc.signalingState === 'stable') await this.#offer(pc)
        return
      }
      case 'bye': {
        if (from !== this.#peer) return
        this.#peer = null
        this.#disarm()
        this.#newConnection()
        this.#setState('left')
        return
      }
      case 'description':
        if (payload.to === this.#id && from === this.#peer) await this.#onDescription(payload.description)
        return
      case 'candidate':
        if (payload.to === this.#id && from === this.#peer) await this.#onCandidate(payload.candidate)
        return
    }
  }

  async #onDescription(description: RTCSessionDescriptionInit): Promise<void> {
    const pc = this.#pc
    if (!pc) return
    const collision = description.type === 'offer' && (this.#makingOffer || pc.signalingState !== 'stable')
    this.#ignoreOffer = !this.#options.polite && collision
    if (this.#ignoreOffer) return
    // Setting a remote offer while we have our own rolls ours back (the polite side's part).
    await pc.setRemoteDescription(description)
    if (description.type === 'offer') {
      await pc.setLocalDescription()
      if (this.#pc === pc && this.#peer && pc.localDescription)
        this.#send({ kind: 'description', to: this.#peer, description: pc.localDescription.toJSON() })
    }
    // Once an offer/answer went through, either side may renegotiate (an ICE restart, say).
    this.#mayOffer = true
    for (const candidate of this.#pendingCandidates.splice(0)) await this.#addCandidate(pc, candidate)
  }

  async #onCandidate(candidate: RTCIceCandidateInit | null): Promise<void> {
    const pc = this.#pc
    if (!pc || candidate === null) return
    if (!pc.remoteDescription) {
      this.#pendingCandidates.push(candidate)
      return
    }
    await this.#addCandidate(pc, candidate)
  }

  async #addCandidate(pc: RTCPeerConnection, candidate: RTCIceCandidateInit): Promise<void> {
    try {
      await pc.addIceCandidate(candidate)
    } catch (error) {
      // Candidates of an offer we ignored are expected to fail.
      if (!this.#ignoreOffer) throw error
    }
  }
}

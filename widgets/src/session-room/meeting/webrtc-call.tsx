/**
 * The built-in 1:1 video call of `<session-room>`: the expert and the business owner, signalled through
 * core's realtime socket (see `peer-call.ts` for the negotiation and why there is no TURN by default).
 */
import { type MessageKey, sessionRoomMessages } from '@mashura/core'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { sheetFor } from '../../shared/styles.ts'
import { useTranslator } from '../../shared/use-translator.ts'
import type { CallFailure, CallState } from './peer-call.ts'
import type { MeetingProps } from './provider.ts'
import { usePeerCall } from './use-peer-call.ts'
import css from './webrtc-call.css?inline'

type CallKey = keyof (typeof sessionRoomMessages)['ar'] | MessageKey

const STATUS: Record<Exclude<CallState, 'ended'>, CallKey> = {
  starting: 'sessionRoom.call.starting',
  connecting: 'sessionRoom.call.connecting',
  waiting: 'meeting.waiting',
  joining: 'sessionRoom.call.joining',
  connected: 'sessionRoom.call.connected',
  left: 'sessionRoom.call.left',
  reconnecting: 'sessionRoom.call.reconnecting',
}

const FAILURE: Record<CallFailure, CallKey> = {
  permissionDenied: 'sessionRoom.call.permissionDenied',
  noDevice: 'sessionRoom.call.noDevice',
  unsupported: 'sessionRoom.call.unsupported',
  signallingFailed: 'sessionRoom.call.signallingFailed',
}

/**
 * Adopts the call's sheet into whatever root renders it: the room's shadow root, or the document when the
 * component is used on its own (the sheet carries fallbacks for the theme tokens).
 */
function useCallStyles(ref: React.RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode() as (Document | ShadowRoot) | undefined
    if (!root || !('adoptedStyleSheets' in root)) return
    const sheet = sheetFor('webrtc-call', css)
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  }, [ref])
}

/** Shows a stream in a `<video>`; React has no attribute for `srcObject`. */
function useStream(stream: MediaStream | null) {
  return useCallback(
    (video: HTMLVideoElement | null) => {
      if (video && video.srcObject !== stream) video.srcObject = stream
    },
    [stream],
  )
}

function MicrophoneIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11h-2Z" />
    </svg>
  )
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M15 8a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-2.5l5 3.5V7l-5 3.5V8Z" />
    </svg>
  )
}

function LeaveIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 9c-3.3 0-6.3 1-8.6 2.8a1.5 1.5 0 0 0-.1 2.2l1.7 1.7a1.5 1.5 0 0 0 2 .1l2-1.6V11.5a10 10 0 0 1 6 0v2.7l2 1.6a1.5 1.5 0 0 0 2-.1l1.7-1.7a1.5 1.5 0 0 0-.1-2.2A13.9 13.9 0 0 0 12 9Z" />
    </svg>
  )
}

/**
 * The 1:1 call: the other person's video, a mirrored muted preview of one's own, the call's status in a
 * live region, and microphone, camera and leave buttons. The business owner is the polite side of the
 * negotiation. STUN/TURN servers come from `config.iceServers` when the embedder sets it. When the session
 * is over the call stops on both sides, says so, and calls `onSessionEnded`.
 */
export default function WebRtcCall({
  config,
  client,
  token,
  sessionId,
  host,
  onLeave,
  onError,
  onSessionEnded,
}: MeetingProps) {
  const t = useTranslator(config.lang, sessionRoomMessages)
  const wrapper = useRef<HTMLDivElement>(null)
  useCallStyles(wrapper)
  const [muted, setMuted] = useState(false)
  const [cameraOff, setCameraOff] = useState(false)
  const { state, local, remote, call, sessionEnded } = usePeerCall({
    context: { config, client },
    token,
    sessionId,
    polite: !host,
    onFailure: (failure) => onError(t.t(FAILURE[failure])),
    onSessionEnded,
  })
  const ended = state === 'ended'
  const localRef = useStream(local)
  const remoteRef = useStream(remote)

  return (
    <div ref={wrapper} className="m-call" part="call" data-state={state} dir={t.dir} lang={t.lang}>
      <div className="m-call-stage" part="call-stage">
        {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption track to offer */}
        <video
          ref={remoteRef}
          className="m-call-remote"
          part="remote-video"
          autoPlay
          playsInline
          aria-label={t.t('sessionRoom.call.remoteVideo')}
        />
        <video
          ref={localRef}
          className="m-call-local"
          part="local-video"
          autoPlay
          playsInline
          // The preview must never play one's own voice back.
          muted
          aria-label={t.t('sessionRoom.call.localVideo')}
        />
      </div>
      <p className="m-call-status" part="call-status" role="status">
        {ended
          ? sessionEnded
            ? // The session's end and what comes next, as the room says it.
              t.t(host ? 'sessionRoom.endedStatus' : 'sessionRoom.endedForOwner')
            : ''
          : t.t(STATUS[state])}
      </p>
      <fieldset
        className="m-call-controls"
        part="call-controls"
        aria-label={t.t('sessionRoom.call.controls')}
      >
        <button
          type="button"
          className="m-call-button"
          part="call-button microphone"
          aria-pressed={muted}
          disabled={!local || ended}
          onClick={() => {
            call?.setMicrophone(muted)
            setMuted(!muted)
          }}
        >
          <MicrophoneIcon />
          {t.t('sessionRoom.call.mute')}
        </button>
        <button
          type="button"
          className="m-call-button"
          part="call-button camera"
          aria-pressed={cameraOff}
          disabled={!local || ended}
          onClick={() => {
            call?.setCamera(cameraOff)
            setCameraOff(!cameraOff)
          }}
        >
          <CameraIcon />
          {t.t('sessionRoom.call.cameraOff')}
        </button>
        <button
          type="button"
          className="m-call-button m-call-leave"
          part="call-button leave"
          onClick={() => {
            call?.leave()
            onLeave()
          }}
        >
          <LeaveIcon />
          {t.t('sessionRoom.call.leave')}
        </button>
      </fieldset>
    </div>
  )
}

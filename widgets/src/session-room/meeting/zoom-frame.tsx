/**
 * Zoom meetings in `<session-room>`. The Zoom Meeting SDK pins React 18 and weighs about 0.9 MB gzip plus
 * WebAssembly, so it never enters the widget bundle: it runs on its own page of the platform's origin
 * (`zoom-page/`, served at `/widgets/zoom/`) in an iframe, and this component only talks to it by
 * postMessage, checking the origin and the sending window of every message.
 */
import { type MessageKey, sessionRoomMessages } from '@mashura/core'
import { useEffect, useRef, useState } from 'react'
import { Skeleton } from '../../shared/notice.tsx'
import { useTranslator } from '../../shared/use-translator.ts'
import type { MeetingProps } from './provider.ts'
import { platformOrigin, ZOOM_PAGE_PATH, type ZoomJoinMessage, zoomPageMessage } from './zoom-protocol.ts'

type ZoomKey = keyof (typeof sessionRoomMessages)['ar'] | MessageKey

const FRAME_STYLE = {
  inlineSize: '100%',
  blockSize: 'min(75vh, 40rem)',
  border: 0,
  display: 'block',
} as const

/** The join message for the page, from the session's meeting data and the fetched signature. */
export function joinMessage({
  meeting,
  signature,
  host,
  displayName,
  config,
}: Pick<MeetingProps, 'meeting' | 'signature' | 'host' | 'displayName' | 'config'>): ZoomJoinMessage | null {
  if (!signature?.signature) return null
  return {
    type: 'mashura:zoom-join',
    signature: signature.signature,
    // Since SDK 5 the signature carries the key; older signatures still need it beside them.
    sdkKey: signature.sdk_key ?? '',
    meetingNumber: meeting.personal_id,
    password: meeting.meeting_password ?? '',
    userName: displayName,
    userEmail: meeting.email ?? undefined,
    lang: config.lang,
    // Only the expert hosts; a business owner never gets the ZAK even if the data carried one.
    // The host's ZAK comes with the host's signature (the session's own meeting data never carries one).
    zak: host ? (signature.meeting?.zak_token ?? meeting.zak_token ?? undefined) : undefined,
  }
}

/**
 * The Zoom meeting: an iframe of the platform's Zoom page that gets the join data once it says it is
 * ready, and reports joining, leaving and failures back. A skeleton covers the wait.
 */
export default function ZoomFrame(props: MeetingProps) {
  const { config, onLeave, onError } = props
  const t = useTranslator(config.lang, sessionRoomMessages)
  const frame = useRef<HTMLIFrameElement>(null)
  const [status, setStatus] = useState<'loading' | 'joined'>('loading')
  const origin = platformOrigin(config.apiBase)
  const join = joinMessage(props)
  // The latest values for the listener, which is set up once per origin.
  const latest = useRef({ join, onLeave, onError, t })
  latest.current = { join, onLeave, onError, t }
  const missing = join === null

  useEffect(() => {
    if (missing) latest.current.onError(latest.current.t.t('sessionRoom.zoom.noSignature'))
  }, [missing])

  useEffect(() => {
    if (missing) return
    function onMessage(event: MessageEvent) {
      const target = frame.current?.contentWindow
      const message = zoomPageMessage(event, { origin, source: target })
      if (!message || !target) return
      const { join, onLeave, onError, t } = latest.current
      switch (message.type) {
        case 'mashura:zoom-ready':
          // targetOrigin: the data goes to the platform's page only, never to whatever the frame shows now.
          if (join) target.postMessage(join, origin)
          return
        case 'mashura:zoom-joined':
          setStatus('joined')
          return
        case 'mashura:zoom-left':
          onLeave()
          return
        case 'mashura:zoom-error':
          onError(t.t('sessionRoom.zoom.failed'))
          return
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [origin, missing])

  if (missing) return null
  const statusKey: ZoomKey = status === 'joined' ? 'sessionRoom.zoom.joined' : 'sessionRoom.zoom.loading'
  return (
    <div className="m-zoom" part="zoom" dir={t.dir} lang={t.lang}>
      <p className="m-zoom-status" part="zoom-status" role="status">
        {t.t(statusKey)}
      </p>
      {status === 'loading' && <Skeleton lines={4} label={t.t('sessionRoom.zoom.loading')} />}
      <iframe
        ref={frame}
        part="zoom-frame"
        src={`${origin}${ZOOM_PAGE_PATH}`}
        title={t.t('sessionRoom.zoom.title')}
        allow="camera; microphone; display-capture; fullscreen"
        style={FRAME_STYLE}
      />
    </div>
  )
}

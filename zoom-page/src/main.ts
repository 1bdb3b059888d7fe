/**
 * The Zoom page: runs the Zoom Meeting SDK's component view for `<session-room>`'s `zoom-frame.tsx`,
 * which embeds this page (served from the platform's origin at `/widgets/zoom/`) in an iframe.
 *
 * Protocol (`widgets/src/session-room/meeting/zoom-protocol.ts`): the page says `mashura:zoom-ready` to
 * its parent, takes ONE `mashura:zoom-join` with everything it needs, then reports `mashura:zoom-joined`,
 * `mashura:zoom-left` (the meeting closed) or `mashura:zoom-error`.
 *
 * Why any parent origin may send the join: partner sites embed the widgets under origins this static page
 * cannot know (the allowed origins belong to API keys on the server). That is safe because the page holds
 * no credentials of its own: it only uses the data the message brings (the parent's own signature and
 * meeting), so a hostile parent can make it do nothing it could not do with the SDK itself. The join is
 * accepted only from `window.parent` (not from other frames or windows), and every reply goes only to
 * the origin that sent the join, so nothing about the meeting reaches anyone else.
 */

import { isZoomJoinMessage, type ZoomJoinMessage, type ZoomPageMessage } from '@mashura/widgets/zoom-protocol'
import ZoomMtgEmbedded from '@zoom/meetingsdk/embedded'

let parentOrigin: string | null = null
let joining = false

function reply(message: ZoomPageMessage): void {
  if (parentOrigin) window.parent.postMessage(message, parentOrigin)
}

function reason(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { reason?: unknown; message?: unknown; type?: unknown }
    return String(e.reason ?? e.message ?? e.type ?? 'unknown')
  }
  return String(error)
}

async function join(data: ZoomJoinMessage): Promise<void> {
  const root = document.getElementById('zoom-root') ?? document.body
  document.documentElement.lang = data.lang
  const client = ZoomMtgEmbedded.createClient()
  await client.init({
    zoomAppRoot: root,
    // The SDK has no Arabic interface (6.x lists 19 languages, Arabic not among them): English for both.
    language: 'en-US',
    patchJsMedia: true,
    leaveOnPageUnload: true,
  })
  client.on('connection-change', (payload: { state?: string }) => {
    if (payload?.state === 'Closed') reply({ type: 'mashura:zoom-left' })
  })
  await client.join({
    signature: data.signature,
    ...(data.sdkKey ? { sdkKey: data.sdkKey } : {}),
    meetingNumber: data.meetingNumber,
    password: data.password,
    userName: data.userName,
    ...(data.userEmail ? { userEmail: data.userEmail } : {}),
    ...(data.zak ? { zak: data.zak } : {}),
  })
  reply({ type: 'mashura:zoom-joined' })
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the embedding widget, once; an opaque ('null') parent origin could not be replied to safely.
  if (joining || event.source !== window.parent || event.origin === 'null') return
  if (!isZoomJoinMessage(event.data)) return
  joining = true
  parentOrigin = event.origin
  join(event.data).catch((error: unknown) => reply({ type: 'mashura:zoom-error', reason: reason(error) }))
})

// The ready message carries nothing, so it may go to any parent; the data only comes back in the join.
if (window.parent !== window) window.parent.postMessage({ type: 'mashura:zoom-ready' }, '*')

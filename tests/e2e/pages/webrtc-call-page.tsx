/**
 * The end-to-end fixture of the built-in call: renders `webrtc-call.tsx` with React 19, as `<session-room>`
 * does, for the person and session in the page address (`?apiBase&apiKey&token&sessionId&host&lang`), and
 * records what the component calls back in `window.callLog` for the test to read.
 */

import { createApiClient } from '@mashura/core'
import WebRtcCall from '@mashura/widgets/testing/webrtc-call'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

/** What the call reported, read by the test through `page.evaluate`. */
interface CallLog {
  left: number
  errors: string[]
  sessionEnded: number
}

const q = new URLSearchParams(location.search)
const lang = q.get('lang') === 'en' ? 'en' : 'ar'
const log: CallLog = { left: 0, errors: [], sessionEnded: 0 }
Object.assign(window, { callLog: log })
document.documentElement.lang = lang
document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'

const config = { apiBase: q.get('apiBase') ?? '/api', apiKey: q.get('apiKey') ?? '', lang } as const
const token = q.get('token') ?? ''
// The room's one client, as its element context makes it: the person's token on every call.
const client = createApiClient({
  baseURL: config.apiBase,
  apiKey: config.apiKey,
  language: lang,
  getToken: () => token,
})

const root = createRoot(document.getElementById('root') as HTMLElement)
root.render(
  createElement(WebRtcCall, {
    config,
    client,
    token,
    sessionId: Number(q.get('sessionId')),
    meeting: {
      provider: 'webrtc',
      zak_token: null,
      personal_id: q.get('sessionId') ?? '',
      meeting_password: null,
      email: null,
      signature: null,
    },
    signature: null,
    host: q.get('host') === '1',
    displayName: q.get('name') ?? '',
    onLeave: () => {
      log.left += 1
      // The room unmounts the provider once the person left.
      root.unmount()
    },
    onError: (message: string) => {
      log.errors.push(message)
    },
    // The room would read the session again here; the call itself stays, showing that it ended.
    onSessionEnded: () => {
      log.sessionEnded += 1
    },
  }),
)

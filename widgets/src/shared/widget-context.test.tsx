import type { FetchLike } from '@mashura/core'
import { expect } from 'chai'
import { createElement } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { type SignedWidgetContext, useWidgetContext } from './widget-context.ts'

/**
 * useWidgetContext in real Chromium, without a server: a recording `fetch` answers every call, so the test
 * reads the headers the one client sends (the token read as each call starts, and left out when asked).
 */

/** The Authorization header of each call, in order (null when none was sent). */
function recordingFetch(): { fetch: FetchLike; auth: (string | null)[] } {
  const auth: (string | null)[] = []
  const fetch: FetchLike = async (input, init) => {
    auth.push(
      new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
        'Authorization',
      ),
    )
    return new Response(JSON.stringify({ success: true, data: {} }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch, auth }
}

/** What {@link Probe} takes: the context's inputs, and where it puts the context it made. */
interface ProbeProps {
  fetch: FetchLike
  given: string | null
  onTokenChange: ((token: string | null) => void) | undefined
  sink: { context: SignedWidgetContext | null }
}

/** A component that holds a context, as a widget's root component does. */
function Probe({ fetch, given, onTokenChange, sink }: ProbeProps) {
  sink.context = useWidgetContext({ apiBase: '/api', apiKey: 'k', lang: 'en', fetch }, given, onTokenChange)
  return null
}

/** Renders a {@link Probe} for `token`, and returns its latest context and a re-render. */
function mount(fetch: FetchLike, token: string | null, onTokenChange?: (token: string | null) => void) {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const sink: ProbeProps['sink'] = { context: null }
  const render = (given: string | null) =>
    flushSync(() => root.render(createElement(Probe, { fetch, given, onTokenChange, sink })))
  render(token)
  return {
    get context() {
      return sink.context!
    },
    render,
    unmount() {
      root.unmount()
      host.remove()
    },
  }
}

describe('useWidgetContext', () => {
  it('sends the token read as each call starts, and leaves it out of a tokenless call', async () => {
    const { fetch, auth } = recordingFetch()
    const changes: (string | null)[] = []
    const m = mount(fetch, 'first', (token) => changes.push(token))
    const client = m.context.client
    await client.request('/a')
    await m.context.tokenless.request('/b')
    // A token set by the widget's own sign-in is sent at once, before any new render, by the same client.
    m.context.setToken('second')
    await client.request('/c')
    expect(auth).to.deep.equal(['Bearer first', null, 'Bearer second'])
    expect(changes).to.deep.equal(['second'])
    // A new token from the host wins again; the client stays the same one.
    m.render('third')
    expect(m.context.token).to.equal('third')
    expect(m.context.client).to.equal(client)
    await m.context.client.request('/d')
    expect(auth.at(-1)).to.equal('Bearer third')
    m.unmount()
  })
})

import { catalogs, encryptRatingToken, type FetchLike, type Questionnaire } from '@mashura/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { defineWidgets } from '../define.ts'
import { emit } from '../events.ts'
import { configureWidgets, resetWidgetConfig } from '../shared/config.ts'
import { defineRateForm, RateFormElement } from './rate-form.element.ts'

/**
 * The rate-form's UI states in real Chromium. Only the pure UI states use a recording `fetch` behind core's
 * API client (validate 400, submit 422, and the replies needed to reach the submit); the journey against
 * the real server belongs in the end-to-end suite.
 */

interface Recorded {
  method: string
  url: string
  headers: Headers
  body: unknown
}

type Reply = { status: number; body: unknown }

/** A `fetch` that records every call and answers by path suffix, in order of the routes given. */
function recordingFetch(routes: [method: string, suffix: string, reply: Reply][]) {
  const calls: Recorded[] = []
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init)
    const text = await request.text()
    calls.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    })
    const route = routes.find(([method, suffix]) => method === request.method && request.url.endsWith(suffix))
    if (!route) return Response.json({ error: { code: 'not_found', message: 'No route' } }, { status: 404 })
    return Response.json(route[2].body, { status: route[2].status })
  }
  return { fetch, calls }
}

const questionnaires: Questionnaire[] = [
  {
    id: 1,
    title: 'Session',
    target: 'session',
    questions: [
      { id: 11, text: 'How useful was it?', type: 'stars', required: true },
      { id: 12, text: 'Would you book again?', type: 'yes_no', required: false },
      { id: 13, text: 'What went well?', type: 'text', required: false },
    ],
  },
]

async function validReplies(): Promise<[string, string, Reply][]> {
  const sme_access_token = await encryptRatingToken('access-1', 'passphrase')
  return [
    [
      'GET',
      '/rating/sme/validate-rating/tok-1',
      { status: 200, body: { data: { session_id: 7, sme_access_token, questionnaires } } },
    ],
    ['GET', '/rating/sessions/7/questionnaires', { status: 200, body: { data: questionnaires } }],
  ]
}

function mount(attributes: Record<string, string>): RateFormElement {
  const element = document.createElement('rate-form')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

function part(element: Element, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
}

async function statusText(element: Element): Promise<string> {
  // React renders on its own schedule: wait for the live region to exist and say something.
  await vi.waitFor(() => expect(part(element, 'status')?.textContent || '').not.toBe(''), { timeout: 5000 })
  return part(element, 'status')!.textContent!
}

beforeAll(() => {
  defineRateForm()
})

afterEach(() => {
  document.body.replaceChildren()
  for (const style of document.head.querySelectorAll('style[data-hostile]')) style.remove()
  resetWidgetConfig()
})

describe('<rate-form>', () => {
  it('is Arabic and right to left by default, and shows "already rated" when validate answers 400', async () => {
    const { fetch, calls } = recordingFetch([
      [
        'GET',
        '/rating/sme/validate-rating/tok-1',
        { status: 400, body: { error: { code: 'already_rated', message: 'Already rated' } } },
      ],
    ])
    configureWidgets({ fetch })
    const element = mount({
      token: 'tok-1',
      'rating-key': 'passphrase',
      'api-key': 'key-1',
      'api-base': 'https://api.test/api',
    })

    expect(await statusText(element)).toBe(catalogs.ar['rating.alreadyRated'])
    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).toBe('rtl')
    expect(base.getAttribute('lang')).toBe('ar')
    expect(part(element, 'status')!.getAttribute('role')).toBe('status')
    // The outcome takes focus, so keyboard users are not left on a vanished control.
    await vi.waitFor(() => expect(element.shadowRoot!.activeElement).toBe(part(element, 'status')))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('https://api.test/api/rating/sme/validate-rating/tok-1')
    expect(calls[0]!.headers.get('X-API-Key')).toBe('key-1')
    expect(calls[0]!.headers.get('Accept-Language')).toBe('ar')
  })

  it('says the link is not valid, not "already rated", for a 400 rating_link_invalid', async () => {
    const message = 'رابط التقييم هذا غير صالح.'
    const { fetch } = recordingFetch([
      [
        'GET',
        '/rating/sme/validate-rating/tampered',
        { status: 400, body: { error: { code: 'rating_link_invalid', message } } },
      ],
    ])
    configureWidgets({ fetch })
    const element = mount({
      token: 'tampered',
      'rating-key': 'passphrase',
      'api-key': 'k',
      'api-base': 'https://api.test/api',
    })
    await vi.waitFor(() => expect(element.shadowRoot!.textContent).toContain(message))
    expect(element.shadowRoot!.textContent).not.toContain(catalogs.ar['rating.alreadyRated'])
  })

  it('is English and left to right, labels every field, enforces required answers, and shows "already rated" on a 422 submit', async () => {
    const { fetch, calls } = recordingFetch([
      ...(await validReplies()),
      [
        'POST',
        '/rating/v4/sessions/7/questionnaires',
        { status: 422, body: { error: { code: 'already_rated', message: 'Already rated' } } },
      ],
    ])
    configureWidgets({ fetch, apiKey: 'key-1' })
    const element = mount({ token: 'tok-1', 'rating-key': 'passphrase', lang: 'en' })
    const root = element.shadowRoot!

    await vi.waitFor(() => expect(part(element, 'form')).not.toBeNull(), { timeout: 5000 })
    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).toBe('ltr')
    expect(base.getAttribute('lang')).toBe('en')
    // The questionnaires are read with the decrypted rating token as the bearer.
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer access-1')

    // Labels: radio groups have legends, each radio a name, each textarea a label.
    const groups = [...root.querySelectorAll('fieldset')]
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      `How useful was it? (${catalogs.en['common.required']})`,
      'Would you book again?',
    ])
    const stars = [...groups[0]!.querySelectorAll('label')].map((label) => label.textContent)
    expect(stars).toEqual(['★1 star', '★2 stars', '★3 stars', '★4 stars', '★5 stars'])
    for (const textarea of root.querySelectorAll('textarea')) {
      expect(root.querySelector(`label[for="${textarea.id}"]`)?.textContent).toBeTruthy()
    }

    // The required stars are enforced: no call, an error tied to the group, focus on its first option.
    await userEvent.click(part(element, 'submit')!)
    const error = await vi.waitFor(() => {
      const found = part(element, 'error')
      expect(found).not.toBeNull()
      return found!
    })
    expect(error.textContent).toBe(catalogs.en['errors.fieldRequired'])
    expect(groups[0]!.getAttribute('aria-describedby')).toBe(error.id)
    expect(root.activeElement).toBe(groups[0]!.querySelector('input'))
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0)

    // Keyboard: arrow keys move within the native radio group.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(root.activeElement).toBe(groups[0]!.querySelectorAll('input')[3])
    await userEvent.click(groups[1]!.querySelectorAll('label')[0]!)
    await userEvent.click(part(element, 'submit')!)

    expect(await statusText(element)).toBe(catalogs.en['rating.alreadyRated'])
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.headers.get('Authorization')).toBe('Bearer access-1')
    expect(post.body).toEqual({
      answers: [
        { question_id: 11, value: 4 },
        { question_id: 12, value: true },
      ],
      comment: null,
    })
    expect(part(element, 'form')).toBeNull()
  })

  it('fires rating-submitted through the one helper: bubbling, composed, with an object detail', () => {
    const element = mount({ token: 'tok-1', 'rating-key': 'passphrase' })
    const received: Event[] = []
    document.addEventListener('rating-submitted', (event) => received.push(event))

    emit(element, 'rating-submitted', { sessionId: 7 })

    expect(received).toHaveLength(1)
    const event = received[0] as CustomEvent<{ sessionId: number }>
    expect(event.bubbles).toBe(true)
    expect(event.composed).toBe(true)
    expect(event.detail).toEqual({ sessionId: 7 })
    expect(event.target).toBe(element)
  })

  it('keeps the page’s CSS out of its shadow root, and adopts its sheets once for every instance', async () => {
    const hostile = document.createElement('style')
    hostile.dataset.hostile = ''
    hostile.textContent = '* { color: red !important; font-family: monospace !important }'
    document.head.append(hostile)
    const { fetch } = recordingFetch([])
    configureWidgets({ fetch })
    const first = mount({ 'rating-key': 'passphrase' })
    const second = mount({ 'rating-key': 'passphrase' })

    expect(await statusText(first)).toBe(catalogs.ar['common.error'])
    const status = part(first, 'status')!
    expect(getComputedStyle(status).color).toBe('rgb(31, 26, 43)')
    expect(getComputedStyle(part(first, 'title')!).color).toBe('rgb(45, 26, 71)')
    expect(getComputedStyle(status).fontFamily).not.toContain('monospace')
    expect(first.shadowRoot!.adoptedStyleSheets).toHaveLength(2)
    expect(first.shadowRoot!.adoptedStyleSheets).toEqual(second.shadowRoot!.adoptedStyleSheets)
    expect(first.shadowRoot!.adoptedStyleSheets[0]).toBe(second.shadowRoot!.adoptedStyleSheets[0])
  })

  it('shows a loading skeleton, not a spinner, while the link is checked', async () => {
    configureWidgets({ fetch: () => new Promise<Response>(() => {}) })
    const element = mount({ token: 'tok-1', 'rating-key': 'passphrase' })
    await vi.waitFor(() => expect(part(element, 'skeleton')).not.toBeNull())
    expect(part(element, 'status')!.textContent).toBe('')
    expect(part(element, 'base')!.getAttribute('aria-busy')).toBe('true')
  })

  it('registers under a prefix with defineWidgets, guarded against a second call', () => {
    defineWidgets({ prefix: 'acme' })
    defineWidgets({ prefix: 'acme' })
    expect(customElements.get('acme-rate-form')).toBeDefined()
    expect(customElements.get('acme-rate-form')).not.toBe(customElements.get('rate-form'))
    expect(document.createElement('acme-rate-form')).toBeInstanceOf(RateFormElement)
  })
})

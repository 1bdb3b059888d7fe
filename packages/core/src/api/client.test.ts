import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getNotifications } from './chat.ts'
import { type ApiClientOptions, type ApiLanguage, createApiClient, requestPage } from './client.ts'
import { ApiError, isApiError } from './errors.ts'
import { $isLoading, $loadingCount, resetLoading } from './loading.ts'
import {
  createRecordingFetch,
  deferred,
  jsonResponse,
  type Responder,
} from './test-support/recording-fetch.ts'
import { uploadAttachments, uploadVoiceNote } from './uploads.ts'

const BASE = 'https://api.test/api'

function setup(responder?: Responder, options: Partial<ApiClientOptions> = {}) {
  const recording = createRecordingFetch(responder)
  const client = createApiClient({ baseURL: BASE, apiKey: 'key-1', fetch: recording.fetch, ...options })
  return { ...recording, client }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

beforeEach(() => resetLoading())
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('headers', () => {
  it('sends the API key, JSON content type, Accept and Arabic by default, and no token when signed out', async () => {
    const { client, last } = setup()
    await client.request('/dashboard/settings')
    const headers = last().headers
    expect(headers.get('x-api-key')).toBe('key-1')
    expect(headers.get('content-type')).toBe('application/json')
    expect(headers.get('accept')).toBe('application/json')
    expect(headers.get('accept-language')).toBe('ar')
    expect(headers.has('authorization')).toBe(false)
  })

  it.each([null, undefined, ''])('sends no Authorization when getToken returns %j', async (token) => {
    const { client, last } = setup(undefined, { getToken: () => token })
    await client.request('/profile/contributor')
    expect(last().headers.has('authorization')).toBe(false)
  })

  it('sends the bearer token read before every call, also from an async getToken', async () => {
    let token = 'first'
    const { client, calls } = setup(undefined, { getToken: async () => token })
    await client.request('/profile/contributor')
    token = 'second'
    await client.request('/profile/contributor')
    expect(calls.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer first',
      'Bearer second',
    ])
  })

  it('sends no token on an anonymous call, even from an async getToken that has one', async () => {
    const { client, calls } = setup(undefined, { getToken: async () => 'mine' })
    await client.request('/schedule/contributor/7/', { anonymous: true })
    await client.request('/profile/contributor')
    expect(calls.map((request) => request.headers.get('authorization'))).toEqual([null, 'Bearer mine'])
  })

  it('sends a fixed language', async () => {
    const { client, last } = setup(undefined, { language: 'en' })
    await client.request('/dashboard/settings')
    expect(last().headers.get('accept-language')).toBe('en')
  })

  it('sends the language a function returns at call time', async () => {
    let language: ApiLanguage = 'ar'
    const { client, calls } = setup(undefined, { language: () => language })
    await client.request('/dashboard/settings')
    language = 'en'
    await client.request('/dashboard/settings')
    expect(calls.map((request) => request.headers.get('accept-language'))).toEqual(['ar', 'en'])
  })
})

describe('URLs, queries and bodies', () => {
  it('joins the path to a base with a trailing slash', async () => {
    const { client, last } = setup(undefined, { baseURL: `${BASE}/` })
    await client.request('/center/centers')
    expect(last().url).toBe('https://api.test/api/center/centers')
  })

  it('leaves out null and undefined, repeats arrays and writes booleans as true/false', async () => {
    const { client, last } = setup()
    await client.request('/profile/contributors', {
      query: {
        q: 'a b',
        page: 2,
        gone: undefined,
        nothing: null,
        centers: [1, 2],
        none: [],
        bsa_subject: false,
      },
    })
    const url = new URL(last().url)
    expect([...url.searchParams.entries()]).toEqual([
      ['q', 'a b'],
      ['page', '2'],
      ['centers', '1'],
      ['centers', '2'],
      ['bsa_subject', 'false'],
    ])
  })

  it('sends a JSON body with a JSON content type', async () => {
    const { client, last } = setup()
    await client.request('/profile/user/request_delete', { method: 'POST', body: { reason: 'سبب' } })
    const request = last()
    expect(request.method).toBe('POST')
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(await request.json()).toEqual({ reason: 'سبب' })
  })

  it('sends {} for a non-GET call without a body, and no body for a GET', async () => {
    const { client, calls } = setup()
    await client.request('/schedule/sme-absence/1', { method: 'POST' })
    await client.request('/dashboard/settings')
    expect(await calls[0]?.text()).toBe('{}')
    expect(calls[1]?.body).toBeNull()
  })

  it('sends multipart bodies with the runtime’s boundary, not a JSON content type', async () => {
    const { client, last } = setup(undefined, { getToken: () => 'tok' })
    await uploadAttachments(client, { files: [new File(['x'], 'x.txt', { type: 'text/plain' })] })
    const request = last()
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; ?boundary=/)
    expect(request.headers.get('authorization')).toBe('Bearer tok')
    expect(request.headers.get('x-api-key')).toBe('key-1')
    const form = await request.formData()
    expect((form.get('files[]') as File).name).toBe('x.txt')
  })

  it('names a voice note after its File, or after the filename given', async () => {
    const { client, calls } = setup()
    await uploadVoiceNote(client, { file: new File(['a'], 'note.webm', { type: 'audio/webm' }) })
    await uploadVoiceNote(client, { file: new Blob(['b']), filename: 'rec.ogg' })
    const names = await Promise.all(
      calls.map(async (request) => ((await request.formData()).get('file') as File).name),
    )
    expect(names).toEqual(['note.webm', 'rec.ogg'])
  })

  it('uses globalThis.fetch, looked up at call time, when no fetch is given', async () => {
    const recording = createRecordingFetch(() => jsonResponse({ data: 'global' }))
    const client = createApiClient({ baseURL: BASE, apiKey: 'key-1' })
    vi.stubGlobal('fetch', recording.fetch)
    await expect(client.request('/dashboard/settings')).resolves.toEqual({ data: 'global' })
    expect(recording.calls).toHaveLength(1)
  })
})

describe('responses', () => {
  it('resolves with the envelope, message included', async () => {
    const { client } = setup(() => jsonResponse({ data: [{ id: 1 }], message: 'تم' }))
    await expect(client.request('/schedule/v5/schedules', { method: 'POST' })).resolves.toEqual({
      data: [{ id: 1 }],
      message: 'تم',
    })
  })

  it('passes the paging meta through', async () => {
    const meta = { page: 2, per_page: 15, total: 31, last_page: 3 }
    const { client } = setup(() => jsonResponse({ data: [{ id: 16 }], meta }))
    const page = await getNotifications(client, { page: 2 })
    expect(page.meta).toEqual(meta)
    expect(page.data).toEqual([{ id: 16 }])
    await expect(requestPage(client, '/any')).resolves.toEqual({ data: [{ id: 16 }], meta })
  })

  it('does not retry a failing GET', async () => {
    const { client, calls } = setup(() => jsonResponse({}, 503))
    await rejection(client.request('/dashboard/settings'))
    expect(calls).toHaveLength(1)
  })
})

describe('ApiError', () => {
  it('reads code, message and fields from the error body', async () => {
    const body = {
      error: { code: 'validation_failed', message: 'البيانات غير صحيحة', fields: { reason: 'السبب مطلوب' } },
    }
    const { client } = setup(() => jsonResponse(body, 422))
    const error = await rejection(client.request('/profile/user/request_delete', { method: 'POST' }))
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ApiError')
    expect(error.status).toBe(422)
    expect(error.code).toBe('validation_failed')
    expect(error.message).toBe('البيانات غير صحيحة')
    expect(error.fields).toEqual({ reason: 'السبب مطلوب' })
    expect(error.body).toEqual(body)
  })

  it('takes the first message of a field given as a list and drops what is not text', async () => {
    const body = {
      error: { code: 'invalid', message: 'x', fields: { a: ['first', 'second'], b: 3, c: 'c' } },
    }
    const { client } = setup(() => jsonResponse(body, 422))
    const error = await rejection(client.request('/x'))
    expect(error.fields).toEqual({ a: 'first', c: 'c' })
  })

  it.each([
    ['a nested message', { message: 'رسالة' }, 'رسالة'],
    ['an error given as a string', { error: 'خطأ' }, 'خطأ'],
    ['an error object with a top-level message', { error: { code: 'x' }, message: 'الرسالة' }, 'الرسالة'],
  ])('reads %s', async (_label, body, message) => {
    const { client } = setup(() => jsonResponse(body, 400))
    const error = await rejection(client.request('/x'))
    expect(error.message).toBe(message)
    expect(error.status).toBe(400)
  })

  it('falls back to http_<status> and an English message when the body says nothing', async () => {
    const { client } = setup(
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    )
    const error = await rejection(client.request('/x'))
    expect(error.status).toBe(502)
    expect(error.code).toBe('http_502')
    expect(error.message).toBe('The request failed with status 502.')
    expect(error.fields).toBeUndefined()
    expect(error.body).toBe('<html>Bad gateway</html>')
  })

  it('falls back when the body is empty or the code is not text', async () => {
    const { client } = setup((request) =>
      request.url.endsWith('/empty')
        ? new Response(null, { status: 500 })
        : jsonResponse({ error: { code: 7 } }, 409),
    )
    const empty = await rejection(client.request('/empty'))
    expect([empty.status, empty.code, empty.message]).toEqual([
      500,
      'http_500',
      'The request failed with status 500.',
    ])
    const odd = await rejection(client.request('/odd'))
    expect([odd.status, odd.code]).toEqual([409, 'http_409'])
  })

  it('turns a network failure into status 0 and network_error', async () => {
    const failure = new TypeError('Failed to fetch')
    const { client } = setup(() => {
      throw failure
    })
    const error = await rejection(client.request('/x'))
    expect(error.status).toBe(0)
    expect(error.code).toBe('network_error')
    expect(error.message).toBe('The network request failed.')
    expect(error.cause).toBe(failure)
    expect(error.body).toBeUndefined()
  })

  it('turns an abort into status 0 and aborted', async () => {
    const { client } = setup()
    const controller = new AbortController()
    controller.abort()
    const error = await rejection(client.request('/x', { signal: controller.signal }))
    expect([error.status, error.code, error.message]).toEqual([0, 'aborted', 'The request was aborted.'])
  })

  it('is recognised by isApiError, also as a look-alike from another bundle', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'ApiError', status: 400 })
    expect(isApiError(new ApiError({ status: 400, code: 'x', message: 'x' }))).toBe(true)
    expect(isApiError(lookAlike)).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError({ name: 'ApiError', status: 400 })).toBe(false)
  })
})

describe('401', () => {
  it('calls onUnauthorized with the error, then rejects with the same error', async () => {
    const onUnauthorized = vi.fn()
    const { client } = setup(
      () => jsonResponse({ error: { code: 'unauthorized', message: 'سجّل الدخول' } }, 401),
      {
        onUnauthorized,
      },
    )
    const error = await rejection(client.request('/profile/contributor'))
    expect(error.status).toBe(401)
    expect(error.code).toBe('unauthorized')
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(onUnauthorized).toHaveBeenCalledWith(error)
  })

  it('does not call onUnauthorized for other statuses', async () => {
    const onUnauthorized = vi.fn()
    const { client } = setup(() => jsonResponse({}, 403), { onUnauthorized })
    await rejection(client.request('/schedule/sessions/1/details'))
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('hides the loader even while other calls are in flight, and they do not push the count below 0', async () => {
    const slow = deferred<Response>()
    const { client } = setup((request) =>
      request.url.endsWith('/slow')
        ? slow.promise
        : jsonResponse({ error: { code: 'unauthorized', message: 'x' } }, 401),
    )
    const pending = client.request('/slow')
    await vi.waitFor(() => expect($loadingCount.get()).toBe(1))
    await rejection(client.request('/me'))
    expect($loadingCount.get()).toBe(0)
    expect($isLoading.get()).toBe(false)
    const after = deferred<Response>()
    const next = setup(() => after.promise).client.request('/next')
    await vi.waitFor(() => expect($loadingCount.get()).toBe(1))
    slow.resolve(jsonResponse({ data: 1 }))
    await pending
    expect($loadingCount.get()).toBe(1)
    after.resolve(jsonResponse({ data: 2 }))
    await next
    expect($loadingCount.get()).toBe(0)
  })

  it('still rejects with the ApiError when onUnauthorized throws, and logs the failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new Error('callback broke')
    const { client } = setup(() => jsonResponse({}, 401), {
      onUnauthorized: () => {
        throw failure
      },
    })
    const error = await rejection(client.request('/x'))
    expect(error.status).toBe(401)
    expect(log).toHaveBeenCalledWith('onUnauthorized failed', failure)
  })
})

describe('global loader', () => {
  it('counts calls while in flight and uncounts them on success and on failure', async () => {
    const first = deferred<Response>()
    const second = deferred<Response>()
    const { client } = setup((request) => (request.url.endsWith('/1') ? first.promise : second.promise))
    const seen: boolean[] = []
    const unbind = $isLoading.subscribe((value) => seen.push(value))
    const one = client.request('/1')
    const two = client.request('/2')
    await vi.waitFor(() => expect($loadingCount.get()).toBe(2))
    first.resolve(jsonResponse({ data: 1 }))
    await one
    expect($loadingCount.get()).toBe(1)
    second.resolve(jsonResponse({}, 500))
    await rejection(two)
    expect($loadingCount.get()).toBe(0)
    unbind()
    expect(seen).toEqual([false, true, false])
  })

  it('uncounts a call that fails on the network', async () => {
    const { client } = setup(() => {
      throw new TypeError('offline')
    })
    await rejection(client.request('/x'))
    expect($loadingCount.get()).toBe(0)
  })

  it('does not count calls made with loader: false, such as the voice-note upload', async () => {
    const gate = deferred<void>()
    const { client, calls } = setup(async () => {
      await gate.promise
      return jsonResponse({ data: { file: {}, duration: 3 } })
    })
    const quiet = client.request('/quiet', { loader: false })
    const upload = uploadVoiceNote(client, { file: new Blob(['a']) })
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect($loadingCount.get()).toBe(0)
    gate.resolve()
    await Promise.all([quiet, upload])
    expect($loadingCount.get()).toBe(0)
  })

  it('counts a voice-note upload when asked to', async () => {
    const held = deferred<Response>()
    const { client } = setup(() => held.promise)
    const upload = uploadVoiceNote(client, { file: new Blob(['a']) }, { loader: true })
    await vi.waitFor(() => expect($loadingCount.get()).toBe(1))
    held.resolve(jsonResponse({ data: null }))
    await upload
    expect($loadingCount.get()).toBe(0)
  })
})

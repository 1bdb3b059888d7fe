import { describe, expect, it } from 'vitest'
import { callApi } from './call.ts'
import type { ApiClient, ApiRequestOptions } from './index.ts'
import * as api from './index.ts'

describe('the api unit’s public surface', () => {
  it('exports the client, its error and loading state and the endpoint functions by name', () => {
    const names = Object.keys(api)
    for (const name of [
      'createApiClient',
      'requestPage',
      'ApiError',
      'isApiError',
      '$loadingCount',
      '$isLoading',
      'beginLoading',
      'resetLoading',
      'getBookedSessions',
    ]) {
      expect(names).toContain(name)
    }
    // Internal helpers stay internal.
    expect(names).not.toContain('errorFromResponse')
    expect(names).not.toContain('errorFromFailure')
    expect(names).not.toContain('callApi')
  })
})

describe('callApi', () => {
  function recordingClient() {
    const requests: { path: string; options: ApiRequestOptions | undefined }[] = []
    const client: ApiClient = {
      request: async (path, options) => {
        requests.push({ path, options })
        return { data: null } as never
      },
    }
    return { client, requests }
  }

  it('places each path parameter by name, encoded', async () => {
    const { client, requests } = recordingClient()
    await callApi(client, 'validateRating', { params: { token: 'a b/c?d#e' } })
    await callApi(client, 'getMeetingSignature', { params: { meetingNumber: '12 3', role: 0 } })
    await callApi(client, 'getContributorSchedule', { params: { id: 5 } })
    expect(requests.map((r) => r.path)).toEqual([
      '/rating/sme/validate-rating/a%20b%2Fc%3Fd%23e',
      '/schedule/zoom/jwt/12%203/0',
      '/schedule/contributor/5/',
    ])
  })

  it('sends the contract’s method with the query, the body and the options', async () => {
    const { client, requests } = recordingClient()
    const signal = new AbortController().signal
    await callApi(
      client,
      'answerRequest',
      { params: { id: 40 }, body: { is_accepted: true } },
      { signal, loader: false },
    )
    await callApi(client, 'markChatRead', { params: { id: 3 }, query: { user_type: 'sme' } })
    expect(requests[0]?.options).toEqual({
      method: 'POST',
      body: { is_accepted: true },
      query: undefined,
      signal,
      loader: false,
    })
    expect(requests[1]?.options).toEqual({ method: 'POST', query: { user_type: 'sme' }, body: undefined })
  })
})

/**
 * The back office's client (`@mashura/core/admin`): every back-office call goes out with the method and path
 * of the contract's back-office table, its path parameters encoded, its query and body as given.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { type AdminCallName, callAdminApi } from './admin.ts'
import { createApiClient, resetLoading } from './api/index.ts'
import { createRecordingFetch, jsonResponse } from './api/test-support/recording-fetch.ts'
import { adminEndpoints } from './contract/admin/endpoints.ts'

describe('callAdminApi', () => {
  let recording: ReturnType<typeof createRecordingFetch>

  beforeEach(() => {
    resetLoading()
    recording = createRecordingFetch(() => jsonResponse({ data: null }))
  })

  it('sends every back-office call with its method and path, parameters encoded', async () => {
    const client = createApiClient({
      baseURL: 'https://api.example/api',
      apiKey: 'k',
      fetch: recording.fetch,
    })
    for (const [name, endpoint] of Object.entries(adminEndpoints) as [AdminCallName, string][]) {
      const [method, template] = endpoint.split(' ') as [string, string]
      const params = Object.fromEntries([...template.matchAll(/:(\w+)/g)].map((m) => [m[1], 'a/b 7']))
      // biome-ignore lint/suspicious/noExplicitAny: every call's input, built from its own path.
      await callAdminApi(client, name, { params } as any)
      const request = recording.last()
      expect(request.method, name).toBe(method)
      expect(new URL(request.url).pathname, name).toBe(`/api${template.replace(/:(\w+)/g, 'a%2Fb%207')}`)
    }
    expect(recording.calls).toHaveLength(Object.keys(adminEndpoints).length)
  })
})

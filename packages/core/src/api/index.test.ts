import { describe, expect, it } from 'vitest'
import * as api from './index.ts'

describe('the api unit’s public surface', () => {
  it('exports the client, its error and loading state, the paths and the endpoint functions by name', () => {
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
      'apiPaths',
    ]) {
      expect(names).toContain(name)
    }
    // Internal helpers stay internal.
    expect(names).not.toContain('errorFromResponse')
    expect(names).not.toContain('errorFromFailure')
  })

  it('encodes ids placed in paths', () => {
    expect(api.apiPaths.rating.validate('a b/c?d#e')).toBe('/rating/sme/validate-rating/a%20b%2Fc%3Fd%23e')
    expect(api.apiPaths.meeting.signature('12 3', 0)).toBe('/schedule/zoom/jwt/12%203/0')
  })
})

import { expect, it } from 'vitest'
import { useTestContext } from '../../../test-support/context.ts'

const CALLS: [method: string, path: string, signedIn: boolean][] = [
  ['get', '/schedule/contributor/{id}/', false],
  ['get', '/profile/v2/consultants', false],
  ['get', '/profile/v2/bsa', false],
  ['get', '/profile/contributors', false],
  ['get', '/profile/contributor', true],
  ['get', '/profile/contributors/subjects', false],
  ['post', '/profile/user/request_delete', true],
  ['put', '/profile/contributor/available-for-instant', true],
  ['post', '/profile/contributor/fcm-token', true],
  ['get', '/profile/sme/companies', true],
  ['get', '/profile/sme/{id}/history/', true],
  ['get', '/profile/v2/sme/show/{id}', true],
]

const ctx = useTestContext('sqlite')

it('documents the twelve contributor and profile calls completely', async () => {
  const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
  for (const [method, path, signedIn] of CALLS) {
    const op = doc.paths[path]?.[method]
    expect(op, `${method} ${path}`).toBeDefined()
    expect(op.tags.length, path).toBeGreaterThan(0)
    expect(op.summary, path).toMatch(/\S/)
    expect(op.security, path).toEqual(signedIn ? [{ apiKey: [], bearer: [] }] : [{ apiKey: [] }])
    expect(op.responses['200'] ?? op.responses['201'], path).toBeDefined()
    if (path.includes('{id}')) {
      expect(
        op.parameters.some((p: { in: string; name: string }) => p.in === 'path' && p.name === 'id'),
        path,
      ).toBe(true)
    }
    if (method !== 'get') {
      const body = op.requestBody.content['application/json'].schema
      expect(body.additionalProperties, path).toBe(false)
    }
  }
  const search = doc.paths['/profile/contributors'].get.parameters.map((p: { name: string }) => p.name)
  expect(search).toEqual(
    expect.arrayContaining([
      'q',
      'dates',
      'availability',
      'centers',
      'subjects',
      'page',
      'per_page',
      'type',
      'sort',
    ]),
  )
})

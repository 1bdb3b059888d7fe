import { expect, it } from 'vitest'
import { DATABASES, useTestContext } from '../../test-support/context.ts'

/**
 * Issue 17: a signed-out caller is told to sign in (401) before anything about the request's body, on every
 * operation of the API document that needs a sign-in.
 */
const ctx = useTestContext(DATABASES[0]!)

it('answers 401 before looking at the body, on every operation that needs a sign-in', async () => {
  const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
  const wrong: string[] = []
  let checked = 0
  for (const [path, operations] of Object.entries(
    doc.paths as Record<string, Record<string, { security?: object[]; requestBody?: unknown }>>,
  )) {
    for (const [method, op] of Object.entries(operations)) {
      const needsSignIn =
        (op.security ?? []).some((s) => 'bearer' in s) &&
        !(op.security ?? []).some((s) => Object.keys(s).length === 0)
      if (!needsSignIn || !op.requestBody) continue
      checked++
      const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`
      const res = await ctx.call({
        method: method.toUpperCase() as 'POST',
        url,
        token: null,
        headers: { 'content-type': 'application/json' },
        payload: '{"unknown_field": [1, 2, 3]}',
      })
      // 401, or for the rating submission (its own token, spec section 8) 403 rating_token_invalid.
      const expected = path.startsWith('/rating/v4/sessions/') ? 403 : 401
      if (res.statusCode !== expected) wrong.push(`${method.toUpperCase()} ${path}: ${res.statusCode}`)
    }
  }
  expect(checked).toBeGreaterThan(10)
  expect(wrong).toEqual([])
})

/**
 * JSON parsed before the sign-in check (issue 30): a signed-out 1 MiB `[[[…]]]` cost up to 0.85 s of CPU. A
 * signed-out caller of a route that needs a sign-in now gets its 401 before the body is read, so the body is
 * never parsed; a signed-in one sending a body nested deeper than 64 levels gets 400 `too_deep`, in Arabic or
 * English, also without JSON.parse ever seeing it.
 */
import { serverTranslator } from '@mashura/core/i18n/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eachDatabase, type TestPerson, useFixtures, useTestContext } from '../../test-support/context.ts'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts'

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false)
    expect(nestsDeeperThan('[[{"a":[1]}]]', 3)).toBe(true)
    expect(nestsDeeperThan('{"a":"[[[[[[","b":"\\"[[[[[["}', 1)).toBe(false)
    expect(nestsDeeperThan('[[],[],[[]]]', 3)).toBe(false)
    expect(nestsDeeperThan('[[],[],[[]]]', 2)).toBe(true)
    expect(nestsDeeperThan('not json at all', 0)).toBe(false)
  })
})

/** The signed-in chat call: its body is read, and refused when the other party does not exist. */
const URL_ = '/api/schedule/notifiable-id/999999/chat-notification'

/** A chat body whose message is arrays nested so that the whole body is `depth` deep. */
const deepBody = (depth: number) =>
  `{"notifiable_user":"contributor","type":"text","message":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`

eachDatabase('JSON depth and sign-in before parsing', (dialect) => {
  const ctx = useTestContext(dialect)
  const { person } = useFixtures<{ person: TestPerson }>({ person: () => ctx.person() })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Posts JSON text to the chat call, counting whether JSON.parse ever saw it. */
  async function post(body: string, token: string | null, lang?: 'ar' | 'en') {
    const parse = vi.spyOn(JSON, 'parse')
    const res = await ctx.call({
      method: 'POST',
      url: URL_,
      token,
      ...(lang ? { lang } : {}),
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    const parsed = parse.mock.calls.some(([text]) => text === body)
    parse.mockRestore()
    return { res, parsed }
  }

  it('answers a signed-out 1 MiB [[[…]]] with 401 without parsing it', async () => {
    const body = `${'['.repeat(500_000)}${']'.repeat(500_000)}`
    const { res, parsed } = await post(body, null)
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
    expect(parsed).toBe(false)
    // Nor a signed-out body that is merely malformed: who is calling comes first.
    expect((await post('{"notifiable_user":', null)).res.statusCode).toBe(401)
  })

  it('refuses a signed-in body nested deeper than 64 levels with 400 too_deep, in Arabic or English, unparsed', async () => {
    const body = `${'['.repeat(500_000)}${']'.repeat(500_000)}`
    const ar = await post(body, person.token)
    expect(ar.res.statusCode).toBe(400)
    expect(ar.res.json().error).toEqual({
      code: 'too_deep',
      message: serverTranslator('ar').t('errors.tooDeep', { max: MAX_JSON_DEPTH }),
    })
    expect(ar.res.json().error.message).toMatch(/[\u0600-\u06FF]/)
    expect(ar.parsed).toBe(false)
    const en = await post(deepBody(MAX_JSON_DEPTH + 1), person.token, 'en')
    expect(en.res.statusCode).toBe(400)
    expect(en.res.json().error).toEqual({
      code: 'too_deep',
      message: 'The data sent is nested too deeply: at most 64 levels.',
    })
    expect(en.parsed).toBe(false)
  })

  it('parses a body exactly 64 levels deep as before', async () => {
    const { res, parsed } = await post(deepBody(MAX_JSON_DEPTH), person.token)
    expect(parsed).toBe(true)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('validation_failed')
    expect(Object.keys(res.json().error.fields)).toEqual(['message'])
  })
})

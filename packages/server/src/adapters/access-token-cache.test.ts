import { describe, expect, it } from 'vitest'
import { accessTokenCache, type IssuedToken } from './access-token-cache.ts'

describe('accessTokenCache', () => {
  function endpoint(answers: (IssuedToken | Error)[]) {
    let calls = 0
    const fetchToken = async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)] as IssuedToken | Error
      if (answer instanceof Error) throw answer
      return answer
    }
    return { fetchToken, calls: () => calls }
  }

  it('asks once for callers at the same time, and keeps the token until a minute before it lapses', async () => {
    let clock = 0
    const tokens = endpoint([
      { access_token: 'a', expires_in: 3599 },
      { access_token: 'b', expires_in: 3599 },
    ])
    const token = accessTokenCache(tokens.fetchToken, () => clock)
    expect(await Promise.all([token(), token(), token()])).toEqual(['a', 'a', 'a'])
    expect(tokens.calls()).toBe(1)
    clock = 3538_999
    expect(await token()).toBe('a')
    clock = 3539_000
    expect(await token()).toBe('b')
    expect(tokens.calls()).toBe(2)
  })

  it('renews on demand (after a 401), and an hour is assumed when the endpoint names no lifetime', async () => {
    let clock = 0
    const tokens = endpoint([{ access_token: 'a' }, { access_token: 'b' }])
    const token = accessTokenCache(tokens.fetchToken, () => clock)
    expect(await token()).toBe('a')
    clock = 3_000_000
    expect(await token()).toBe('a')
    expect(await token(true)).toBe('b')
  })

  it('keeps no failure: the next call asks again', async () => {
    const tokens = endpoint([new Error('refused'), { access_token: 'a', expires_in: 3600 }])
    const token = accessTokenCache(tokens.fetchToken)
    await expect(token()).rejects.toThrow('refused')
    expect(await token()).toBe('a')
  })
})

/**
 * Whose count a request goes to (issue 17): a signed-in person's own, whatever their address, so an office
 * behind one NAT is not throttled as one; a visitor's address; and a request with a token that is not valid
 * gets its 401 without a count of its own.
 */
import { expect, it } from 'vitest'
import { eachDatabase, type TestPerson, useTestContext } from '../../test-support/context.ts'

eachDatabase('rate-limit keys', (dialect) => {
  const ctx = useTestContext(dialect, { rateLimit: { signIn: 2, booking: 2, windowMs: 60_000 } })

  /** A booking of a slot that does not exist (404, but counted all the same) from an address. */
  const book = (remoteAddress: string, person?: TestPerson, token = person?.token) =>
    ctx.call({
      method: 'POST',
      url: '/api/schedule/v3/schedules/999999/sessions/dashboard',
      remoteAddress,
      token,
      payload: { communication_way: 0, subject_id: 1 },
    })

  const signIn = (remoteAddress: string, token?: string) =>
    ctx.call({
      method: 'POST',
      url: '/api/authentication/auth/login',
      remoteAddress,
      token,
      payload: {
        code: 'bad',
        code_verifier: 'x'.repeat(43),
        redirect_uri: 'http://localhost:8080/redirectauth',
      },
    })

  it('counts two people behind one address apart', async () => {
    const [a, b] = [await ctx.person(), await ctx.person()]
    const statuses = []
    for (const person of [a, a, b, b]) statuses.push((await book('198.51.100.7', person)).statusCode)
    expect(statuses).toEqual([404, 404, 404, 404])
    expect((await book('198.51.100.7', a)).statusCode).toBe(429)
    expect((await book('198.51.100.7', b)).statusCode).toBe(429)
  })

  it('counts one person on two addresses together', async () => {
    const person = await ctx.person()
    expect((await book('198.51.100.20', person)).statusCode).toBe(404)
    expect((await book('198.51.100.21', person)).statusCode).toBe(404)
    const third = await book('198.51.100.22', person)
    expect(third.statusCode).toBe(429)
    expect(third.json().error.code).toBe('rate_limited')
  })

  it('counts visitors by address, and gives made-up tokens no count of their own', async () => {
    expect((await signIn('198.51.100.30')).statusCode).not.toBe(429)
    expect((await signIn('198.51.100.30')).statusCode).not.toBe(429)
    expect((await signIn('198.51.100.30')).statusCode).toBe(429)
    // Another address has its own count.
    expect((await signIn('198.51.100.31')).statusCode).not.toBe(429)
    // A made-up token is refused before any count: it never reaches the route from a throttled address.
    for (let i = 0; i < 3; i++) {
      const res = await signIn('198.51.100.30', `made-up-${i}`)
      expect(res.statusCode).toBe(401)
    }
    expect((await signIn('198.51.100.30')).statusCode).toBe(429)
  })
})

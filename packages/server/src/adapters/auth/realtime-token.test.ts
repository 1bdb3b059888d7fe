import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { testConfig } from '../../test-support/context.ts'
import { issueRealtimeToken, REALTIME_AUDIENCE, verifyRealtimeToken } from './realtime-token.ts'

const config = testConfig()

describe('realtime tokens', () => {
  it('carry the person, the contributor id and the session, for 10 minutes', async () => {
    const token = await issueRealtimeToken(config, { personId: 7, contributorId: 3, sessionId: 's-1' })
    expect(await verifyRealtimeToken(config, token)).toEqual({
      personId: 7,
      contributorId: 3,
      sessionId: 's-1',
    })
    const [, payload = ''] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    expect(claims).toMatchObject({ sub: '7', cid: 3, aud: REALTIME_AUDIENCE, iss: config.publicUrl })
    expect(claims.exp - claims.iat).toBe(600)
  })

  it('keep a null contributor id', async () => {
    const token = await issueRealtimeToken(config, { personId: 8, contributorId: null, sessionId: null })
    expect(await verifyRealtimeToken(config, token)).toEqual({
      personId: 8,
      contributorId: null,
      sessionId: null,
    })
  })

  it('are refused when expired, signed with another secret, tampered with, or meant for the API', async () => {
    const old = await issueRealtimeToken(
      config,
      { personId: 7, contributorId: null, sessionId: null },
      new Date(Date.now() - 11 * 60 * 1000),
    )
    expect(await verifyRealtimeToken(config, old)).toBeNull()

    const other = await issueRealtimeToken(
      { ...config, tokenSecret: 'another-secret-of-enough-length' },
      { personId: 7, contributorId: null, sessionId: null },
    )
    expect(await verifyRealtimeToken(config, other)).toBeNull()

    const good = await issueRealtimeToken(config, { personId: 7, contributorId: 1, sessionId: null })
    const [h, p, s] = good.split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: '1' }),
    )
    expect(await verifyRealtimeToken(config, `${h}.${forged.toString('base64url')}.${s}`)).toBeNull()

    const apiLike = await new SignJWT({ sid: 'x', cid: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer(config.publicUrl)
      .setAudience('mashura-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(config.tokenSecret))
    expect(await verifyRealtimeToken(config, apiLike)).toBeNull()
    expect(await verifyRealtimeToken(config, 'not-a-token')).toBeNull()
  })
})

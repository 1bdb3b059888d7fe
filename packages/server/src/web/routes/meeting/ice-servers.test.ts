import { createHmac } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.ts'
import { type IceConfig, iceServersFor } from '../../../domain/ice.ts'
import { eachDatabase, usePeople, useTestContext } from '../../../test-support/context.ts'
import { addSession, hoursFromNow } from '../../../test-support/fixtures.ts'

const SECRET = 'turn-shared-secret-of-the-relay'
const ice: IceConfig = {
  stunUrls: ['stun:turn.mashura.test:3478'],
  turnUrls: ['turn:turn.mashura.test:3478?transport=udp', 'turns:turn.mashura.test:5349'],
  turnSecret: SECRET,
  turnTtlSeconds: 3600,
  transportPolicy: 'relay',
}

describe('ICE settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/mashura-ice-config', TOKEN_SECRET: 'x'.repeat(32) }

  it('reads STUN and TURN servers, the secret, the lifetime and the policy', () => {
    const config = loadConfig({
      ...base,
      STUN_URLS: 'stun:a.example:3478, stuns:b.example:5349',
      TURN_URLS: 'turn:a.example:3478?transport=tcp',
      TURN_SECRET: SECRET,
      TURN_TTL_SECONDS: '600',
      ICE_TRANSPORT_POLICY: 'relay',
    })
    expect(config.ice).toEqual({
      stunUrls: ['stun:a.example:3478', 'stuns:b.example:5349'],
      turnUrls: ['turn:a.example:3478?transport=tcp'],
      turnSecret: SECRET,
      turnTtlSeconds: 600,
      transportPolicy: 'relay',
    })
    expect(loadConfig(base).ice).toMatchObject({ stunUrls: [], turnUrls: [], transportPolicy: 'all' })
  })

  it('refuses to start on a setting that would break calls, naming the variable', () => {
    expect(() => loadConfig({ ...base, TURN_URLS: 'turn:a.example' })).toThrow(/TURN_URLS needs TURN_SECRET/)
    expect(() => loadConfig({ ...base, STUN_URLS: 'turn:a.example' })).toThrow(/STUN_URLS takes/)
    expect(() => loadConfig({ ...base, TURN_URLS: 'https://a.example', TURN_SECRET: 's' })).toThrow(
      /TURN_URLS takes/,
    )
    expect(() => loadConfig({ ...base, ICE_TRANSPORT_POLICY: 'relay' })).toThrow(/relay needs TURN_URLS/)
    expect(() => loadConfig({ ...base, ICE_TRANSPORT_POLICY: 'none' })).toThrow(/all or relay/)
  })

  it('mints TURN credentials the relay can check with the shared secret alone', () => {
    const now = new Date('2026-11-22T10:00:00Z')
    const out = iceServersFor(ice, 42, now)
    const expiry = Math.floor(now.getTime() / 1000) + 3600
    expect(out).toEqual({
      ice_servers: [
        { urls: ice.stunUrls },
        {
          urls: ice.turnUrls,
          username: `${expiry}:42`,
          credential: createHmac('sha1', SECRET).update(`${expiry}:42`).digest('base64'),
        },
      ],
      ice_transport_policy: 'relay',
      expires_at: '2026-11-22T11:00:00.000Z',
    })
    expect(iceServersFor({ ...ice, turnUrls: [], turnSecret: null, transportPolicy: 'all' }, 42)).toEqual({
      ice_servers: [{ urls: ice.stunUrls }],
      ice_transport_policy: 'all',
      expires_at: null,
    })
  })
})

eachDatabase('GET /schedule/webrtc/ice-servers/{id}', (dialect) => {
  const ctx = useTestContext(dialect, { ice })
  const { contributor, owner, otherOwner } = usePeople(ctx, {
    contributor: { name: 'نورة', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة' },
    otherOwner: { name: 'فهد' },
  })
  const ids: Record<'online' | 'office' | 'zoom' | 'ended', number> = {
    online: 0,
    office: 0,
    zoom: 0,
    ended: 0,
  }

  beforeAll(async () => {
    const add = (values: Parameters<typeof addSession>[1]) => addSession(ctx.store.db, values)
    const common = { contributorId: contributor.contributorId!, smeId: owner.personId }
    ids.online = (await add({ ...common, start: hoursFromNow(1) })).id
    ids.office = (await add({ ...common, start: hoursFromNow(3), communication_way: 1 })).id
    ids.zoom = (await add({ ...common, start: hoursFromNow(5), meeting_provider: 'zoom' })).id
    ids.ended = (await add({ ...common, start: hoursFromNow(-30), state: 'ended' })).id
  })

  const get = (id: number, token: string | null) => ctx.get(`/api/schedule/webrtc/ice-servers/${id}`, token)

  it('gives each participant the servers, with TURN credentials of their own', async () => {
    const users = new Set<string>()
    for (const who of [contributor, owner]) {
      const res = await get(ids.online, who.token)
      expect(res.statusCode, res.body).toBe(200)
      const data = res.json().data
      expect(data.ice_transport_policy).toBe('relay')
      expect(data.ice_servers[0]).toEqual({ urls: ice.stunUrls })
      const turn = data.ice_servers[1]
      expect(turn.urls).toEqual(ice.turnUrls)
      expect(turn.username).toMatch(new RegExp(`^\\d+:${who.personId}$`))
      expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username).digest('base64'))
      const left = Date.parse(data.expires_at) - Date.now()
      expect(left).toBeGreaterThan(3500_000)
      expect(left).toBeLessThanOrEqual(3600_000)
      users.add(turn.username)
    }
    expect(users.size).toBe(2)
  })

  it('is 404 for an office, Zoom or ended session, or somebody else, and 401 without sign-in', async () => {
    for (const id of [ids.office, ids.zoom, ids.ended, 999_999])
      expect((await get(id, owner.token)).statusCode, String(id)).toBe(404)
    const other = await get(ids.online, otherOwner.token)
    expect(other.statusCode).toBe(404)
    expect(other.json().error.message).toBeTruthy()
    expect((await get(ids.online, null)).statusCode).toBe(401)
  })
})

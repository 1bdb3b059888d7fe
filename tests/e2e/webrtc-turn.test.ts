import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CallFixture,
  callState,
  type Person,
  remoteMedia,
  startCallFixture,
} from './support/call-page.ts'
import { type Relay, startRelay } from './support/turn.ts'

// The built-in call through a real TURN relay (coturn) with the platform's own settings: TURN_URLS,
// TURN_SECRET and ICE_TRANSPORT_POLICY=relay. The browsers get credentials minted for each person from
// GET /schedule/webrtc/ice-servers/{id}, the relay checks them with the shared secret, and every byte of
// media goes through it: neither browser offers a host candidate.
let relay: Relay
let fixture: CallFixture

beforeAll(async () => {
  relay = await startRelay()
  fixture = await startCallFixture({
    TURN_URLS: relay.url,
    TURN_SECRET: relay.secret,
    ICE_TRANSPORT_POLICY: 'relay',
  })
})

afterAll(async () => {
  await fixture?.close()
  await relay?.stop()
})

// Every RTCPeerConnection the page makes, for reading its statistics.
const recordConnections = () => {
  const Native = window.RTCPeerConnection
  const made: RTCPeerConnection[] = []
  Object.assign(window, { peerConnections: made })
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config)
      made.push(this)
    }
  } as typeof RTCPeerConnection
}

/** The live connection's configuration and the candidates of its selected pair and of all it gathered. */
function connectionFacts(page: Page) {
  return page.evaluate(async () => {
    const made = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections
    const pc = made.findLast((c) => c.connectionState === 'connected')
    if (!pc) return null
    const config = pc.getConfiguration()
    const stats = [...(await pc.getStats()).values()] as Array<Record<string, unknown>>
    const byId = new Map(stats.map((s) => [s.id, s]))
    const transport = stats.find((s) => s.type === 'transport')
    const pair = byId.get(transport?.selectedCandidatePairId)
    return {
      policy: config.iceTransportPolicy,
      turnUsers: (config.iceServers ?? []).map((s) => s.username ?? null),
      selected: [
        byId.get(pair?.localCandidateId)?.candidateType,
        byId.get(pair?.remoteCandidateId)?.candidateType,
      ],
      gathered: [...new Set(stats.filter((s) => s.type === 'local-candidate').map((s) => s.candidateType))],
    }
  })
}

describe('built-in WebRTC call through a TURN relay', () => {
  it('connects both people through the relay with credentials of their own, and media flows', async () => {
    const expert = await fixture.platform.command<Person>('mashura-sign-in', { subject: 'dev-consultant' })
    const owner = await fixture.platform.command<Person>('mashura-sign-in', { subject: 'dev-sme' })
    const sessionId = await fixture.ongoingSession()
    const prepare = async (context: BrowserContext) => {
      await context.addInitScript(recordConnections)
    }
    const expertPage = await fixture.open(expert, sessionId, true, 'ar', prepare)
    await expect.poll(() => callState(expertPage), { timeout: 15_000 }).toBe('waiting')
    const ownerPage = await fixture.open(owner, sessionId, false, 'en', prepare)
    for (const page of [ownerPage, expertPage]) {
      await expect.poll(() => callState(page), { timeout: 30_000 }).toBe('connected')
      await expect.poll(async () => (await remoteMedia(page)).width, { timeout: 15_000 }).toBeGreaterThan(0)
    }
    for (const [page, person] of [
      [expertPage, expert],
      [ownerPage, owner],
    ] as const) {
      const facts = await connectionFacts(page)
      expect(facts).toMatchObject({ policy: 'relay', selected: ['relay', 'relay'], gathered: ['relay'] })
      expect(facts?.turnUsers).toEqual([expect.stringMatching(new RegExp(`^\\d+:${person.personId}$`))])
    }
    // The relay saw both people's allocations, by the usernames the platform made for them.
    expect(relay.log()).toMatch(new RegExp(`\\d+:${expert.personId}`))
    expect(relay.log()).toMatch(new RegExp(`\\d+:${owner.personId}`))
  })
})

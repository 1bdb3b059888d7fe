import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createEventBus, type DomainEvent } from './bus.ts'

describe('event bus in memory', () => {
  it('delivers events to subscribers until they stop', async () => {
    const bus = await createEventBus({ redisUrl: null, prefix: 'x:' })
    const got: DomainEvent[] = []
    const stop = bus.subscribe((e) => got.push(e))
    await bus.publish({ type: 'notifications.changed', personId: 1 })
    stop()
    await bus.publish({ type: 'notifications.changed', personId: 2 })
    expect(got).toEqual([{ type: 'notifications.changed', personId: 1 }])
    await bus.close()
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('event bus through Redis', () => {
  it('carries an event published on one instance to another', async () => {
    const prefix = `mashura-test-${randomBytes(4).toString('hex')}:`
    const a = await createEventBus({ redisUrl: process.env.TEST_REDIS_URL!, prefix })
    const b = await createEventBus({ redisUrl: process.env.TEST_REDIS_URL!, prefix })
    const got = new Promise<DomainEvent>((resolve) => b.subscribe(resolve))
    await a.publish({ type: 'expert.changed', contributorId: 7 })
    expect(await got).toEqual({ type: 'expert.changed', contributorId: 7 })
    await a.close()
    await b.close()
  })
})

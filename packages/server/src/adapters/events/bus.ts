/**
 * Domain events: what changed, for the realtime socket to tell the people concerned.
 * In one process the bus is an in-memory emitter; with REDIS_URL every event goes
 * through a Redis channel, so a change made on one instance reaches sockets on all.
 */
import { EventEmitter } from 'node:events'
import { connectRedis } from '../redis.ts'

/** Something that changed. Ids only: listeners read the current state themselves. */
export type DomainEvent =
  /** A contributor's live expert record (chat status, instant flags) changed. */
  | { type: 'expert.changed'; contributorId: number }
  /** A person's notifications (list or unread count) changed. */
  | { type: 'notifications.changed'; personId: number }
  /** A conversation between a contributor and a business owner changed (a message, a read). */
  | { type: 'conversation.changed'; conversationId: number; contributorId: number; smeId: number }
  /** A session or request changed state. */
  | { type: 'session.changed'; sessionId: number; contributorId: number; smeId: number }
  /** An API session ended (a logout): the realtime sockets opened under it close at once, on every instance. */
  | { type: 'api_session.ended'; apiSessionId: string }
  /** A person's data was erased (issue 34): their sockets close and the caches drop what they hold, everywhere. */
  | { type: 'person.erased'; personId: number }
  /** A WebRTC signalling message from one participant of a session to the other. */
  | { type: 'signal'; sessionId: number; fromPersonId: number; toPersonId: number; payload: unknown }

/** The bus. */
export interface EventBus {
  /** Publishes an event to every listener on every instance. */
  publish(event: DomainEvent): Promise<void>
  /** Listens to every event; returns a function that stops listening. */
  subscribe(listener: (event: DomainEvent) => void): () => void
  /** Closes the Redis connections, if any. */
  close(): Promise<void>
}

/** Makes the bus: in-memory, or through Redis when a URL is given. */
export async function createEventBus(options: {
  redisUrl: string | null
  prefix: string
}): Promise<EventBus> {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  const subscribe = (listener: (event: DomainEvent) => void) => {
    emitter.on('event', listener)
    return () => {
      emitter.off('event', listener)
    }
  }
  if (!options.redisUrl) {
    return {
      async publish(event) {
        emitter.emit('event', event)
      },
      subscribe,
      async close() {},
    }
  }
  const channel = `${options.prefix}events`
  const pub = await connectRedis(options.redisUrl, { maxRetriesPerRequest: 2 })
  const sub = await connectRedis(options.redisUrl, { maxRetriesPerRequest: 2 })
  await sub.subscribe(channel)
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return
    try {
      emitter.emit('event', JSON.parse(message) as DomainEvent)
    } catch {
      // Not ours; ignore.
    }
  })
  return {
    async publish(event) {
      // Every instance, this one included, hears it back from Redis: one path, one order.
      await pub.publish(channel, JSON.stringify(event))
    },
    subscribe,
    async close() {
      sub.disconnect()
      pub.disconnect()
    },
  }
}

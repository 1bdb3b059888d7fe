/**
 * The fan-out: turns the bus's domain events into messages to this instance's sockets. The bus crosses
 * instances through Redis, so a change made on one instance reaches sockets on every instance; the current
 * state is read from the database when an event arrives, and only when a socket here wants it.
 */
import type { DomainEvent, EventBus } from '../events/bus.ts'
import type { Connections } from './connections.ts'
import { send } from './socket.ts'
import type { Topics } from './topics.ts'

/** Where the fan-out logs an event it could not deliver. */
export interface FanOutLog {
  warn(details: object, message: string): void
}

/** Sends one event to the sockets it concerns. */
async function deliver(event: DomainEvent, connections: Connections, topics: Topics): Promise<void> {
  switch (event.type) {
    case 'expert.changed': {
      const conns = connections.ofContributor(event.contributorId, 'expert')
      if (conns.length === 0) return
      const record = await topics.expertRecord(event.contributorId)
      for (const c of conns) send(c.socket, 'expert', { contributor_id: event.contributorId, record })
      return
    }
    case 'notifications.changed': {
      const conns = connections.ofPerson(event.personId, 'notification_count')
      if (conns.length === 0) return
      const count = await topics.notificationCount(event.personId)
      for (const c of conns) send(c.socket, 'notification_count', { count })
      return
    }
    case 'conversation.changed': {
      // Both people hear of it on `chat`: the business owner by person id, the expert by contributor id.
      const nudged = new Set([
        ...connections.ofPerson(event.smeId, 'chat'),
        ...connections.ofContributor(event.contributorId, 'chat'),
      ])
      for (const c of nudged)
        send(c.socket, 'chat', { contributor_id: event.contributorId, sme_id: event.smeId })
      const conns = connections.ofContributor(event.contributorId, 'conversations')
      if (conns.length === 0) return
      // Every socket of a contributor belongs to the same person.
      const list = await topics.conversations(event.contributorId)
      for (const c of conns)
        send(c.socket, 'conversations', { contributor_id: event.contributorId, conversations: list })
      return
    }
    case 'session.changed': {
      const conns = new Set([
        ...connections.ofPerson(event.smeId, 'sessions'),
        ...connections.ofContributor(event.contributorId, 'sessions'),
      ])
      if (conns.size === 0) return
      const session = await topics.session(event.sessionId)
      if (!session) return
      // The row, not the event, decides who hears of it.
      for (const c of conns) {
        if (c.personId === session.sme_id || c.contributorId === session.contributor_id)
          send(c.socket, 'session', { session })
      }
      return
    }
    case 'api_session.ended': {
      // A logout closes its sockets now, not at the next minute's session check (issue 17).
      for (const c of connections.all())
        if (c.apiSessionId === event.apiSessionId) c.socket.close(4001, 'session_ended')
      return
    }
    case 'person.erased': {
      // Their sign-in sessions are gone: every socket of theirs closes now, on every instance.
      for (const c of connections.allOfPerson(event.personId)) c.socket.close(4001, 'session_ended')
      return
    }
    case 'signal': {
      for (const c of connections.allOfPerson(event.toPersonId)) {
        send(c.socket, 'signal', {
          session_id: event.sessionId,
          from_person_id: event.fromPersonId,
          payload: event.payload,
        })
      }
      return
    }
  }
}

/** Starts delivering the bus's events to `connections`; returns the function that stops it. */
export function startFanOut(
  bus: EventBus,
  connections: Connections,
  topics: Topics,
  log: FanOutLog,
): () => void {
  return bus.subscribe((event) => {
    deliver(event, connections, topics).catch((error: unknown) =>
      log.warn({ err: (error as Error).message, event: event.type }, 'realtime event failed'),
    )
  })
}

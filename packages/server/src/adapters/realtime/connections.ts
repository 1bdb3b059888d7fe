/**
 * The hub's signed-in sockets, indexed by person and by contributor so that an event reaches exactly the
 * sockets it concerns, plus the sockets still waiting for their `auth` message.
 */
import type { WebSocket } from 'ws'
import type { Conn, Topic } from './socket.ts'

function addTo<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  const set = map.get(key) ?? new Set()
  set.add(conn)
  map.set(key, set)
}

function removeFrom<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  const set = map.get(key)
  if (!set) return
  set.delete(conn)
  if (set.size === 0) map.delete(key)
}

/** The sockets of one hub. */
export interface Connections {
  /** Sockets opened and not yet signed in. */
  pending: Set<WebSocket>
  /** Adds a signed-in socket. */
  add(conn: Conn): void
  /** Removes a closed socket. */
  remove(conn: Conn): void
  /** Every signed-in socket. */
  all(): Conn[]
  /** A person's sockets subscribed to a topic. */
  ofPerson(personId: number, topic: Topic): Conn[]
  /** A contributor's sockets subscribed to a topic. */
  ofContributor(contributorId: number, topic: Topic): Conn[]
  /** Every socket of a person, whatever it subscribed to. */
  allOfPerson(personId: number): Conn[]
}

/** An empty set of sockets. */
export function createConnections(): Connections {
  const byPerson = new Map<number, Set<Conn>>()
  const byContributor = new Map<number, Set<Conn>>()
  const interested = (set: Set<Conn> | undefined, topic: Topic) =>
    [...(set ?? [])].filter((c) => c.topics.has(topic))
  return {
    pending: new Set(),
    add(conn) {
      addTo(byPerson, conn.personId, conn)
      if (conn.contributorId !== null) addTo(byContributor, conn.contributorId, conn)
    },
    remove(conn) {
      removeFrom(byPerson, conn.personId, conn)
      if (conn.contributorId !== null) removeFrom(byContributor, conn.contributorId, conn)
    },
    all: () => [...byPerson.values()].flatMap((s) => [...s]),
    ofPerson: (personId, topic) => interested(byPerson.get(personId), topic),
    ofContributor: (contributorId, topic) => interested(byContributor.get(contributorId), topic),
    allOfPerson: (personId) => [...(byPerson.get(personId) ?? [])],
  }
}

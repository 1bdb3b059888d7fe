/**
 * Signing a socket in and keeping it signed in: the first message's realtime token, checked against a live
 * API session, and the periodic re-check that closes the sockets whose API session has ended.
 */
import type { Kysely } from 'kysely'
import type { WebSocket } from 'ws'
import type { Config } from '../../config.ts'
import { contributorIdOfPerson } from '../../db/queries/people.ts'
import { apiSessionRow, unrevokedApiSessions } from '../../db/queries/realtime.ts'
import type { Database } from '../../db/tables.ts'
import { verifyRealtimeToken } from '../auth/realtime-token.ts'
import { type Conn, sendError } from './socket.ts'

async function apiSessionLive(db: Kysely<Database>, id: string, personId: number): Promise<boolean> {
  const row = await apiSessionRow(db, id)
  return (
    !!row && row.person_id === personId && row.revoked_at === null && Date.parse(row.expires_at) > Date.now()
  )
}

/**
 * Signs a socket in with its first message, `auth` `{ token }`: the connection, or null after answering
 * `unauthenticated` or `invalid_token` and closing the socket with 4001.
 */
export async function authenticate(
  config: Config,
  db: Kysely<Database>,
  socket: WebSocket,
  message: Record<string, unknown>,
): Promise<Conn | null> {
  const data = (message.data ?? {}) as { token?: unknown }
  if (message.type !== 'auth' || typeof data.token !== 'string') {
    sendError(socket, 'unauthenticated', 'the first message must be auth')
    socket.close(4001, 'unauthenticated')
    return null
  }
  const identity = await verifyRealtimeToken(config, data.token)
  if (!identity?.sessionId || !(await apiSessionLive(db, identity.sessionId, identity.personId))) {
    sendError(socket, 'invalid_token', 'the realtime token was refused')
    socket.close(4001, 'invalid_token')
    return null
  }
  // The expert identity as it is now, not as it was when the token was issued.
  const contributor = await contributorIdOfPerson(db, identity.personId)
  return {
    socket,
    personId: identity.personId,
    contributorId: contributor?.id ?? null,
    apiSessionId: identity.sessionId,
    topics: new Set(),
    alive: true,
  }
}

/** Closes (4001) every socket whose API session was revoked or has expired. */
export async function closeEndedSessions(db: Kysely<Database>, conns: readonly Conn[]): Promise<void> {
  if (conns.length === 0) return
  const ids = [...new Set(conns.map((c) => c.apiSessionId))]
  const live = new Set<string>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await unrevokedApiSessions(db, ids.slice(i, i + 500))
    for (const r of rows) if (Date.parse(r.expires_at) > Date.now()) live.add(r.id)
  }
  for (const c of conns) if (!live.has(c.apiSessionId)) c.socket.close(4001, 'session_ended')
}

/**
 * The WebRTC signalling relay: a `signal` message from one participant of an ongoing online session is
 * published on the bus for the other participant only (the fan-out delivers it on whichever instance
 * holds their socket).
 */
import type { Kysely } from 'kysely'
import { sessionParticipants } from '../../db/queries/realtime.ts'
import type { Database } from '../../db/tables.ts'
import type { EventBus } from '../events/bus.ts'
import { type Conn, sendError } from './socket.ts'

/** The largest signalling payload relayed, in bytes of JSON. */
export const MAX_SIGNAL_BYTES = 16 * 1024

/**
 * Relays one `signal` message (`{ sessionId, payload }`, also accepted under `data`), or answers the
 * socket with `bad_message`, `too_large` or `forbidden`.
 */
export async function relaySignal(
  db: Kysely<Database>,
  bus: EventBus,
  conn: Conn,
  message: Record<string, unknown>,
): Promise<void> {
  const body = (typeof message.data === 'object' && message.data !== null ? message.data : message) as Record<
    string,
    unknown
  >
  const sessionId = Number(body.sessionId ?? body.session_id)
  if (!Number.isSafeInteger(sessionId) || sessionId < 1 || body.payload === undefined) {
    sendError(conn.socket, 'bad_message', 'signal needs sessionId and payload')
    return
  }
  if (Buffer.byteLength(JSON.stringify(body.payload)) > MAX_SIGNAL_BYTES) {
    sendError(conn.socket, 'too_large', `signal payload is over ${MAX_SIGNAL_BYTES} bytes`)
    return
  }
  const row = await sessionParticipants(db, sessionId)
  const to =
    row?.sme_id === conn.personId
      ? row.expert_person_id
      : row?.expert_person_id === conn.personId
        ? row.sme_id
        : null
  if (!row || to === null || to === conn.personId) {
    // Not a participant: the same answer as for a session that does not exist.
    sendError(conn.socket, 'forbidden', 'not a participant of this session')
    return
  }
  // Only a started, not yet ended, online session has a call to signal for (issue 17): not a waiting,
  // rejected or expired request, not a booking before it starts, not one that is over.
  if (row.state !== 'ongoing' || row.communication_way !== 0) {
    sendError(conn.socket, 'forbidden', 'the session has no live call')
    return
  }
  await bus.publish({
    type: 'signal',
    sessionId,
    fromPersonId: conn.personId,
    toPersonId: to,
    payload: body.payload,
  })
}

/**
 * Push: sends a notification to a person's registered browsers. The message carries
 * the data fields the spec names (title, request_id, session_id) and notification.body.
 * This default sends nothing; the Web Push implementation replaces `createPushService`'s body.
 */
import type { Config } from '../config.ts'
import type { Store } from '../db/database.ts'

/** What a push carries (spec section 7: data fields title, request_id, session_id; notification.body). */
export interface PushMessage {
  title: string
  body: string
  request_id?: number | null
  session_id?: number | null
}

/** Sends pushes. */
export interface PushService {
  /** Sends to every registration of a person; failures are logged, never thrown. */
  sendToPerson(personId: number, message: PushMessage): Promise<void>
}

/** Makes the push service for a configuration. */
export async function createPushService(_config: Config, _store: Store): Promise<PushService> {
  return { async sendToPerson() {} }
}

/**
 * Notifications: one place that records a notification for a person, tells their open
 * sockets (the count changed) and sends a push. Callers pass catalog keys so the text
 * is stored in both languages.
 */
import { createTranslator, type MessageKey } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { EventBus } from '../adapters/events/bus.ts'
import type { PushMessage, PushService } from '../adapters/push/service.ts'
import { insertNotification } from '../db/queries/notifications.ts'
import type { Database } from '../db/tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What happened, for the notification's `kind`. */
export type NotificationKind =
  | 'booking'
  | 'request_new'
  | 'request_answered'
  | 'session_cancelled'
  | 'session_moved'
  | 'request_withdrawn'
  | 'request_moved'
  | 'sme_absent'
  | 'session_starting'
  | 'chat_message'
  | 'instant_session'
  | 'data_export_ready'
  | 'recommendations_reminder'

/** A notification to record. */
export interface NewNotification {
  personId: number
  kind: NotificationKind
  title: MessageKey
  body: MessageKey
  values?: Record<string, string | number>
  requestId?: number | null
  sessionId?: number | null
  /** A chat message's other party, as the recipient's chat page names them (`/Chat/{id}`). */
  chatWith?: number | null
}

/** The services a notification goes through. */
export interface NotifyDeps {
  db: Kysely<Database>
  bus: EventBus
  push: PushService
}

/** A recorded notification, to deliver once its transaction commits: whose, and the push it makes. */
export interface RecordedNotification {
  id: number
  personId: number
  push: PushMessage
}

/** Records a notification (in the caller's transaction, if any); {@link deliverNotification} tells of it. */
export async function recordNotification(db: Db, n: NewNotification): Promise<RecordedNotification> {
  const ar = createTranslator('ar')
  const en = createTranslator('en')
  const row = await insertNotification(db, {
    person_id: n.personId,
    kind: n.kind,
    title_ar: ar.t(n.title, n.values),
    title_en: en.t(n.title, n.values),
    body_ar: ar.t(n.body, n.values),
    body_en: en.t(n.body, n.values),
    request_id: n.requestId ?? null,
    session_id: n.sessionId ?? null,
    chat_with: n.chatWith ?? null,
    read_at: null,
    created_at: new Date().toISOString(),
  })
  return {
    id: row.id,
    personId: n.personId,
    push: {
      title: ar.t(n.title, n.values),
      body: ar.t(n.body, n.values),
      request_id: n.requestId ?? null,
      session_id: n.sessionId ?? null,
      chat_with: n.chatWith ?? null,
    },
  }
}

/** Tells a recorded notification's person: their sockets (the count changed) and their browsers (a push). */
export async function deliverNotification(
  deps: Pick<NotifyDeps, 'bus' | 'push'>,
  n: RecordedNotification,
): Promise<void> {
  await deps.bus.publish({ type: 'notifications.changed', personId: n.personId })
  await deps.push.sendToPerson(n.personId, n.push)
}

/** Records a notification, tells the person's sockets, and pushes it to their browsers. */
export async function notify(deps: NotifyDeps, n: NewNotification): Promise<number> {
  const recorded = await recordNotification(deps.db, n)
  await deliverNotification(deps, recorded)
  return recorded.id
}

/** The name of a notification whose texts `notify.<name>.title` and `notify.<name>.body` both exist. */
export type NoticeName = {
  [K in MessageKey]: K extends `notify.${infer N}.title`
    ? `notify.${N}.body` extends MessageKey
      ? N
      : never
    : never
}[MessageKey]

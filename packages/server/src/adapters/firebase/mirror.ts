/**
 * The realtime state, mirrored into Firestore for the Firebase clients (core's `adapters/realtime/firebase.ts`, the
 * agency's apps), as the WebSocket hub tells it to sockets. The documents:
 *
 * - `experts/{contributorId}`: `{ data: { role, chat_status, join_now_enabled, available_for_instant } }`
 *   (spec section 3's expert record, "under a data object");
 * - `notifications/{contributorId}`: `{ count }`, the expert's unread notifications ("held separately");
 * - `experts/{contributorId}/conversations/{smeId}`: `{ lastMessage: { user: { id }, body, status, type },
 *   updated_at }` (spec section 3's chat conversation).
 *
 * Each domain event of the bus is answered by reading the current state and writing the document whole, one
 * write at a time in the order the events came, so a document always ends at the database's state. With
 * several instances each writes the same state (the writes are idempotent). On start every expert's record
 * and count is written once, for a deployment that turns Firebase on with people already in it.
 */
import type { FastifyInstance } from 'fastify'
import type { Firestore } from 'firebase-admin/firestore'
import { contributorIdOfPerson } from '../../db/queries/people.ts'
import { allContributorPersons } from '../../db/queries/realtime.ts'
import { unreadCount } from '../../domain/chat.ts'
import { conversationsFor } from '../../wire/chat.ts'
import type { DomainEvent } from '../events/bus.ts'
import { expertRecord } from '../realtime/state.ts'

/** The document paths, shared with core's Firebase client. */
export const firestorePaths = {
  expert: (contributorId: number | string) => `experts/${contributorId}`,
  notificationCount: (contributorId: number | string) => `notifications/${contributorId}`,
  conversation: (contributorId: number | string, smeId: number | string) =>
    `experts/${contributorId}/conversations/${smeId}`,
}

/** Starts mirroring; returns a function that stops it and resolves once the writes under way are done. */
export function startFirestoreMirror(app: FastifyInstance, firestore: Firestore): () => Promise<void> {
  const { db } = app.store
  let queue: Promise<void> = Promise.resolve()
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, 'Firestore mirror write failed'))
  }

  async function writeExpert(contributorId: number) {
    const record = await expertRecord(db, contributorId)
    const doc = firestore.doc(firestorePaths.expert(contributorId))
    if (record) await doc.set({ data: record }, { merge: true })
    else await doc.delete()
  }

  async function writeCount(personId: number) {
    const contributor = await contributorIdOfPerson(db, personId)
    if (!contributor) return
    await firestore
      .doc(firestorePaths.notificationCount(contributor.id))
      .set({ count: await unreadCount(db, personId) })
  }

  async function writeConversation(contributorId: number, smeId: number) {
    const conversation = (await conversationsFor(db, contributorId)).find((c) => c.id === String(smeId))
    if (!conversation) return
    await firestore.doc(firestorePaths.conversation(contributorId, smeId)).set({
      lastMessage: conversation.lastMessage ?? null,
      updated_at: conversation.updated_at,
    })
  }

  function handle(event: DomainEvent) {
    if (event.type === 'expert.changed') enqueue(() => writeExpert(event.contributorId))
    else if (event.type === 'notifications.changed') enqueue(() => writeCount(event.personId))
    else if (event.type === 'conversation.changed')
      enqueue(() => writeConversation(event.contributorId, event.smeId))
  }

  const unsubscribe = app.bus.subscribe(handle)
  enqueue(async () => {
    const experts = await allContributorPersons(db)
    for (const expert of experts) {
      await writeExpert(expert.id)
      await writeCount(expert.person_id)
    }
  })
  return async () => {
    unsubscribe()
    await queue
  }
}

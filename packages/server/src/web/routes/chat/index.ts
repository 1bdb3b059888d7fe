/**
 * Chat and notifications (spec section 7: four calls).
 *
 * Chat runs between a contributor and a business owner who share a session, while the contributor's
 * chat_status is on (see domain/chat.ts). `{id}` is always the other party: a business owner's person id
 * when `user_type`/`notifiable_user` is `sme` (the caller acts as the expert), a contributor id when it is
 * `contributor` (the caller acts as the business owner).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppNotification, Language, UserRole } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { answerPage } from '../../../db/paging.ts'
import { markNotificationRead, notificationOf, notificationsOf } from '../../../db/queries/notifications.ts'
import { personName } from '../../../db/queries/people.ts'
import type { Database, Row } from '../../../db/tables.ts'
import {
  type ChatPossibilityResult,
  chatFileFor,
  chatFileUrl,
  chatPossibility,
  otherParty,
  sendChatMessage,
  unreadCount,
} from '../../../domain/chat.ts'
import { deliverNotification, recordNotification } from '../../../domain/notifications.ts'
import { ApiHttpError, notFound, unprocessable } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth, requireContributor } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { callRoutes, rateLimited } from '../call-route.ts'

/** A notification row on the wire, in a language. */
export function notificationOut(row: Row<'notifications'>, lang: Language): AppNotification {
  return {
    id: row.id,
    title: lang === 'en' ? row.title_en : row.title_ar,
    body: lang === 'en' ? row.body_en : row.body_ar,
    data: { request_id: row.request_id, session_id: row.session_id, chat_with: row.chat_with },
    read_at: row.read_at,
    created_at: row.created_at,
  }
}

/** Whether the caller and `{id}` may chat; the caller's side follows from the other party's role. */
async function possibilityFor(
  db: Kysely<Database>,
  request: FastifyRequest,
  otherId: number,
  otherRole: UserRole,
): Promise<ChatPossibilityResult> {
  if (otherRole === 'sme') {
    const auth = requireContributor(request)
    return chatPossibility(db, auth.contributorId, otherId)
  }
  const auth = requireAuth(request)
  return chatPossibility(db, otherId, auth.personId)
}

const route = callRoutes({ tags: ['chat'], access: 'signedIn' })

export async function chatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...route(calls.getChattingPossibility, {
      summary: 'Whether the signed-in person may chat with another person.',
      description:
        'With user_type=sme, {id} is a business owner and the caller must be a contributor (403 otherwise); ' +
        'with user_type=contributor, {id} is a contributor and the caller is the business owner. Chat is ' +
        "possible when the two share a session that was not cancelled and the contributor's chat_status is on; " +
        'otherwise can_chat is false with the reason in the request language.',
    }),
    handler: async (request) => {
      const result = await possibilityFor(db, request, request.params.id, request.query.user_type)
      return {
        data: result.ok
          ? { can_chat: true, reason: null }
          : { can_chat: false, reason: translatorFor(request).t(result.reason) },
      }
    },
  })

  app.route({
    ...route(calls.sendChatNotification, {
      summary: 'Sends a chat message to another person and notifies them.',
      description:
        '{id} and notifiable_user name the recipient as in chatting-possibility. The message is stored as ' +
        'plain text, exactly as sent (never interpreted as HTML), with status 1; the first message creates ' +
        "the conversation. Sending marks the recipient's earlier messages in the conversation read (status 2). " +
        '403 chat_not_allowed when the two may not chat. For type voice, image or file, message is the ' +
        'address (full_path, or path) of a file the sender uploaded (voice: a voice note; image: an image ' +
        'attachment; file: any attachment); the message then holds its address and both people may ' +
        'download it. Anything else is 422 chat_file_invalid. One person may send RATE_LIMIT_CHAT messages ' +
        'a minute (the rate-limit window) in all, whoever they write to; more is 429 rate_limited.',
      errors: { 422: ErrorBody },
    }),
    // One person's sending is bounded (issue 30: 1,562 messages of 8 KB in 30 s from one account), counted per
    // person across instances with REDIS_URL; every message stored is also a notification and a push.
    config: rateLimited(app.config, app.config.chatRateLimit, 'errors.chatRateLimited'),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const { notifiable_user, type, message } = request.body
      const result = await possibilityFor(db, request, request.params.id, notifiable_user)
      if (!result.ok) throw new ApiHttpError(403, 'chat_not_allowed', result.reason)
      const { pair } = result
      let body = message
      let fileId: string | null = null
      if (type !== 'text') {
        const { publicUrl } = app.config
        const file = await chatFileFor(db, { senderPersonId: auth.personId, type, message, publicUrl })
        if (!file)
          throw unprocessable('chat_file_invalid', 'errors.chatFileInvalid', {
            message: 'errors.invalidValue',
          })
        body = chatFileUrl(file.id, publicUrl)
        fileId = file.id
      }
      const recipient = otherParty(pair, auth.personId)
      const sender = await personName(db, auth.personId)
      // The message and the recipient's notification commit together; the notification is told of after.
      const sent = await sendChatMessage(
        db,
        { pair, senderPersonId: auth.personId, type, body, fileId },
        (trx) =>
          recordNotification(trx, {
            personId: recipient,
            kind: 'chat_message',
            title: 'chat.newMessageTitle',
            body: 'chat.newMessageBody',
            values: { name: sender.full_name },
            // The sender, as the recipient's chat page names them: an expert opens `/Chat/{owner's person id}`,
            // an owner `/Chat/{expert's contributor id}`.
            chatWith: auth.personId === pair.smeId ? pair.smeId : pair.contributorId,
          }),
      )
      await deliverNotification({ bus: app.bus, push: app.push }, sent.alongside)
      await app.bus.publish({
        type: 'conversation.changed',
        conversationId: sent.conversationId,
        contributorId: pair.contributorId,
        smeId: pair.smeId,
      })
      reply.code(201)
      return { data: null }
    },
  })

  app.route({
    ...route(calls.getNotifications, {
      summary: "The signed-in person's notifications, newest first, in the request language.",
      description: 'Paged; meta.unread is the count of unread notifications across all pages.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const base = notificationsOf(db, auth.personId)
      const [{ data, meta }, unread] = await Promise.all([
        answerPage(base, request.query, { orderBy: 'created_at', direction: 'desc' }, (rows) =>
          rows.map((r) => notificationOut(r, request.lang)),
        ),
        unreadCount(db, auth.personId),
      ])
      return { data, meta: { ...meta, unread } }
    },
  })

  app.route({
    ...route(calls.markNotificationRead, {
      summary: 'Marks one of the signed-in person’s notifications read; 404 for anyone else’s.',
      errors: { 404: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const id = request.params.id
      if (!(await notificationOf(db, id, auth.personId))) throw notFound()
      const changed = await markNotificationRead(db, id, auth.personId, new Date().toISOString())
      if (Number(changed.numUpdatedRows) > 0) {
        await app.bus.publish({ type: 'notifications.changed', personId: auth.personId })
      }
      const row = await notificationOf(db, id, auth.personId)
      if (!row) throw notFound()
      return { data: notificationOut(row, request.lang) }
    },
  })
}

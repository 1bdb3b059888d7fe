/**
 * Chat history and read state: reference-server extensions (issue 7). The spec's Firebase kept the
 * messages in Firestore, where the apps read them directly; the reference server keeps them in its
 * database, so it serves them here. `{id}` and `user_type` name the other party exactly as in
 * chatting-possibility: with `sme`, `{id}` is a business owner and the caller acts as the expert (403 for a
 * caller without an expert identity); with `contributor`, `{id}` is an expert and the caller is the
 * business owner. Anyone who is not one of the two people of a conversation gets 404.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { UserRole } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { answerPage } from '../../../db/paging.ts'
import { contributorPerson, conversationOf, messagesOf } from '../../../db/queries/chat.ts'
import type { Database } from '../../../db/tables.ts'
import { type ChatPair, chatPossibility, markConversationRead } from '../../../domain/chat.ts'
import { chatMessagesOut, conversationSummaries } from '../../../wire/chat.ts'
import { notFound } from '../../http/errors.ts'
import { DEFAULT_PER_PAGE, pageMeta } from '../../http/schema.ts'
import { requireAuth, requireContributor } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const EXTENSION =
  'A reference-server extension: the spec kept chat messages in Firebase, which the apps read directly. '

/**
 * The two people of a possible conversation with the caller and its id (null before the first message).
 * A conversation that exists is readable by its two people whatever happened since (chat switched off,
 * sessions cancelled); before the first message, the two must share a session. Anyone else: 404.
 */
async function conversationWith(
  db: Kysely<Database>,
  request: FastifyRequest,
  otherId: number,
  otherRole: UserRole,
): Promise<{ pair: ChatPair; conversationId: number | null }> {
  const [contributorId, smeId] =
    otherRole === 'sme'
      ? [requireContributor(request).contributorId, otherId]
      : [otherId, requireAuth(request).personId]
  const contributor = await contributorPerson(db, contributorId)
  if (!contributor || contributor.person_id === smeId) throw notFound()
  const pair = { contributorId, contributorPersonId: contributor.person_id, smeId }
  const conversation = await conversationOf(db, pair.contributorId, pair.smeId)
  if (conversation) return { pair, conversationId: conversation.id }
  const possible = await chatPossibility(db, contributorId, smeId)
  if (possible.ok || possible.reason === 'errors.chatDisabled') return { pair, conversationId: null }
  throw notFound()
}

const route = callRoutes({ tags: ['chat'], access: 'signedIn' })

export async function chatHistoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...route(calls.getChatConversations, {
      summary: "The signed-in person's chat conversations, most recently changed first.",
      description:
        `${EXTENSION}With as=sme, the business owner's conversations with experts; with as=contributor, ` +
        "the expert's (403 without an expert identity). Each has both people, the last message and the " +
        "caller's unread count. At most 500.",
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const side =
        request.query.as === 'contributor'
          ? { contributorId: requireContributor(request).contributorId }
          : { smeId: auth.personId }
      return { data: await conversationSummaries(db, side, auth.personId, app.config.publicUrl) }
    },
  })

  app.route({
    ...route(calls.getChatMessages, {
      summary: 'The messages between the signed-in person and another, newest first, paged.',
      description:
        `${EXTENSION}{id} and user_type name the other party as in chatting-possibility (403 with ` +
        'user_type=sme for a caller without an expert identity); 404 for anyone who is not one of the ' +
        'two people of the conversation. Before the first message the page is empty. Bodies are plain ' +
        'text, exactly as sent.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const { pair, conversationId } = await conversationWith(
        db,
        request,
        request.params.id,
        request.query.user_type,
      )
      if (conversationId === null)
        return {
          data: [],
          meta: pageMeta(request.query.page ?? 1, request.query.per_page ?? DEFAULT_PER_PAGE, 0),
        }
      const base = messagesOf(db, conversationId)
      const view = { pair, viewerPersonId: auth.personId, publicUrl: app.config.publicUrl }
      return answerPage(base, request.query, { orderBy: 'created_at', direction: 'desc' }, (rows) =>
        chatMessagesOut(db, rows, view),
      )
    },
  })

  app.route({
    ...route(calls.markChatRead, {
      summary: "Marks the other party's messages in a conversation read (status 2).",
      description:
        `${EXTENSION}{id} and user_type as in chat/messages. Answers how many messages changed; when ` +
        'any did, both people hear of it live (realtime conversations and chat topics).',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const { conversationId } = await conversationWith(
        db,
        request,
        request.params.id,
        request.query.user_type,
      )
      if (conversationId === null) return { data: { read: 0 } }
      const read = await markConversationRead({ db, bus: app.bus }, conversationId, auth.personId)
      return { data: { read } }
    },
  })
}

/**
 * The topics a socket subscribes to (`expert`, `notification_count`, `conversations`, `sessions`, `chat`):
 * who may subscribe to which, and each topic's current state read from the database, sent on subscribe and
 * again by the fan-out (fan-out.ts) whenever it changes.
 */
import type { SessionChange } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import { liveSession, liveSessionsOf } from '../../db/queries/realtime.ts'
import type { Database } from '../../db/tables.ts'
import { unreadCount } from '../../domain/chat.ts'
import { conversationsFor } from '../../wire/chat.ts'
import { type Conn, send, sendError, type Topic } from './socket.ts'
import { expertRecord as readExpertRecord } from './state.ts'

const TOPICS: readonly Topic[] = ['expert', 'notification_count', 'conversations', 'sessions', 'chat']
const CONTRIBUTOR_TOPICS: readonly Topic[] = ['expert', 'conversations']

/** A session as sockets see it: the contract's `SessionChange`. */
export type SessionView = SessionChange

function sessionView(row: {
  id: number
  state: string
  request_state: string | null
  contributor_id: number
  sme_id: number
  start_at: string
  end_at: string
  is_instant: number
  communication_way: number
}): SessionView {
  return { ...row, is_instant: row.is_instant === 1 }
}

/** The topics' current state, read from one database. */
export interface Topics {
  /** A contributor's expert record. */
  expertRecord(contributorId: number): ReturnType<typeof readExpertRecord>
  /** A person's unread notifications. */
  notificationCount(personId: number): Promise<number>
  /** An expert's conversations with the business owners' names and photos, as `GET /chat/conversations` has them. */
  conversations(contributorId: number): ReturnType<typeof conversationsFor>
  /** One session as sockets see it, with who is in it; null when it does not exist. */
  session(sessionId: number): Promise<SessionView | null>
  /**
   * Handles `subscribe` and `unsubscribe`: checks the topic and that a contributor's topic is the socket's
   * own, then sends the current state.
   */
  subscribe(conn: Conn, type: 'subscribe' | 'unsubscribe', data: Record<string, unknown>): Promise<void>
}

/** The topics of a hub reading `db`; `publicUrl` makes the conversations' photo URLs absolute. */
export function createTopics(db: Kysely<Database>, publicUrl: string): Topics {
  const expertRecord = (contributorId: number) => readExpertRecord(db, contributorId)
  const notificationCount = (personId: number) => unreadCount(db, personId)
  const conversations = (contributorId: number) => conversationsFor(db, contributorId, publicUrl)

  async function liveSessions(conn: Conn): Promise<SessionView[]> {
    const rows = await liveSessionsOf(db, conn.personId, conn.contributorId, new Date().toISOString())
    return rows.map(sessionView)
  }

  async function sendCurrent(conn: Conn, topic: Topic): Promise<void> {
    const { socket } = conn
    if (topic === 'expert' && conn.contributorId !== null) {
      send(socket, 'expert', {
        contributor_id: conn.contributorId,
        record: await expertRecord(conn.contributorId),
      })
    } else if (topic === 'notification_count') {
      send(socket, 'notification_count', { count: await notificationCount(conn.personId) })
    } else if (topic === 'conversations' && conn.contributorId !== null) {
      send(socket, 'conversations', {
        contributor_id: conn.contributorId,
        conversations: await conversations(conn.contributorId),
      })
    } else if (topic === 'sessions') {
      send(socket, 'sessions', { sessions: await liveSessions(conn) })
    }
  }

  return {
    expertRecord,
    notificationCount,
    conversations,
    async session(sessionId) {
      const row = await liveSession(db, sessionId)
      return row ? sessionView(row) : null
    },
    async subscribe(conn, type, data) {
      const topic = data.topic as Topic
      if (!TOPICS.includes(topic)) {
        sendError(conn.socket, 'bad_message', 'unknown topic')
        return
      }
      if (type === 'unsubscribe') {
        conn.topics.delete(topic)
        return
      }
      if (CONTRIBUTOR_TOPICS.includes(topic) || topic === 'notification_count') {
        const asked = data.contributor_id ?? data.contributorId
        const own = conn.contributorId
        const mismatch = asked !== undefined && asked !== null && String(asked) !== String(own)
        if ((CONTRIBUTOR_TOPICS.includes(topic) && own === null) || mismatch) {
          sendError(conn.socket, 'forbidden', 'only your own expert data', { topic })
          return
        }
      }
      conn.topics.add(topic)
      await sendCurrent(conn, topic)
    },
  }
}

/**
 * What follows a change of a session (issue 32): one mechanism for all of it. The change records a follow-up
 * in its own transaction (`recordFollowUp`): a booking, a request and its answer or expiry, an instant
 * session, a start, an extension, an end, an absence, a cancellation (the expert's, the back office's or the
 * business owner's own), her move of a session or request, her withdrawal, the starting-soon notice. Once that
 * commits, `runFollowUps` does each pending follow-up once:
 *
 * 1. reads the session and its people once (`sessionFactsRow`);
 * 2. in one transaction, marks the follow-up done, records the notifications its plan names and queues its
 *    mails (`adapters/mail/outbox.ts`): a mail is never lost nor sent for a change that rolled back;
 * 3. after that commits: the realtime event (`session.changed`, which bumps the cache versions on its way
 *    through the bus: `adapters/cache/catalogue-cache.ts`), the notification counts and the pushes.
 *
 * The routes run the follow-ups of the sessions they changed before they answer, so the people are told by
 * then; the scheduler runs whatever a crash left pending. Of two dispatchers (two instances), one claims a
 * follow-up; the other skips it.
 */
import type { Kysely, Transaction } from 'kysely'
import type { EventBus } from '../adapters/events/bus.ts'
import {
  type MoveDetails,
  queueBookingConfirmed,
  queueCancellationMails,
  queueExpertNews,
  queueMoveMails,
} from '../adapters/mail/session-mails.ts'
import type { PushService } from '../adapters/push/service.ts'
import {
  claimFollowUp,
  insertFollowUp,
  noteFollowUpFailure,
  pendingFollowUps,
} from '../db/queries/follow-ups.ts'
import { type SessionFactsRow, sessionFactsRow } from '../db/queries/sessions.ts'
import type { Database } from '../db/tables.ts'
import {
  deliverNotification,
  type NoticeName,
  type NotificationKind,
  type RecordedNotification,
  recordNotification,
} from './notifications.ts'
import { queueSessionWebhooks } from './webhooks.ts'

/** What happened to a session. */
export type FollowUpKind =
  /** A business owner booked a slot. */
  | 'booked'
  /** A business owner asked an advisor for a slot. */
  | 'requested'
  | 'request_accepted'
  | 'request_rejected'
  /** A waiting request's slot started with no answer. */
  | 'request_expired'
  /** A business owner joined an expert who is available now. */
  | 'instant'
  /** A booked session starts within the quarter hour. */
  | 'starting'
  | 'started'
  | 'extended'
  | 'ended'
  | 'owner_absent'
  /** Its expert cancelled a booked session, or the back office did, deactivating the expert (`cancelled_by`). */
  | 'cancelled'
  /** Its business owner cancelled her own session (issue 34). */
  | 'owner_cancelled'
  /** Its business owner moved her own session to another slot of the same expert (issue 34). */
  | 'rescheduled'
  /** Its business owner withdrew her own waiting request (issue 34). */
  | 'request_withdrawn'
  /** Its business owner moved her own waiting request to another slot (issue 34). */
  | 'request_moved'

/** Who a notice goes to: the session's business owner, its expert, or both. */
type Party = 'sme' | 'contributor'

/** What a follow-up does besides the realtime event every change sends. */
interface FollowUpPlan {
  /**
   * Notices to the people of the session: each about the other party (named `name`), with a push unless
   * `push` is false (the business owner's record of a change she made herself).
   */
  tell: readonly { to: Party; kind: NotificationKind; notice: NoticeName; push?: false }[]
  /** The business owner's confirmation mail of a booked session. */
  confirm?: true
  /** The expert's mail: a session booked with them, or a request to answer. */
  tellExpertByMail?: true
  /**
   * The mails to both people of a cancellation or a move, each with the booking's calendar UID and the SEQUENCE
   * the change raised it to (`METHOD:CANCEL`, or `REQUEST` with the new times).
   */
  mailChange?: 'cancelled' | 'moved'
}

/** What a move's follow-up keeps, for its mails (declared with them). */
export type { MoveDetails }

/** Every kind's plan: the one table of who hears what after which change. */
export const FOLLOW_UP_PLANS: Record<FollowUpKind, FollowUpPlan> = {
  booked: {
    tell: [{ to: 'contributor', kind: 'booking', notice: 'booking' }],
    confirm: true,
    tellExpertByMail: true,
  },
  requested: {
    tell: [{ to: 'contributor', kind: 'request_new', notice: 'requestNew' }],
    tellExpertByMail: true,
  },
  request_accepted: {
    tell: [{ to: 'sme', kind: 'request_answered', notice: 'requestAccepted' }],
    confirm: true,
  },
  request_rejected: { tell: [{ to: 'sme', kind: 'request_answered', notice: 'requestRejected' }] },
  request_expired: { tell: [] },
  instant: { tell: [{ to: 'contributor', kind: 'instant_session', notice: 'instant' }] },
  starting: {
    tell: [
      { to: 'contributor', kind: 'session_starting', notice: 'sessionStarting' },
      { to: 'sme', kind: 'session_starting', notice: 'sessionStarting' },
    ],
  },
  started: { tell: [] },
  extended: { tell: [] },
  ended: { tell: [] },
  owner_absent: { tell: [{ to: 'sme', kind: 'sme_absent', notice: 'smeAbsent' }] },
  cancelled: {
    tell: [{ to: 'sme', kind: 'session_cancelled', notice: 'sessionCancelled' }],
    mailChange: 'cancelled',
  },
  owner_cancelled: {
    tell: [
      { to: 'contributor', kind: 'session_cancelled', notice: 'ownerCancelled' },
      { to: 'sme', kind: 'session_cancelled', notice: 'youCancelled', push: false },
    ],
    mailChange: 'cancelled',
  },
  rescheduled: {
    tell: [
      { to: 'contributor', kind: 'session_moved', notice: 'sessionMoved' },
      { to: 'sme', kind: 'session_moved', notice: 'youMoved', push: false },
    ],
    mailChange: 'moved',
  },
  request_withdrawn: {
    tell: [
      { to: 'contributor', kind: 'request_withdrawn', notice: 'requestWithdrawn' },
      { to: 'sme', kind: 'request_withdrawn', notice: 'youWithdrew', push: false },
    ],
    mailChange: 'cancelled',
  },
  request_moved: {
    tell: [
      { to: 'contributor', kind: 'request_moved', notice: 'requestMoved' },
      { to: 'sme', kind: 'request_moved', notice: 'youMovedRequest', push: false },
    ],
    mailChange: 'moved',
  },
}

/**
 * Records that `kind` happened to a session; call it in the change's transaction. With `once`, a follow-up
 * recorded before under that key is not recorded again.
 */
export function recordFollowUp(
  trx: Transaction<Database>,
  sessionId: number,
  kind: FollowUpKind,
  options: { now?: Date; once?: string; details?: MoveDetails } = {},
): Promise<void> {
  return insertFollowUp(trx, {
    session_id: sessionId,
    kind,
    dedupe_key: options.once ?? null,
    created_at: (options.now ?? new Date()).toISOString(),
    done_at: null,
    last_error: null,
    details_json: options.details ? JSON.stringify(options.details) : null,
  })
}

/** The services a follow-up goes through. */
export interface FollowUpDeps {
  db: Kysely<Database>
  bus: EventBus
  push: PushService
  /** The site's public address, for the links in mails. */
  publicUrl: string
  /** Where a follow-up that failed is logged (it stays pending for the next run). */
  log?: { warn(details: object, message: string): void }
}

/** How many pending follow-ups one run takes at most (the scheduler's run comes back a minute later). */
const BATCH = 200

/**
 * Does the pending follow-ups of `sessionIds` (all sessions' when not given), oldest first; answers how many
 * it did. A follow-up that fails stays pending and is logged; the others go on.
 */
export async function runFollowUps(
  deps: FollowUpDeps,
  sessionIds?: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  const pending = await pendingFollowUps(deps.db, { ...(sessionIds ? { sessionIds } : {}), limit: BATCH })
  let done = 0
  for (const followUp of pending) {
    try {
      if (await runOne(deps, followUp, now)) done++
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      await noteFollowUpFailure(deps.db, followUp.id, message)
      deps.log?.warn({ err: message, followUp: followUp.id, kind: followUp.kind }, 'follow-up failed')
    }
  }
  return done
}

/** Does one follow-up; false when another dispatcher claimed it first. */
async function runOne(
  deps: FollowUpDeps,
  followUp: { id: number; session_id: number; kind: string; details_json: string | null; created_at: string },
  now: Date,
): Promise<boolean> {
  const plan = FOLLOW_UP_PLANS[followUp.kind as FollowUpKind]
  if (!plan) throw new Error(`unknown follow-up kind ${followUp.kind}`)
  // The session and its people, read once for every notice, mail and event below.
  const session = await sessionFactsRow(deps.db, followUp.session_id)
  const told = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimFollowUp(trx, followUp.id, now.toISOString()))) return null
    if (!session) return []
    const recorded: { notification: RecordedNotification; push: boolean }[] = []
    for (const notice of plan.tell)
      recorded.push({
        notification: await recordNotification(trx, noticeTo(session, notice)),
        push: notice.push !== false,
      })
    if (plan.confirm) await queueBookingConfirmed(trx, session, { publicUrl: deps.publicUrl, now })
    if (plan.tellExpertByMail) await queueExpertNews(trx, session, { publicUrl: deps.publicUrl, now })
    if (plan.mailChange === 'cancelled')
      await queueCancellationMails(trx, session, { publicUrl: deps.publicUrl, now })
    const details = followUp.details_json ? (JSON.parse(followUp.details_json) as MoveDetails) : null
    if (plan.mailChange === 'moved')
      await queueMoveMails(trx, session, details, { publicUrl: deps.publicUrl, now })
    // The partner whose key the session was booked through hears of it (issue 36), with the same commit.
    await queueSessionWebhooks(trx, {
      session,
      kind: followUp.kind,
      followUpId: followUp.id,
      previous: details?.from ?? null,
      publicUrl: deps.publicUrl,
      now: new Date(followUp.created_at),
    })
    return recorded
  })
  if (told === null) return false
  if (session)
    await deps.bus.publish({
      type: 'session.changed',
      sessionId: session.id,
      contributorId: session.contributor_id,
      smeId: session.sme_id,
    })
  for (const { notification, push } of told)
    if (push) await deliverNotification(deps, notification)
    // Her own change: the count on her other screens moves, and no push tells her what she just did.
    else await deps.bus.publish({ type: 'notifications.changed', personId: notification.personId })
  return true
}

/**
 * A notice to one party about the other (their name as `name`), linked to the request while it is one, else
 * to the session.
 */
function noticeTo(session: SessionFactsRow, notice: FollowUpPlan['tell'][number]) {
  const isRequest = session.request_state !== null && session.request_state !== 'accepted'
  return {
    personId: notice.to === 'sme' ? session.sme_id : session.expert_person_id,
    kind: notice.kind,
    title: `notify.${notice.notice}.title`,
    body: `notify.${notice.notice}.body`,
    values: { name: notice.to === 'sme' ? session.expert_name : session.sme_name },
    requestId: session.request_state !== null ? session.id : null,
    sessionId: isRequest ? null : session.id,
  } as const
}

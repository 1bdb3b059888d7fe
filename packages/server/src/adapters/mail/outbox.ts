/**
 * The transactional outbox (design section 10, issue 16). A mail is queued as a row in the same transaction
 * as the change it tells of (a booking, an ended session), under a key that makes queuing it twice a no-op,
 * with a `Message-ID` fixed at that moment. `deliverDue` sends what is due through a {@link MailTransport}:
 *
 * - Several instances may run it at once. Each row is claimed by a compare-and-set update (only one instance's
 *   update matches an unclaimed row), for long enough to send it; a crashed sender's claim lapses and another
 *   instance takes the row over.
 * - A mail the relay accepted is marked sent; one it refused for now (the server down, a 4xx answer) waits and
 *   is tried again after 30 s, 1 min, 2 min … up to an hour between tries; one it refused for good (a 5xx
 *   answer: no such mailbox) is not tried again and keeps the relay's answer in `last_error`.
 * - Exactly once: a mail is only sent by the instance holding its claim and never after it is marked sent. The
 *   one gap SMTP leaves (the relay accepted, then this process died before writing `sent_at`) sends it again
 *   with the same `Message-ID`, which mail systems use to drop the copy.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  claimOutboxMail,
  dueOutboxIds,
  insertOutboxMailOnce,
  outboxMail,
  updateClaimedOutboxMail,
  updateOutboxMail,
} from '../../db/queries/mail-outbox.ts'
import type { Database } from '../../db/tables.ts'
import type { ComposedMail } from './compose.ts'
import { mailTurnedOff, preferenceOfMail, preferencesUrl, withTurnOffLine } from './preferences.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A mail ready for the relay. */
export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html: string | null
  attachments: { filename: string; contentType: string; content: string }[]
  messageId: string
}

/** Hands a mail to a relay; resolves when the relay accepted it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
}

/** A mail to queue. */
export interface QueueInput {
  /** `rating`, `booking_confirmed`, `session_reminder`. */
  kind: string
  /** One mail per key, ever: `booking_confirmed:12`. */
  dedupeKey: string
  to: string
  mail: ComposedMail
  /** The link the mail carries, kept for the development mailbox and tests. */
  link?: string | null
  /** The domain of the `Message-ID` (the site's host). */
  domain: string
  now?: Date
}

/**
 * Queues a mail, due at once; returns false when a mail with its key was queued before, or when its
 * recipient turned its kind of mail off (nothing is queued then; `./preferences.ts`). A mail that can be
 * turned off ends with the link to do so. Call it inside the transaction of the change it tells of.
 */
export async function queueMail(db: Db, input: QueueInput): Promise<boolean> {
  const now = (input.now ?? new Date()).toISOString()
  if (preferenceOfMail(input.kind) !== null) {
    if (await mailTurnedOff(db, input.kind, input.to)) return false
    if (input.link) input = { ...input, mail: withTurnOffLine(input.mail, preferencesUrl(input.link)) }
  }
  const inserted = await insertOutboxMailOnce(db, {
    kind: input.kind,
    dedupe_key: input.dedupeKey,
    to_address: input.to,
    subject: input.mail.subject,
    body: input.mail.text,
    html: input.mail.html,
    attachments: input.mail.attachments.length ? JSON.stringify(input.mail.attachments) : null,
    link: input.link ?? null,
    message_id: `<${input.kind}.${randomUUID()}@${input.domain}>`,
    next_attempt_at: now,
    claimed_by: null,
    claimed_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  })
  return inserted !== undefined
}

/** The wait before try number `attempts + 1`: `base` (30 s), doubling, at most an hour. */
export function retryDelayMs(attempts: number, base = 30_000): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 3600_000)
}

/** Whether a transport's error is the relay refusing for good (an SMTP 5xx answer). */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** Options of {@link deliverDue}. */
export interface DeliverOptions {
  transport: MailTransport
  /** The `From` of every mail. */
  from: string
  /** This instance's name in the claims it writes. */
  instance: string
  now?: () => Date
  /** How many mails one call sends at most. */
  batch?: number
  /** How long a claim holds: longer than a send can take. */
  claimMs?: number
  /** The first wait before a mail the relay did not take is tried again (see {@link retryDelayMs}). */
  retryBaseMs?: number
}

/** What one call of {@link deliverDue} did, by outbox id. */
export interface DeliveryResult {
  sent: number[]
  retrying: number[]
  failed: number[]
}

/** Sends the mails that are due and not claimed by another instance. */
export async function deliverDue(db: Kysely<Database>, options: DeliverOptions): Promise<DeliveryResult> {
  const clock = options.now ?? (() => new Date())
  const result: DeliveryResult = { sent: [], retrying: [], failed: [] }
  const start = clock().toISOString()
  const due = await dueOutboxIds(db, start, options.batch ?? 20)
  for (const { id } of due) {
    const now = clock()
    const stamp = now.toISOString()
    const until = new Date(now.getTime() + (options.claimMs ?? 120_000)).toISOString()
    const claim = await claimOutboxMail(db, id, options.instance, until, stamp)
    // Another instance claimed it, or sent it, since the list was read.
    if (Number(claim.numUpdatedRows) !== 1) continue
    const row = await outboxMail(db, id)
    try {
      await options.transport.send({
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        html: row.html,
        attachments: row.attachments ? JSON.parse(row.attachments) : [],
        messageId: row.message_id,
      })
    } catch (error) {
      const attempts = row.attempts + 1
      const permanent = isPermanentFailure(error)
      await updateClaimedOutboxMail(db, id, options.instance, {
        attempts,
        last_error: String((error as Error)?.message ?? error).slice(0, 1000),
        next_attempt_at: permanent
          ? null
          : new Date(clock().getTime() + retryDelayMs(attempts, options.retryBaseMs)).toISOString(),
        claimed_by: null,
        claimed_until: null,
      })
      ;(permanent ? result.failed : result.retrying).push(id)
      continue
    }
    await updateOutboxMail(db, id, {
      attempts: row.attempts + 1,
      sent_at: clock().toISOString(),
      next_attempt_at: null,
      last_error: null,
      claimed_by: null,
      claimed_until: null,
    })
    result.sent.push(id)
  }
  return result
}

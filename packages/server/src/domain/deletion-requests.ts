/**
 * The back office's queue of account-deletion requests (issue 33). The personal-data law gives 30 days to
 * answer a request; the queue shows each one's age against that deadline. An admin approves or rejects a
 * request with a reason: the decision, the audit entry and the mail to the person are written in one
 * transaction, and a request is decided once (a second decision is a 409). Approval also erases the person's
 * data in that same transaction (`domain/erasure.ts`), after the mail is queued with their name and address.
 */
import type { Kysely } from 'kysely'
import { deletionDecisionMailKey, queueDeletionDecisionMail } from '../adapters/mail/deletion-decision.ts'
import {
  deletionQueuePeople,
  deletionRequestById,
  recordDeletionDecision,
} from '../db/queries/deletion-requests.ts'
import type { Database, Row } from '../db/tables.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { erasePerson } from './erasure.ts'
import { conflict, notFound } from './errors.ts'

/** Days the personal-data law gives to answer a deletion request (the contract's `DELETION_ANSWER_DAYS`). */
export const DELETION_ANSWER_DAYS = 30

const DAY_MS = 24 * 3_600_000

/** A request's place in the queue at `now`: its state, deadline, age and days left. */
export function deletionRequestTiming(row: Row<'deletion_requests'>, now: Date) {
  const created = Date.parse(row.created_at)
  const deadline = created + DELETION_ANSWER_DAYS * DAY_MS
  const state = row.decision ?? 'pending'
  const age = Math.max(0, Math.floor((now.getTime() - created) / DAY_MS))
  return {
    state,
    deadline_at: new Date(deadline).toISOString(),
    age_days: age,
    days_left: DELETION_ANSWER_DAYS - age,
    overdue: state === 'pending' && now.getTime() > deadline,
  } as const
}

/** What a decision needs. */
export interface DeletionDecisionInput {
  requestId: number
  decision: 'approved' | 'rejected'
  reason: string
  /** The deciding admin (their name as it is now). */
  actor: AuditActor & { personId: number }
  /** The site's address, for the mail. */
  publicUrl: string
  now?: Date
}

/**
 * Decides a pending request: records the decision, appends it to the audit trail, queues the mail to the
 * person (when they have an address) and, for an approval, erases their data, all in one transaction; the
 * caller then runs `finishErasures` (files, sockets, caches, the mail's row, the database files). 404 for an unknown request, 409 for one decided
 * before (or meanwhile, by another admin). Answers the request as decided.
 */
export function decideDeletionRequest(
  db: Kysely<Database>,
  input: DeletionDecisionInput,
): Promise<Row<'deletion_requests'>> {
  const now = input.now ?? new Date()
  const reason = input.reason.trim()
  return db.transaction().execute(async (trx) => {
    const before = await deletionRequestById(trx, input.requestId)
    if (!before) throw notFound()
    const decided = () => conflict('deletion_already_decided', 'errors.deletionAlreadyDecided')
    if (before.decision !== null) throw decided()
    const recorded = await recordDeletionDecision(trx, input.requestId, {
      decision: input.decision,
      reason,
      decidedBy: input.actor.personId,
      decidedAt: now.toISOString(),
    })
    if (!recorded) throw decided()
    await recordAudit(trx, {
      actor: input.actor,
      action: 'deletion_request.decide',
      targetType: 'deletion_request',
      targetId: input.requestId,
      before: { person_id: before.person_id, decision: null, decision_reason: null },
      after: { person_id: before.person_id, decision: input.decision, decision_reason: reason },
      now,
    })
    const [person] = await deletionQueuePeople(trx, [before.person_id])
    if (person?.email)
      await queueDeletionDecisionMail(
        trx,
        person.email,
        {
          requestId: input.requestId,
          name: person.full_name,
          decision: input.decision,
          reason,
          publicUrl: input.publicUrl,
        },
        now,
      )
    // The mail above holds the name and address it needs: the person's data can go in this transaction.
    if (input.decision === 'approved')
      await erasePerson(trx, {
        personId: before.person_id,
        requestId: input.requestId,
        actor: input.actor,
        mailKey: person?.email ? deletionDecisionMailKey(input.requestId) : null,
        now,
      })
    const after = await deletionRequestById(trx, input.requestId)
    if (!after) throw notFound()
    return after
  })
}

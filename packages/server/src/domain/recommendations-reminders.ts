/**
 * Reminds experts of ended sessions whose recommendations are still unwritten (issue 34): the mail
 * (`adapters/mail/recommendations-reminder.ts`, once per session and lead through the outbox) and, in the
 * same transaction, an in-app notice that goes with it; the notice is told to the expert's sockets and
 * browsers once that commits. Run by the scheduler each minute.
 */
import {
  type QueuedReminder,
  queueRecommendationsReminders,
} from '../adapters/mail/recommendations-reminder.ts'
import type { FollowUpDeps } from './follow-ups.ts'
import { deliverNotification, type RecordedNotification, recordNotification } from './notifications.ts'

/** Queues the reminders due at `now` (see the adapter), with their notices; answers what was queued. */
export async function remindOfRecommendations(
  deps: Pick<FollowUpDeps, 'db' | 'bus' | 'push' | 'publicUrl'>,
  hours: readonly number[],
  now: Date = new Date(),
): Promise<QueuedReminder[]> {
  if (hours.length === 0) return []
  const notices: RecordedNotification[] = []
  const queued = await queueRecommendationsReminders(deps.db, {
    publicUrl: deps.publicUrl,
    hours,
    now,
    onQueued: async (trx, reminder) => {
      notices.push(
        await recordNotification(trx, {
          personId: reminder.expertPersonId,
          kind: 'recommendations_reminder',
          title: 'notify.recommendationsReminder.title',
          body: 'notify.recommendationsReminder.body',
          values: { name: reminder.smeName },
          sessionId: reminder.sessionId,
        }),
      )
    },
  })
  // Each notice's transaction has committed by now (a failing one throws before this).
  for (const notice of notices) await deliverNotification(deps, notice)
  return queued
}

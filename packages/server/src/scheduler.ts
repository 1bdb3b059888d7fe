/**
 * The minute scheduler: expires waiting requests whose slot has started (the request routes also do on
 * read), and tells both participants of a booked session 15 minutes before it starts, once (its 'starting'
 * follow-up is the memory), runs the follow-ups a crash left pending (domain/follow-ups.ts), and queues the business owner's reminder mail a day
 * (or, for a late booking, an hour) before a booked session (adapters/mail/session-mails.ts), reminds experts of recommendations still
 * unwritten after a session (domain/recommendations-reminders.ts), and deletes uploads
 * attached to nothing for `UPLOAD_ORPHAN_HOURS` (adapters/files/orphans.ts) and temporary files uploads cut off by a
 * crash left behind, and purges what is past its retention period (domain/retention.ts). Call `startScheduler(app)` once the app is
 * ready; the timer does not keep the process alive and stops when the app closes. Tests call
 * `schedulerTick` directly.
 */
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { collectOrphanFiles } from './adapters/files/orphans.ts'
import { SPOOL_FOLDER, sweepSpool } from './adapters/files/spool.ts'
import { queueDueReminders } from './adapters/mail/session-mails.ts'
import { erasureDepsOf, finishErasures } from './domain/erasure.ts'
import { recordFollowUp, runFollowUps } from './domain/follow-ups.ts'
import { expireRequests, sessionsStartingSoon } from './domain/lifecycle.ts'
import { exportDepsOf, runDataExports } from './domain/my-data.ts'
import { remindOfRecommendations } from './domain/recommendations-reminders.ts'
import { type Purged, purgeExpired } from './domain/retention.ts'

/** How often the scheduler runs, in milliseconds. */
export const SCHEDULER_INTERVAL_MS = 60_000

/** How old an arriving upload's temporary file must be to be swept: no upload takes that long; its request died. */
export const SPOOL_MAX_AGE_MS = 3_600_000

/** What one tick did. */
export interface TickResult {
  /** The ids of the requests it expired. */
  expired: number[]
  /** The ids of the sessions it sent starting reminders for. */
  reminded: number[]
  /** The ids of the sessions whose reminder mail it queued. */
  mailed: number[]
  /** The sessions whose expert it reminded of unwritten recommendations, and at which lead (hours). */
  recommendationsReminded: { sessionId: number; hours: number }[]
  /** The ids of the uploads attached to nothing it deleted. */
  collected: string[]
  /** What it purged past its retention period. */
  purged: Purged
}

/** Runs the scheduler's work once, at `now`. */
export async function schedulerTick(app: FastifyInstance, now: Date = new Date()): Promise<TickResult> {
  const { db } = app.store
  const expired = await expireRequests(db, now)
  const soon = await sessionsStartingSoon(db, now)
  // Once per session, whoever's tick sees it first.
  if (soon.length > 0)
    await db.transaction().execute(async (trx) => {
      for (const row of soon)
        await recordFollowUp(trx, row.id, 'starting', { now, once: `starting:${row.id}` })
    })
  // These, and whatever a crash left pending.
  await runFollowUps(app.followUps, undefined, now)
  const mailed = await queueDueReminders(db, { publicUrl: app.config.publicUrl, now })
  const recommendationsReminded = await remindOfRecommendations(
    app.followUps,
    app.config.recommendationsReminderHours,
    now,
  )
  const collected = await collectOrphanFiles(db, app.files, {
    now,
    orphanHours: app.config.uploads.orphanHours,
  })
  await sweepSpool(join(app.config.dataDir, SPOOL_FOLDER), SPOOL_MAX_AGE_MS, now.getTime())
  const purged = await purgeExpired(db, app.files, app.config.retention, now)
  // What approved erasures left: the decision mail's row once sent, file bytes, the database files' compaction.
  await finishErasures(erasureDepsOf(app), { now })
  // Data exports (issue 34): prepare what waits (a crash or a failure left it), delete ZIPs past their days.
  await runDataExports(exportDepsOf(app), now)
  return {
    expired: expired.map((r) => r.id),
    reminded: soon.map((r) => r.id),
    mailed,
    recommendationsReminded: recommendationsReminded.map(({ sessionId, hours }) => ({ sessionId, hours })),
    collected,
    purged,
  }
}

/**
 * Starts the minute timer; returns a function that stops it. Called before `app.listen`, it stops when the
 * app closes; called later, when the app's HTTP server closes.
 */
export function startScheduler(app: FastifyInstance, intervalMs = SCHEDULER_INTERVAL_MS): () => void {
  let running = false
  const timer = setInterval(() => {
    // A slow tick is not overlapped by the next one.
    if (running) return
    running = true
    schedulerTick(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduler tick failed'))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  const stop = () => clearInterval(timer)
  try {
    app.addHook('onClose', async () => stop())
  } catch {
    // Hooks cannot be added once the app has started: stop with its HTTP server instead.
    app.server.once('close', stop)
  }
  return stop
}

/**
 * Push: sends a notification to a person's registered browsers with Web Push (VAPID,
 * RFC 8030/8291/8292). The message carries the data fields the spec names (title,
 * request_id, session_id) and notification.body: the contract's `PushPayload` (`@mashura/core/contract`).
 *
 * - Keys: see `vapid.ts` (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT`).
 * - Endpoints: see `endpoints.ts` (`PUSH_HOSTS`); checked at registration and again
 *   before every send, and redirects are never followed.
 * - A subscription the push service answers 404 or 410 for is deleted; other failures
 *   are logged. `sendToPerson` never throws.
 * - FCM registration tokens (kind 'fcm': the agency's apps, Firebase web clients) are sent to through
 *   FCM when Firebase is configured (`options.fcm`, fcm.ts); a token FCM no longer knows is
 *   deleted. Without Firebase they are kept and not sent to.
 */
import type { PushPayload } from '@mashura/core/contract'
import type { Config } from '../../config.ts'
import type { Store } from '../../db/database.ts'
import { deletePushToken, pushTokensOf } from '../../db/queries/realtime.ts'
import { type EndpointPolicy, endpointAllowed, endpointPolicy, parseSubscription } from './endpoints.ts'
import type { FcmSender } from './fcm.ts'
import type { PushMessage } from './message.ts'
import { loadVapidDetails, type VapidDetails } from './vapid.ts'

/** What a push carries; declared in message.ts, which the FCM sender shares without importing this module. */
export type { PushMessage }

/** Sends pushes. */
export interface PushService {
  /** Sends to every registration of a person; failures are logged, never thrown. */
  sendToPerson(personId: number, message: PushMessage): Promise<void>
  /** The public VAPID key browsers subscribe with, when Web Push is configured. */
  readonly vapidPublicKey?: string
}

/** Where failures go. */
export interface PushLog {
  warn(details: Record<string, unknown>, message: string): void
}

/** Options, for tests and embedding. */
export interface PushServiceOptions {
  /** Which endpoints may be called; `PUSH_HOSTS` or the default list when absent. */
  policy?: EndpointPolicy
  /** Where failures are logged. */
  log?: PushLog
  /** How long a push service may take to answer; `OUTBOUND_TIMEOUT_MS` without it. */
  timeoutMs?: number
  /** FCM, for the registration tokens of kind 'fcm' (with Firebase configured). */
  fcm?: FcmSender | null
}

/** How long a push service keeps an undelivered message (seconds). */
export const PUSH_TTL_SECONDS = 12 * 3600

const consoleLog: PushLog = {
  warn: (details, message) => console.warn(`push: ${message}`, details),
}

/** The JSON a browser's service worker receives: the contract's `PushPayload`. */
export function pushPayload(message: PushMessage): string {
  const body = message.body.length > 1000 ? `${message.body.slice(0, 999)}…` : message.body
  return JSON.stringify({
    data: {
      title: message.title,
      request_id: message.request_id ?? null,
      session_id: message.session_id ?? null,
      // Only a chat message's push names its conversation; the others keep the spec's three fields.
      ...(message.chat_with != null ? { chat_with: message.chat_with } : {}),
    },
    notification: { title: message.title, body },
  } satisfies PushPayload)
}

/** Makes the push service for a configuration. */
export async function createPushService(
  config: Config,
  store: Store,
  options: PushServiceOptions = {},
): Promise<PushService> {
  const policy = options.policy ?? endpointPolicy(config.push.hosts)
  const log = options.log ?? consoleLog
  const vapid: VapidDetails = loadVapidDetails(config.dataDir, config.publicUrl, config.push)
  const timeoutMs = options.timeoutMs ?? config.outboundTimeoutMs
  const { db } = store

  async function sendOne(token: string, raw: string | null, payload: string): Promise<void> {
    const subscription = parseSubscription(raw, policy)
    if (!subscription) {
      log.warn({ token: token.slice(0, 60) }, 'stored subscription is invalid or its host is not allowed')
      return
    }
    // Loaded on the first push, not at every start (issue 35: a release answers within 1.5 s).
    const { default: webpush } = await import('web-push')
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
    })
    // The allow-list is re-checked here: the list may have shrunk since registration.
    if (!endpointAllowed(details.endpoint, policy)) return
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Uint8Array<ArrayBuffer>,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    if (response.status === 404 || response.status === 410) {
      await deletePushToken(db, token)
      return
    }
    if (response.status < 200 || response.status >= 300) {
      log.warn({ status: response.status, host: new URL(details.endpoint).host }, 'push service refused')
    }
  }

  return {
    vapidPublicKey: vapid.publicKey,
    async sendToPerson(personId, message) {
      try {
        const all = await pushTokensOf(db, personId)
        const rows = all.filter((row) => row.kind === 'webpush')
        const fcm = options.fcm
        if (fcm)
          await Promise.all(
            all
              .filter((row) => row.kind === 'fcm')
              .map(async (row) => {
                const outcome = await fcm.send(row.token, message).catch(() => 'failed' as const)
                if (outcome === 'unregistered') await deletePushToken(db, row.token)
                else if (outcome === 'failed')
                  log.warn({ token: row.token.slice(0, 12) }, 'FCM did not take a push')
              }),
          )
        const payload = pushPayload(message)
        const seen = new Set<string>()
        await Promise.all(
          rows.map(async (row) => {
            // The same browser registered twice (other JSON spelling) gets one push.
            const key = row.subscription ?? row.token
            if (seen.has(key)) return
            seen.add(key)
            try {
              await sendOne(row.token, row.subscription, payload)
            } catch (error) {
              log.warn({ err: (error as Error).message }, 'push failed')
            }
          }),
        )
      } catch (error) {
        log.warn({ err: (error as Error).message, personId }, 'push failed')
      }
    },
  }
}

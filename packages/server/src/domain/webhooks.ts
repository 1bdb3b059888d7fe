/**
 * Partner webhooks (issue 36): what a partner's server hears, and how it gets there.
 *
 * - **Events** follow the changes: a session's follow-up (domain/follow-ups.ts, recorded in the change's own
 *   transaction) queues its event in the transaction that does the follow-up, and a rating queues
 *   `rating.submitted` in the rating's transaction. An event goes to the endpoints of the API key its session was
 *   booked through (`sessions.api_key`) that chose it: a partner hears nothing of another partner's bookings.
 * - **The outbox** (`webhook_deliveries`) holds one row per event and endpoint (a unique key: queued once, whatever
 *   runs twice). Every instance's dispatcher claims due rows (compare-and-set, so one instance sends each try),
 *   signs them (adapters/webhooks/sign.ts) and POSTs them (adapters/webhooks/send.ts). A 2xx answer delivers; any
 *   other answer or none is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (Standard Webhooks' own
 *   schedule, about 27 hours), then the delivery fails (the back office can send it again). An endpoint that has
 *   failed for a day is paused and the admins are mailed; resumed, it delivers what waited, each once.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import {
  WEBHOOK_TEST_EVENT,
  WEBHOOK_VERSION,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookSessionData,
} from '@mashura/core/contract'
import type { Kysely, Transaction } from 'kysely'
import { layout } from '../adapters/mail/compose.ts'
import { queueMail } from '../adapters/mail/outbox.ts'
import {
  checkWebhookUrl,
  WebhookAddressError,
  type WebhookAddressPolicy,
} from '../adapters/webhooks/address.ts'
import { postWebhook } from '../adapters/webhooks/send.ts'
import { newWebhookSecret, webhookHeaders } from '../adapters/webhooks/sign.ts'
import type { ConfiguredWebhook, WebhooksConfig } from '../config.ts'
import type { SessionFactsRow } from '../db/queries/sessions.ts'
import {
  claimWebhookDelivery,
  contributorKind,
  deleteConfigWebhooksExcept,
  deleteWebhookEndpoint,
  duePendingWebhookDeliveries,
  dueWebhookDeliveryIds,
  insertWebhookDeliveryOnce,
  insertWebhookEndpoint,
  pauseFailingWebhookEndpoint,
  possibleAdmins,
  updateClaimedWebhookDelivery,
  updateWebhookDelivery,
  updateWebhookEndpoint,
  upsertConfigWebhook,
  webhookDeliveriesPage,
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointStats,
  webhookEndpoints,
  webhookEndpointsOfKey,
} from '../db/queries/webhooks.ts'
import type { Database, Row } from '../db/tables.ts'
import { backOfficeRole } from './back-office-roles.ts'
import { conflict, notFound, refused } from './errors.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The waits before each retry, in units of `WEBHOOK_RETRY_BASE_MS` (5 s): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_STEPS = [1, 60, 360, 1440, 3600, 7200, 7200] as const
/** How long an endpoint may fail before it is paused. */
export const PAUSE_AFTER_MS = 24 * 3600_000
/** How long the previous secret also signs after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000
/** How many deliveries one round takes. */
const ROUND = 20

/**
 * The event each follow-up kind of a session is (domain/follow-ups.ts's `FollowUpKind`, named by text here so that
 * the two modules do not import each other); those without one are not told to partners.
 */
const FOLLOW_UP_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  booked: 'booking.created',
  instant: 'booking.created',
  requested: 'request.created',
  request_accepted: 'request.accepted',
  request_rejected: 'request.rejected',
  request_expired: 'request.expired',
  request_withdrawn: 'request.withdrawn',
  request_moved: 'request.moved',
  started: 'session.started',
  ended: 'session.ended',
  owner_absent: 'session.owner_absent',
  cancelled: 'booking.cancelled',
  owner_cancelled: 'booking.cancelled',
  rescheduled: 'booking.rescheduled',
}

/** The events an endpoint row hears. */
function eventsOf(endpoint: Pick<Row<'webhook_endpoints'>, 'events'>): string[] {
  try {
    const events = JSON.parse(endpoint.events) as unknown
    return Array.isArray(events) ? events.map(String) : []
  } catch {
    return []
  }
}

/** Queues one event to each of `endpoints`, once per endpoint under `key`. Answers how many were queued. */
async function queueEvent(
  db: Db,
  endpoints: readonly Row<'webhook_endpoints'>[],
  event: { key: string; type: string; occurredAt: Date; data: object },
  now: Date,
): Promise<Row<'webhook_deliveries'>['id'][]> {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`
  const body = JSON.stringify({
    type: event.type,
    version: WEBHOOK_VERSION,
    id: eventId,
    occurred_at: event.occurredAt.toISOString(),
    data: event.data,
  })
  const ids: number[] = []
  for (const endpoint of endpoints) {
    const inserted = await insertWebhookDeliveryOnce(db, {
      endpoint_id: endpoint.id,
      message_id: `msg_${randomUUID().replaceAll('-', '')}`,
      dedupe_key: `${event.key}:${endpoint.id}`,
      event_id: eventId,
      event_type: event.type,
      body,
      state: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      last_attempt_at: null,
      last_status: null,
      last_error: null,
      delivered_at: null,
      claimed_by: null,
      claimed_until: null,
      created_at: now.toISOString(),
    })
    if (inserted) ids.push(inserted.id)
  }
  return ids
}

/** The endpoints of `apiKey` that hear `type`. */
async function listeners(db: Db, apiKey: string | null, type: WebhookEventType) {
  if (!apiKey) return []
  return (await webhookEndpointsOfKey(db, apiKey)).filter((endpoint) => eventsOf(endpoint).includes(type))
}

/**
 * Queues the partner event of a session's follow-up, in the transaction that does the follow-up: to the endpoints
 * of the key the session was booked through that hear it. Answers how many deliveries were queued.
 */
export async function queueSessionWebhooks(
  trx: Db,
  input: {
    session: SessionFactsRow
    kind: string
    followUpId: number
    previous?: { start: string; end: string } | null
    publicUrl: string
    /** When the change happened (the event's `occurred_at`); the delivery is due at once whatever it says. */
    now: Date
  },
): Promise<number> {
  const type = FOLLOW_UP_EVENTS[input.kind]
  if (!type) return 0
  const endpoints = await listeners(trx, input.session.api_key, type)
  if (endpoints.length === 0) return 0
  const { session } = input
  const expert = await contributorKind(trx, session.contributor_id)
  const isRequest = session.request_state !== null && session.request_state !== 'accepted'
  const data: WebhookSessionData = {
    session: {
      id: session.id,
      slot_id: session.slot_id,
      state: session.state,
      request_state: session.request_state,
      start: session.start_at,
      end: session.end_at,
      online: session.communication_way === 0,
      expert: { id: session.contributor_id, kind: expert?.kind ?? 'advisor' },
      business_owner: { id: session.sme_id },
      subject_id: session.subject_id,
      url: `${input.publicUrl.replace(/\/$/, '')}/${isRequest ? 'request' : 'session'}/${session.id}`,
    },
    ...(type === 'booking.cancelled'
      ? { cancelled_by: input.kind === 'owner_cancelled' ? 'owner' : (session.cancelled_by ?? 'expert') }
      : {}),
    ...(input.previous ? { previous: input.previous } : {}),
  }
  const queued = await queueEvent(
    trx,
    endpoints,
    { key: `follow_up:${input.followUpId}`, type, occurredAt: input.now, data },
    new Date(),
  )
  return queued.length
}

/** Queues `rating.submitted` in the rating's transaction, to the endpoints of the session's key. */
export async function queueRatingWebhook(
  trx: Db,
  input: {
    session: { id: number; api_key: string | null; contributor_id: number }
    stars: number | null
    now: Date
  },
): Promise<number> {
  const endpoints = await listeners(trx, input.session.api_key, 'rating.submitted')
  if (endpoints.length === 0) return 0
  const expert = await contributorKind(trx, input.session.contributor_id)
  const queued = await queueEvent(
    trx,
    endpoints,
    {
      key: `rating:${input.session.id}`,
      type: 'rating.submitted',
      occurredAt: input.now,
      data: {
        session_id: input.session.id,
        expert: { id: input.session.contributor_id, kind: expert?.kind ?? 'advisor' },
        stars: input.stars,
        submitted_at: input.now.toISOString(),
      },
    },
    input.now,
  )
  return queued.length
}

/**
 * Writes the `WEBHOOKS` setting's endpoints (one per API key; their address, events and secrets follow the
 * setting) and removes those of keys it no longer names. Run at every start; several instances may run it at once.
 */
export async function syncConfigWebhooks(
  db: Kysely<Database>,
  endpoints: readonly ConfiguredWebhook[],
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    for (const endpoint of endpoints)
      await upsertConfigWebhook(trx, {
        apiKey: endpoint.apiKey,
        url: endpoint.url,
        events: JSON.stringify(endpoint.events),
        secret: endpoint.secrets[0]!,
        previous: endpoint.secrets[1] ?? null,
        now: now.toISOString(),
      })
    await deleteConfigWebhooksExcept(
      trx,
      endpoints.map((endpoint) => endpoint.apiKey),
    )
  })
}

// ——— The back office ———

/** An endpoint row as the back office shows it. */
function shown(
  row: Row<'webhook_endpoints'>,
  stats?: { pending: number | string | null; last_delivered_at: string | null },
): WebhookEndpoint {
  return {
    id: row.id,
    api_key: row.api_key,
    url: row.url,
    events: eventsOf(row),
    source: row.source,
    paused_at: row.paused_at,
    pause_reason: row.pause_reason,
    failing_since: row.failing_since,
    previous_secret_until: row.source === 'admin' ? row.previous_secret_until : null,
    pending: Number(stats?.pending ?? 0),
    last_delivered_at: stats?.last_delivered_at ?? null,
    created_at: row.created_at,
  }
}

/** A delivery row as the back office shows it. */
export function shownDelivery(row: Row<'webhook_deliveries'>): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    message_id: row.message_id,
    event_id: row.event_id,
    event_type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.state === 'pending' ? row.next_attempt_at : null,
    last_attempt_at: row.last_attempt_at,
    last_status: row.last_status,
    last_error: row.last_error,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    body: row.body,
  }
}

/** Every endpoint with its counts. */
export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const [rows, stats] = await Promise.all([webhookEndpoints(db), webhookEndpointStats(db)])
  const byId = new Map(stats.map((s) => [s.endpoint_id, s]))
  return rows.map((row) => shown(row, byId.get(row.id) as never))
}

/** One endpoint as shown, or a 404. */
export async function shownEndpoint(db: Db, id: number): Promise<WebhookEndpoint> {
  const row = await webhookEndpoint(db, id)
  if (!row) throw notFound('errors.webhookNotFound')
  const [stats] = await webhookEndpointStats(db, id)
  return shown(row, stats as never)
}

/** Refuses an address the policy would never send to, with the field named. */
function checkedUrl(url: string, policy: WebhookAddressPolicy): string {
  try {
    return checkWebhookUrl(url, policy).href
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error
    throw refused(error.code, 'errors.webhookUrl', { url: 'errors.webhookUrl' })
  }
}

/** Creates an endpoint of the back office; answers it with its new secret (shown this once). */
export async function createWebhookEndpoint(
  db: Db,
  input: { apiKey: string; url: string; events: string[] },
  options: { knownKey: (key: string) => boolean; policy: WebhookAddressPolicy; now?: Date },
) {
  if (!options.knownKey(input.apiKey))
    throw refused('webhook_unknown_api_key', 'errors.webhookApiKey', { api_key: 'errors.webhookApiKey' })
  const url = checkedUrl(input.url, options.policy)
  const now = (options.now ?? new Date()).toISOString()
  const secret = newWebhookSecret()
  const row = await insertWebhookEndpoint(db, {
    api_key: input.apiKey,
    url,
    events: JSON.stringify([...new Set(input.events)]),
    source: 'admin',
    config_key: null,
    secret,
    previous_secret: null,
    previous_secret_until: null,
    paused_at: null,
    pause_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  })
  return { endpoint: shown(row), secret }
}

/** An endpoint the back office may change in full: not one of the `WEBHOOKS` setting's. */
async function adminEndpoint(db: Db, id: number) {
  const row = await webhookEndpoint(db, id)
  if (!row) throw notFound('errors.webhookNotFound')
  return row
}

/**
 * Changes an endpoint: its address and events (the back office's own), or pauses or resumes it (any). A resumed
 * endpoint's waiting deliveries are due at once.
 */
export async function updateWebhookEndpointSettings(
  db: Db,
  id: number,
  input: { url?: string | undefined; events?: string[] | undefined; paused?: boolean | undefined },
  options: { policy: WebhookAddressPolicy; now?: Date },
): Promise<WebhookEndpoint> {
  const row = await adminEndpoint(db, id)
  const now = (options.now ?? new Date()).toISOString()
  if ((input.url !== undefined || input.events !== undefined) && row.source === 'config')
    throw conflict('webhook_from_configuration', 'errors.webhookFromConfiguration')
  await updateWebhookEndpoint(db, id, {
    ...(input.url !== undefined ? { url: checkedUrl(input.url, options.policy) } : {}),
    ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
    ...(input.paused === true && !row.paused_at ? { paused_at: now, pause_reason: 'admin' as const } : {}),
    ...(input.paused === false ? { paused_at: null, pause_reason: null, failing_since: null } : {}),
    updated_at: now,
  })
  if (input.paused === false && row.paused_at) await duePendingWebhookDeliveries(db, id, now)
  return shownEndpoint(db, id)
}

/** Deletes a back-office endpoint and its log. */
export async function removeWebhookEndpoint(db: Db, id: number): Promise<void> {
  const row = await adminEndpoint(db, id)
  if (row.source === 'config') throw conflict('webhook_from_configuration', 'errors.webhookFromConfiguration')
  await deleteWebhookEndpoint(db, id)
}

/** Makes a new secret; the previous one also signs for a day. Answers the endpoint and the new secret. */
export async function rotateWebhookSecret(db: Db, id: number, now = new Date()) {
  const row = await adminEndpoint(db, id)
  if (row.source === 'config') throw conflict('webhook_from_configuration', 'errors.webhookFromConfiguration')
  const secret = newWebhookSecret()
  await updateWebhookEndpoint(db, id, {
    secret,
    previous_secret: row.secret,
    previous_secret_until: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString(),
    updated_at: now.toISOString(),
  })
  return { endpoint: await shownEndpoint(db, id), secret }
}

/** Queues the test event to one endpoint; answers its delivery. */
export async function sendTestWebhook(db: Db, id: number, now = new Date()): Promise<WebhookDelivery> {
  const row = await adminEndpoint(db, id)
  const [deliveryId] = await queueEvent(
    db,
    [row],
    { key: `test:${randomUUID()}`, type: WEBHOOK_TEST_EVENT, occurredAt: now, data: {} },
    now,
  )
  return shownDelivery((await webhookDelivery(db, deliveryId!))!)
}

/** Sends a delivery again (delivered or failed): the same message id, its retries started over. */
export async function redeliverWebhook(db: Db, id: number, now = new Date()): Promise<WebhookDelivery> {
  const row = await webhookDelivery(db, id)
  if (!row) throw notFound('errors.webhookNotFound')
  const updated = await updateWebhookDelivery(db, id, {
    state: 'pending',
    attempts: 0,
    next_attempt_at: now.toISOString(),
    claimed_by: null,
    claimed_until: null,
  })
  return shownDelivery(updated!)
}

/** A page of an endpoint's deliveries, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  id: number,
  options: { state?: string | undefined; page: number; perPage: number },
) {
  await adminEndpoint(db, id)
  const { rows, total } = await webhookDeliveriesPage(db, id, {
    state: options.state,
    limit: options.perPage,
    offset: (options.page - 1) * options.perPage,
  })
  return { rows: rows.map(shownDelivery), total }
}

// ——— Delivery ———

/** What the dispatcher needs. */
export interface WebhookDispatchOptions {
  config: WebhooksConfig
  policy: WebhookAddressPolicy
  /** The site's address: the paused-endpoint mail's link and its `Message-ID`'s host. */
  publicUrl: string
  /** This instance's name, for its claims. */
  instance?: string
  userAgent?: string
}

/** What one round did. */
export interface WebhookRoundResult {
  delivered: number[]
  retrying: number[]
  failed: number[]
  paused: number[]
}

/** The wait before the retry after try number `attempts` (1-based), or null when there is none left. */
export function webhookRetryDelayMs(attempts: number, baseMs: number): number | null {
  const step = RETRY_STEPS[attempts - 1]
  return step === undefined ? null : step * baseMs
}

const defaultInstance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 6)}`

/** Sends what is due, one delivery at a time; answers what happened to each. */
export async function deliverDueWebhooks(
  db: Kysely<Database>,
  options: WebhookDispatchOptions,
  now = new Date(),
): Promise<WebhookRoundResult> {
  const result: WebhookRoundResult = { delivered: [], retrying: [], failed: [], paused: [] }
  const instance = options.instance ?? defaultInstance
  const at = now.toISOString()
  const due = await dueWebhookDeliveryIds(db, at, ROUND)
  for (const { id } of due) {
    const until = new Date(Date.now() + options.config.timeoutMs + 30_000).toISOString()
    const claim = await claimWebhookDelivery(db, id, instance, until, at)
    if (Number(claim.numUpdatedRows) !== 1) continue
    const delivery = (await webhookDelivery(db, id))!
    const endpoint = await webhookEndpoint(db, delivery.endpoint_id)
    if (!endpoint || endpoint.paused_at) {
      await updateClaimedWebhookDelivery(db, id, instance, { claimed_by: null, claimed_until: null })
      continue
    }
    const sentAt = now
    const secrets = [endpoint.secret]
    if (
      endpoint.previous_secret &&
      (!endpoint.previous_secret_until || endpoint.previous_secret_until > sentAt.toISOString())
    )
      secrets.push(endpoint.previous_secret)
    let status: number | null = null
    let error: string | null = null
    try {
      const answer = await postWebhook(
        endpoint.url,
        webhookHeaders(secrets, delivery.message_id, delivery.body, sentAt),
        delivery.body,
        {
          policy: options.policy,
          timeoutMs: options.config.timeoutMs,
          userAgent: options.userAgent ?? 'Mashura-Webhooks/1',
        },
      )
      status = answer.status
      if (status < 200 || status >= 300)
        error = `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}${answer.text ? `: ${answer.text.slice(0, 300)}` : ''}`
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause)
    }
    const attempts = delivery.attempts + 1
    const common = {
      attempts,
      last_attempt_at: sentAt.toISOString(),
      last_status: status,
      claimed_by: null,
      claimed_until: null,
    }
    if (error === null) {
      await updateClaimedWebhookDelivery(db, id, instance, {
        ...common,
        state: 'delivered',
        last_error: null,
        delivered_at: sentAt.toISOString(),
        next_attempt_at: null,
      })
      if (endpoint.failing_since) await updateWebhookEndpoint(db, endpoint.id, { failing_since: null })
      result.delivered.push(id)
      continue
    }
    const delay = webhookRetryDelayMs(attempts, options.config.retryBaseMs)
    await updateClaimedWebhookDelivery(db, id, instance, {
      ...common,
      state: delay === null ? 'failed' : 'pending',
      last_error: error.slice(0, 1000),
      next_attempt_at: delay === null ? null : new Date(sentAt.getTime() + delay).toISOString(),
    })
    ;(delay === null ? result.failed : result.retrying).push(id)
    if (await noteEndpointFailure(db, endpoint, sentAt, options)) result.paused.push(endpoint.id)
  }
  return result
}

/**
 * Marks an endpoint failing since its first failure after a success; once that is a day ago, pauses it and mails
 * the admins (once per run of failures). Answers whether it paused the endpoint.
 */
async function noteEndpointFailure(
  db: Kysely<Database>,
  endpoint: Row<'webhook_endpoints'>,
  now: Date,
  options: WebhookDispatchOptions,
): Promise<boolean> {
  if (!endpoint.failing_since) {
    await updateWebhookEndpoint(db, endpoint.id, { failing_since: now.toISOString() })
    return false
  }
  if (now.getTime() - Date.parse(endpoint.failing_since) < PAUSE_AFTER_MS) return false
  return db.transaction().execute(async (trx) => {
    if (!(await pauseFailingWebhookEndpoint(trx, endpoint.id, now.toISOString()))) return false
    const link = `${options.publicUrl.replace(/\/$/, '')}/admin/webhooks`
    for (const admin of await possibleAdmins(trx)) {
      if (backOfficeRole(admin) !== 'admin' || !admin.email) continue
      await queueMail(trx, {
        kind: 'webhook_paused',
        dedupeKey: `webhook_paused:${endpoint.id}:${endpoint.failing_since}:${admin.id}`,
        to: admin.email,
        mail: pausedMail(endpoint, link),
        link,
        domain: new URL(options.publicUrl).hostname,
        now,
      })
    }
    return true
  })
}

/** The mail that tells an admin an endpoint was paused after a day of failures. */
function pausedMail(endpoint: Row<'webhook_endpoints'>, link: string) {
  return layout(
    { ar: 'أُوقف عنوان إشعارات شريك', en: 'A partner webhook was paused' },
    {
      ar: {
        heading: 'أُوقف إرسال الإشعارات إلى عنوان شريك',
        paragraphs: [
          'أخفق إرسال الإشعارات إلى هذا العنوان طوال يوم كامل، فأوقفناه. تبقى الإشعارات محفوظة، وتُرسل عند استئنافه من لوحة الإدارة.',
        ],
        facts: [
          ['العنوان:', endpoint.url],
          ['مفتاح الشريك:', endpoint.api_key],
        ],
        action: { label: 'إدارة عناوين الإشعارات', url: link },
        footnote: 'أو افتح هذا الرابط:',
      },
      en: {
        heading: 'Webhooks to a partner address are paused',
        paragraphs: [
          'Every delivery to this address failed for a whole day, so it was paused. Its events are kept and will be sent once it is resumed in the back office.',
        ],
        facts: [
          ['Address:', endpoint.url],
          ['Partner key:', endpoint.api_key],
        ],
        action: { label: 'Manage webhooks', url: link },
        footnote: 'Or open this link:',
      },
    },
    [],
  )
}

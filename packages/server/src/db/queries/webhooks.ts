/**
 * The webhooks' reads and writes (issue 36): the endpoints and their outbox (`webhook_deliveries`), as rows.
 * When a delivery is due, who claims it and what a try changes are `domain/webhooks.ts`'s rules.
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database, NewRow, RowUpdate } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Every endpoint, oldest first. */
export function webhookEndpoints(db: Db) {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute()
}

/** One endpoint, if it exists. */
export function webhookEndpoint(db: Db, id: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The endpoints of an API key. */
export function webhookEndpointsOfKey(db: Db, apiKey: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('api_key', '=', apiKey).orderBy('id').execute()
}

/** Inserts an endpoint; answers it. */
export function insertWebhookEndpoint(db: Db, values: NewRow<'webhook_endpoints'>) {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow()
}

/** Changes an endpoint; answers it, or undefined when it is gone. */
export function updateWebhookEndpoint(db: Db, id: number, changes: RowUpdate<'webhook_endpoints'>) {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Deletes an endpoint and its deliveries; answers whether it was there. */
export async function deleteWebhookEndpoint(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute()
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Writes the `WEBHOOKS` setting's endpoint of a key (one per key): its address, events and secrets follow the
 * setting, its pause and failures stay.
 */
export async function upsertConfigWebhook(
  db: Db,
  values: {
    apiKey: string
    url: string
    events: string
    secret: string
    previous: string | null
    now: string
  },
) {
  await db
    .insertInto('webhook_endpoints')
    .values({
      api_key: values.apiKey,
      url: values.url,
      events: values.events,
      source: 'config',
      config_key: values.apiKey,
      secret: values.secret,
      previous_secret: values.previous,
      previous_secret_until: null,
      paused_at: null,
      pause_reason: null,
      failing_since: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) =>
      oc.column('config_key').doUpdateSet({
        url: values.url,
        events: values.events,
        secret: values.secret,
        previous_secret: values.previous,
        updated_at: values.now,
      }),
    )
    .execute()
}

/** Deletes the setting's endpoints of keys the setting no longer names (with their deliveries). */
export async function deleteConfigWebhooksExcept(db: Db, keys: readonly string[]) {
  const stale = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('source', '=', 'config')
    .$if(keys.length > 0, (q) => q.where('config_key', 'not in', keys))
    .execute()
  for (const { id } of stale) await deleteWebhookEndpoint(db, id)
}

/** Makes an endpoint's pending deliveries due at `at` (it was resumed). */
export async function duePendingWebhookDeliveries(db: Db, endpointId: number, at: string) {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: at })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .execute()
}

/** Pauses a failing endpoint unless it is paused already; answers whether this call paused it. */
export async function pauseFailingWebhookEndpoint(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ paused_at: at, pause_reason: 'failing', updated_at: at })
    .where('id', '=', id)
    .where('paused_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Queues a delivery unless one with its `dedupe_key` is queued already. */
export function insertWebhookDeliveryOnce(db: Db, values: NewRow<'webhook_deliveries'>) {
  return db
    .insertInto('webhook_deliveries')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
}

/** One delivery, if it exists. */
export function webhookDelivery(db: Db, id: number) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The ids of up to `limit` pending deliveries due at `at`, not claimed then, of endpoints not paused; earliest due
 * first.
 */
export function dueWebhookDeliveryIds(db: Db, at: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select('webhook_deliveries.id')
    .where('webhook_deliveries.state', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', at)
    .where('webhook_endpoints.paused_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('webhook_deliveries.claimed_until', 'is', null),
        eb('webhook_deliveries.claimed_until', '<', at),
      ]),
    )
    .orderBy('webhook_deliveries.next_attempt_at')
    .orderBy('webhook_deliveries.id')
    .limit(limit)
    .execute()
}

/** Claims a delivery for an instance until `until` (compare-and-set); `numUpdatedRows` is 1 when taken. */
export function claimWebhookDelivery(db: Db, id: number, instance: string, until: string, at: string) {
  return db
    .updateTable('webhook_deliveries')
    .set({ claimed_by: instance, claimed_until: until })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst()
}

/** Changes a delivery, only while `instance` holds its claim. */
export async function updateClaimedWebhookDelivery(
  db: Db,
  id: number,
  instance: string,
  changes: RowUpdate<'webhook_deliveries'>,
) {
  await db
    .updateTable('webhook_deliveries')
    .set(changes)
    .where('id', '=', id)
    .where('claimed_by', '=', instance)
    .execute()
}

/** Changes a delivery. */
export function updateWebhookDelivery(db: Db, id: number, changes: RowUpdate<'webhook_deliveries'>) {
  return db
    .updateTable('webhook_deliveries')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** A page of an endpoint's deliveries, newest first, with the total. */
export async function webhookDeliveriesPage(
  db: Db,
  endpointId: number,
  options: { state?: string | undefined; limit: number; offset: number },
) {
  let query = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId)
  if (options.state) query = query.where('state', '=', options.state as 'pending')
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Per endpoint (or for one): how many deliveries wait, and when one last arrived. */
export function webhookEndpointStats(db: Db, endpointId?: number) {
  return db
    .selectFrom('webhook_deliveries')
    .$if(endpointId !== undefined, (q) => q.where('endpoint_id', '=', endpointId!))
    .select([
      'endpoint_id',
      sql<number>`sum(case when state = 'pending' then 1 else 0 end)`.as('pending'),
      (eb) => eb.fn.max('delivered_at').as('last_delivered_at'),
    ])
    .groupBy('endpoint_id')
    .execute()
}

/** A contributor's kind and id, by the session's contributor id. */
export function contributorKind(db: Db, contributorId: number) {
  return db
    .selectFrom('contributors')
    .select(['id', 'kind'])
    .where('id', '=', contributorId)
    .executeTakeFirst()
}

/**
 * The people who may be admins (granted on the command line, or named by the provider's roles), with their
 * addresses: `domain/back-office-roles.ts` decides which are.
 */
export function possibleAdmins(db: Db) {
  return db
    .selectFrom('people')
    .select(['id', 'email', 'full_name', 'is_admin', 'is_analyst', 'provider_roles'])
    .where('email', 'is not', null)
    .where('erased_at', 'is', null)
    .where((eb) => eb.or([eb('is_admin', '=', 1), eb('provider_roles', '!=', '')]))
    .execute()
}

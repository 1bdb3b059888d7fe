/**
 * Part 22: partner webhooks (issue 36). A session remembers the API key it was booked through (`api_key`), so a
 * partner hears only of its own bookings and requests. `webhook_endpoints` are the partners' receivers: from the
 * back office (`source` 'admin') or the `WEBHOOKS` setting ('config', one per key: `config_key` is its API key),
 * each with the events it hears, its signing secret and, for a day after a rotation, the previous one; paused by
 * hand or after a day of failures. `webhook_deliveries` is their outbox: one row per event and endpoint (the
 * unique `dedupe_key`), queued in the transaction that records the event, claimed by one instance at a time
 * (`claimed_by` until `claimed_until`) and retried with backoff for a day. Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema.alterTable('sessions').addColumn('api_key', 'text').execute()
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', pk)
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('config_key', 'text', (c) => c.unique())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', time)
    .addColumn('paused_at', time)
    .addColumn('pause_reason', 'text')
    .addColumn('failing_since', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('webhook_endpoints_api_key').on('webhook_endpoints').column('api_key').execute()
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', pk)
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', time)
    .addColumn('last_attempt_at', time)
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', time)
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute()
  await db.schema.dropTable('webhook_endpoints').execute()
  await db.schema.alterTable('sessions').dropColumn('api_key').execute()
}

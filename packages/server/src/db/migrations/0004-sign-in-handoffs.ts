/**
 * Part 4: the sign-in hand-offs of widgets on partner pages (design section 10). A popup's login result is
 * kept here for a minute, sealed with the widget's one-time handle, so a partner page whose headers cut the
 * popup off (`Cross-Origin-Opener-Policy: same-origin`) still receives it. Typed loosely (Kysely<any>).
 */
import { sql } from 'kysely'
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema
    .createTable('sign_in_handoffs')
    // A hash of the handle: the handle itself is never stored, so this table alone redeems nothing.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    // The login result, AES-256-GCM under a key derived from the handle; null for a failure.
    .addColumn('sealed', 'text')
    .addColumn('expires_at', time, (c) => c.notNull())
    .addCheckConstraint('sign_in_handoffs_outcome', sql`outcome in ('signed_in', 'cancelled', 'failed')`)
    .execute()
  await db.schema.createIndex('sign_in_handoffs_expiry').on('sign_in_handoffs').column('expires_at').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('sign_in_handoffs').execute()
}

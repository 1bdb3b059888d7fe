/**
 * Part 8: the widgets' sign-in hand-off is bound to the page that opened the popup (issue 30). The old table
 * kept a popup's result under a handle that travelled in the popup's address, so whoever chose the handle could
 * redeem another person's sign-in. Now a hand-off is kept under a one-time code the server makes, which goes
 * only to the opening page (by `postMessage` to its origin, or through the key's registered return page), and
 * is redeemed only with the PKCE-style verifier whose hash (`challenge`) the popup was opened with. Hand-offs
 * live a minute, so the old rows are dropped, not converted. Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema.dropTable('sign_in_handoffs').ifExists().execute()
  await db.schema
    .createTable('sign_in_handoffs')
    // A hash of the code: the code itself is never stored, so this table alone redeems nothing.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // base64url(SHA-256(verifier)): only the holder of the verifier redeems.
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    // The login result, AES-256-GCM under a key derived from the code and the challenge.
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sign_in_handoffs_expiry').on('sign_in_handoffs').column('expires_at').execute()
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema.dropTable('sign_in_handoffs').execute()
  await db.schema
    .createTable('sign_in_handoffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text')
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sign_in_handoffs_expiry').on('sign_in_handoffs').column('expires_at').execute()
}

/**
 * Sign-in hand-offs (design section 10): how a widget on a partner page receives the result of the
 * platform's sign-in popup without `window.opener`, which a partner page sending
 * `Cross-Origin-Opener-Policy: same-origin` severs.
 *
 * The widget makes a random one-time handle and opens the popup with it. When the popup's sign-in
 * completes, the server keeps the login result for a minute under a hash of the handle, sealed with a key
 * derived from the handle; the widget redeems it once, from the page origin the key allows. The table
 * alone redeems nothing (it holds neither the handle nor the result in clear), a redeemed or expired
 * hand-off is gone, and a second deposit under the same handle never replaces the first.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { Store } from '../db/database.ts'

/** How long a deposited result waits to be redeemed. */
export const HANDOFF_TTL_MS = 60_000

/** A handle: 32 random bytes, base64url without padding (43 characters); the contract's pattern. */
export { HANDLE_PATTERN } from '@mashura/core/contract'

/** What a popup's sign-in ended with. */
export type HandoffOutcome = 'signed_in' | 'cancelled' | 'failed'

/** A redeemed hand-off: the login result, or why there is none. */
export type RedeemedHandoff =
  | { outcome: 'signed_in'; result: unknown }
  | { outcome: 'cancelled' | 'failed'; result: null }

function derive(label: string, handle: string): Buffer {
  return createHash('sha256').update(`mashura.sign-in-handoff.${label}:${handle}`).digest()
}

/** The row id of a handle: a hash under its own label, unrelated to the sealing key. */
export function handoffId(handle: string): string {
  return derive('id', handle).toString('hex')
}

/** Seals a JSON value with the handle's key (AES-256-GCM; iv, tag and ciphertext in one base64 string). */
export function seal(handle: string, value: unknown): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derive('key', handle), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** Opens what {@link seal} made with the same handle; throws when the handle or the data is wrong. */
export function unseal(handle: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', derive('key', handle), bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  return JSON.parse(text) as unknown
}

/** What {@link depositHandoff} stores. */
export interface HandoffDeposit {
  handle: string
  apiKey: string
  origin: string
  outcome: HandoffOutcome
  /** The login result, for `signed_in`. */
  result?: unknown
  now?: Date
}

/**
 * Keeps a popup's outcome under its handle for {@link HANDOFF_TTL_MS}. The first deposit wins: a later
 * one under the same handle (a replay, or a failure after a success) changes nothing. Returns whether
 * this deposit was kept. Expired hand-offs are swept on the way.
 */
export async function depositHandoff(store: Store, deposit: HandoffDeposit): Promise<boolean> {
  const now = deposit.now ?? new Date()
  await store.db.deleteFrom('sign_in_handoffs').where('expires_at', '<=', now.toISOString()).execute()
  const inserted = await store.db
    .insertInto('sign_in_handoffs')
    .values({
      id: handoffId(deposit.handle),
      api_key: deposit.apiKey,
      origin: deposit.origin,
      outcome: deposit.outcome,
      sealed: deposit.outcome === 'signed_in' ? seal(deposit.handle, deposit.result ?? null) : null,
      expires_at: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Redeems a hand-off once: removes it and answers its outcome, when it exists, has not expired and was
 * deposited for this API key and page origin. Anything else answers null and removes nothing, so a wrong
 * origin cannot burn a visitor's hand-off. Two redeems racing get it once between them (the delete).
 */
export async function redeemHandoff(
  store: Store,
  handle: string,
  apiKey: string,
  origin: string,
  now = new Date(),
): Promise<RedeemedHandoff | null> {
  const row = await store.db
    .deleteFrom('sign_in_handoffs')
    .where('id', '=', handoffId(handle))
    .where('api_key', '=', apiKey)
    .where('origin', '=', origin)
    .where('expires_at', '>', now.toISOString())
    .returning(['outcome', 'sealed'])
    .executeTakeFirst()
  if (!row) return null
  if (row.outcome === 'signed_in' && row.sealed) {
    return { outcome: 'signed_in', result: unseal(handle, row.sealed) }
  }
  return { outcome: row.outcome === 'cancelled' ? 'cancelled' : 'failed', result: null }
}

/**
 * Sign-in hand-offs (design section 10, issue 30): how a widget on a partner page receives the result of the
 * platform's sign-in popup, and only that widget.
 *
 * The widget makes a random verifier, keeps it in memory, and opens the popup with its hash (`challenge`,
 * base64url of SHA-256, as PKCE does). When the popup's sign-in completes, the server keeps the login result
 * for a minute under a fresh one-time code it makes, bound to the challenge, the API key and the page origin,
 * and answers the popup the code alone (never the token). The popup hands the code to the opening page only:
 * by `postMessage` to the key's origin when `window.opener` is there, or, for pages that cut it off
 * (`Cross-Origin-Opener-Policy: same-origin`), by going to the key's registered return page on that origin,
 * which passes the code to the page in the same browser. The widget redeems the code with its verifier.
 *
 * Whoever makes a popup address (and so knows the verifier) never sees the code: it goes to the partner's
 * origin in the browser of the person who signed in. Whoever sees the code (the return page's address) never
 * has the verifier. The table alone redeems nothing (it holds neither the code nor the result in clear), and a
 * redeemed or expired hand-off is gone.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Store } from '../../db/database.ts'
import { deleteExpiredHandoffs, insertHandoff, takeHandoff } from '../../db/queries/auth.ts'
import { sealer } from './sealing.ts'

/** How long a deposited result waits to be redeemed. */
export const HANDOFF_TTL_MS = 60_000

/** Hand-off results are sealed under their codes, with keys of their own. */
const handoffs = sealer('sign-in-handoff')

/** The row id of a code. */
const handoffId = (code: string): string => handoffs.idOf(code)

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)), as PKCE (RFC 7636) makes it. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** Seals a JSON value under a hand-off code. */
export const seal = (code: string, value: unknown): string => handoffs.seal(code, value)

/** Opens what {@link seal} made with the same code; throws when the code or the data is wrong. */
export const unseal = (code: string, sealed: string): unknown => handoffs.unseal(code, sealed)

/** What {@link depositHandoff} keeps. */
export interface HandoffDeposit {
  /** base64url(SHA-256(verifier)) the popup was opened with. */
  challenge: string
  apiKey: string
  origin: string
  /** The login result. */
  result: unknown
  now?: Date
}

/**
 * Keeps a popup's login result for {@link HANDOFF_TTL_MS} under a new one-time code, and answers the code
 * (32 random bytes, base64url): the only way to the result, with the verifier. Expired hand-offs are swept on
 * the way.
 */
export async function depositHandoff(store: Store, deposit: HandoffDeposit): Promise<string> {
  const now = deposit.now ?? new Date()
  const code = randomBytes(32).toString('base64url')
  await deleteExpiredHandoffs(store.db, now.toISOString())
  await insertHandoff(store.db, {
    id: handoffId(code),
    challenge: deposit.challenge,
    api_key: deposit.apiKey,
    origin: deposit.origin,
    sealed: seal(code, deposit.result ?? null),
    expires_at: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
  })
  return code
}

/** What a redeem presents: the code the popup handed over and the verifier the opening page kept. */
export interface HandoffRedeem {
  code: string
  verifier: string
  apiKey: string
  /** The `Origin` of the redeeming page. */
  origin: string
  now?: Date
}

/**
 * Redeems a hand-off once: removes it and answers its login result, when it exists, has not expired, was
 * deposited for this API key and page origin, and the verifier hashes to its challenge. Anything else answers
 * null and removes nothing, so a wrong guess cannot burn a visitor's hand-off. Two redeems racing get it once
 * between them (the delete).
 */
export async function redeemHandoff(store: Store, redeem: HandoffRedeem): Promise<unknown | null> {
  const now = redeem.now ?? new Date()
  const row = await takeHandoff(store.db, {
    id: handoffId(redeem.code),
    challenge: challengeOf(redeem.verifier),
    apiKey: redeem.apiKey,
    origin: redeem.origin,
    now: now.toISOString(),
  })
  return row ? unseal(redeem.code, row.sealed) : null
}

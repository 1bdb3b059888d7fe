/**
 * Webhook signatures the Standard Webhooks way (issue 36; standardwebhooks.com), so a partner can verify with an
 * existing library: `webhook-id` (the message id), `webhook-timestamp` (Unix seconds) and `webhook-signature`,
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret's bytes (the base64 after `whsec_`).
 * During a rotation both secrets sign, their signatures space-separated, so a receiver holding either verifies.
 */
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** A new secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`
}

/** Whether `secret` is a secret of this form (`whsec_` and 24 to 64 bytes in base64). */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(PREFIX)) return false
  const text = secret.slice(PREFIX.length)
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return false
  const bytes = Buffer.from(text, 'base64')
  return bytes.length >= 24 && bytes.length <= 64
}

/** The `webhook-signature` header: one `v1,…` per secret, space-separated. */
export function webhookSignature(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(PREFIX.length), 'base64')
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
    })
    .join(' ')
}

/** The three headers of a webhook, signed with every secret given. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secrets, id, timestamp, body),
  }
}

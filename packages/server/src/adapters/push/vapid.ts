/**
 * VAPID keys (RFC 8292): from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` when both are set,
 * else generated on first start and kept in `DATA_DIR/secrets/vapid.json`, so every
 * instance sharing the data directory signs with the same key and browsers'
 * subscriptions survive restarts. `VAPID_SUBJECT` (an `https:` or `mailto:` URL) names
 * the operator to push services; it defaults to PUBLIC_URL when that is https.
 */
import { createECDH } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createFileOnce, type PushConfig } from '../../config.ts'

/** The keys and the subject pushes are signed with. */
export interface VapidDetails {
  publicKey: string
  privateKey: string
  subject: string
}

function readKeys(file: string): { publicKey: string; privateKey: string } {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown }
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`${file} does not hold VAPID keys`)
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
}

/**
 * A new P-256 key pair in VAPID's form (web-push's `generateVAPIDKeys`: the uncompressed public point, 65 bytes,
 * and the private scalar, 32 bytes, both base64url), made with node:crypto so that web-push is loaded only when
 * a push is sent, not at every start.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1')
  curve.generateKeys()
  const privateKey = curve.getPrivateKey()
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  }
}

/** The keys kept under the data directory, made once (`createFileOnce`: a concurrent start reads the winner's). */
function persistentKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'secrets', 'vapid.json')
  if (!existsSync(file)) {
    const keys = generateVapidKeys()
    createFileOnce(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }))
  }
  return readKeys(file)
}

/**
 * The VAPID details for a data directory and the push settings (config.ts checked them): the configured keys,
 * else the kept ones; the configured subject, else PUBLIC_URL when https, else `mailto:push@<host>`.
 */
export function loadVapidDetails(
  dataDir: string,
  publicUrl: string,
  push: Pick<PushConfig, 'vapidKeys' | 'vapidSubject'>,
): VapidDetails {
  const keys = push.vapidKeys ?? persistentKeys(dataDir)
  const subject =
    push.vapidSubject ??
    (publicUrl.startsWith('https:') ? publicUrl : `mailto:push@${new URL(publicUrl).hostname}`)
  return { ...keys, subject }
}

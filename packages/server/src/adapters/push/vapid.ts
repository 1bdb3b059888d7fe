/**
 * VAPID keys (RFC 8292): from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` when both are set,
 * else generated on first start and kept in `DATA_DIR/secrets/vapid.json`, so every
 * instance sharing the data directory signs with the same key and browsers'
 * subscriptions survive restarts. `VAPID_SUBJECT` (an `https:` or `mailto:` URL) names
 * the operator to push services; it defaults to PUBLIC_URL when that is https.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
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

/** The keys kept under the data directory, made once (`createFileOnce`: a concurrent start reads the winner's). */
function persistentKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'secrets', 'vapid.json')
  if (!existsSync(file)) {
    const keys = webpush.generateVAPIDKeys()
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

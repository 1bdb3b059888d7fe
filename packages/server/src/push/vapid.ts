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
import { createFileOnce } from '../config.ts'

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

/** The VAPID details for a data directory and environment. */
export function loadVapidDetails(dataDir: string, publicUrl: string, env: NodeJS.ProcessEnv): VapidDetails {
  const fromEnv = { publicKey: env.VAPID_PUBLIC_KEY || '', privateKey: env.VAPID_PRIVATE_KEY || '' }
  if (Boolean(fromEnv.publicKey) !== Boolean(fromEnv.privateKey))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
  const keys = fromEnv.publicKey ? fromEnv : persistentKeys(dataDir)
  const subject =
    env.VAPID_SUBJECT ||
    (publicUrl.startsWith('https:') ? publicUrl : `mailto:push@${new URL(publicUrl).hostname}`)
  if (!/^(https:|mailto:)/.test(subject)) throw new Error('VAPID_SUBJECT must be an https: or mailto: URL')
  return { ...keys, subject }
}

/**
 * The dev provider's persisted secrets: its signing keys (a JWKS) and its cookie
 * keys, created once under `DATA_DIR/secrets/` so restarts and several instances
 * sharing a data directory sign and read the same tokens and cookies.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JWK } from 'jose'

/** A private JSON Web Key Set. */
export interface PrivateJwks {
  keys: JWK[]
}

/**
 * Reads `dir/name`, or creates it with `make()` when missing. Creation is atomic
 * (written aside, then hard-linked into place, which fails if another process won
 * the race), so concurrent first starts end up reading one and the same value.
 */
function readOrCreate(dir: string, name: string, make: () => string): string {
  const file = join(dir, name)
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dir, { recursive: true })
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(aside, make(), { mode: 0o600 })
  try {
    linkSync(aside, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    unlinkSync(aside)
  }
  return readFileSync(file, 'utf8')
}

/** The provider's signing keys: one RS256 key (what ID tokens default to), made once. */
export function loadOrCreateJwks(dataDir: string): PrivateJwks {
  const text = readOrCreate(join(dataDir, 'secrets'), 'oidc-jwks.json', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const jwk = privateKey.export({ format: 'jwk' }) as JWK
    // RFC 7638 thumbprint of the public part as the key id.
    const kid = createHash('sha256')
      .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
      .digest('base64url')
    return `${JSON.stringify({ keys: [{ ...jwk, kid, use: 'sig', alg: 'RS256' }] }, null, 2)}\n`
  })
  return parseJwks(text)
}

function parseJwks(text: string): PrivateJwks {
  const jwks = JSON.parse(text) as PrivateJwks
  if (!Array.isArray(jwks.keys) || jwks.keys.length === 0 || jwks.keys.some((k) => !k.d)) {
    throw new Error('secrets/oidc-jwks.json must hold a private JWKS; delete it to make a new one')
  }
  return jwks
}

/** The keys the provider signs its cookies with (one random secret, made once). */
export function loadOrCreateCookieKeys(dataDir: string): string[] {
  const secret = readOrCreate(join(dataDir, 'secrets'), 'oidc-cookie-key', () =>
    randomBytes(32).toString('base64url'),
  ).trim()
  return [secret]
}

/**
 * Sealing a short-lived value under a secret only its holder has (a sign-in hand-off's code, an app link's
 * handle): the database keeps a row id and the sealed value, both derived from the secret under the purpose's
 * own labels, so a copy of the table opens nothing. AES-256-GCM; iv, tag and ciphertext in one base64 string.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** Sealing for one purpose (`sign-in-handoff`, `app-link`): its keys never open another purpose's values. */
export interface Sealer {
  /** The row id of a secret: a hash under its own label, unrelated to the sealing key. */
  idOf(secret: string): string
  /** Seals a JSON value with the secret's key. */
  seal(secret: string, value: unknown): string
  /** Opens what `seal` made with the same secret; throws when the secret or the data is wrong. */
  unseal(secret: string, sealed: string): unknown
}

/** The sealer of a purpose; its labels are `mashura.<purpose>.<id|key>:<secret>`. */
export function sealer(purpose: string): Sealer {
  const derive = (label: string, secret: string): Buffer =>
    createHash('sha256').update(`mashura.${purpose}.${label}:${secret}`).digest()
  return {
    idOf: (secret) => derive('id', secret).toString('hex'),
    seal(secret, value) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', derive('key', secret), iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    unseal(secret, sealed) {
      const bytes = Buffer.from(sealed, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', derive('key', secret), bytes.subarray(0, 12))
      decipher.setAuthTag(bytes.subarray(12, 28))
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
      return JSON.parse(text) as unknown
    },
  }
}

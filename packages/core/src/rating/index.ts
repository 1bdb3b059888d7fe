/**
 * Rating-link token crypto, in the exact format of the agency's existing back end
 * (design section 4): AES-256-CBC with PKCS#7 padding, the key from
 * PBKDF2-HMAC-SHA512(passphrase, salt, 999 iterations, 32 bytes), ciphertext in base64,
 * iv and salt in hex, plaintext a JSON-encoded value.
 *
 * This is obfuscation, not secrecy: the passphrase ships to browsers. The server makes
 * the decrypted token single-use, scoped to one session's rating and short-lived.
 */

import { CodedError } from '../coded-error.ts'

/** The encrypted rating token as `GET /rating/sme/validate-rating/{token}` returns it. */
export interface EncryptedRatingToken {
  /** Base64 of the AES-256-CBC ciphertext. */
  ciphertext: string
  /** The 16-byte initialisation vector, hex. */
  iv: string
  /** The PBKDF2 salt, hex (any length; the existing back end uses 256 bytes). */
  salt: string
}

/** PBKDF2 iterations fixed by spec section 9. */
export const RATING_PBKDF2_ITERATIONS = 999
/** Key length in bytes: a 256-bit AES key (spec section 9). */
export const RATING_KEY_BYTES = 32
const IV_BYTES = 16

/** Why a rating token could not be decrypted or encrypted. */
export type RatingTokenErrorCode = 'invalid_input' | 'decrypt_failed' | 'invalid_payload'

/** The one error rating crypto rejects with; `code` says which step failed. */
export class RatingTokenError extends CodedError<RatingTokenErrorCode> {
  override readonly name = 'RatingTokenError'
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (!s) throw new RatingTokenError('invalid_input', 'Web Crypto (crypto.subtle) is not available here')
  return s
}

/** Hex string to bytes; rejects odd lengths and non-hex characters. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new RatingTokenError('invalid_input', 'Expected an even-length hex string')
  }
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** Bytes to lowercase hex. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += b.toString(16).padStart(2, '0')
  return s
}

/** Base64 (standard alphabet, padded or not) to bytes; rejects anything else. */
export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const clean = typeof b64 === 'string' ? b64.replace(/\s+/g, '') : ''
  if (!clean || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) {
    throw new RatingTokenError('invalid_input', 'Expected a base64 string')
  }
  const bin = atob(clean)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

/** Bytes to standard, padded base64. */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin)
}

async function deriveKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  usage: KeyUsage,
): Promise<CryptoKey> {
  if (typeof passphrase !== 'string' || passphrase.length === 0) {
    throw new RatingTokenError('invalid_input', 'The rating passphrase is empty')
  }
  const material = await subtle().importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, [
    'deriveKey',
  ])
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations: RATING_PBKDF2_ITERATIONS },
    material,
    { name: 'AES-CBC', length: RATING_KEY_BYTES * 8 },
    false,
    [usage],
  )
}

/**
 * Decrypts a rating link's `sme_access_token` into the rating token it carries.
 * Rejects with a {@link RatingTokenError} on malformed input, a wrong passphrase or
 * tampered data, and when the plaintext is not a JSON-encoded string.
 */
export async function decryptRatingToken(input: EncryptedRatingToken, passphrase: string): Promise<string> {
  if (!input || typeof input !== 'object') {
    throw new RatingTokenError(
      'invalid_input',
      'The encrypted token must be an object with ciphertext, iv and salt',
    )
  }
  const iv = hexToBytes(input.iv)
  if (iv.length !== IV_BYTES)
    throw new RatingTokenError('invalid_input', 'The iv must be 16 bytes (32 hex digits)')
  const salt = hexToBytes(input.salt)
  if (salt.length === 0) throw new RatingTokenError('invalid_input', 'The salt is empty')
  const data = base64ToBytes(input.ciphertext)
  if (data.length === 0 || data.length % IV_BYTES !== 0) {
    throw new RatingTokenError('invalid_input', 'The ciphertext is not a whole number of AES blocks')
  }
  const key = await deriveKey(passphrase, salt, 'decrypt')
  let plain: ArrayBuffer
  try {
    plain = await subtle().decrypt({ name: 'AES-CBC', iv }, key, data)
  } catch (cause) {
    throw new RatingTokenError(
      'decrypt_failed',
      'The rating token could not be decrypted (wrong passphrase or tampered data)',
      {
        cause,
      },
    )
  }
  let text: string
  let value: unknown
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(plain)
    value = JSON.parse(text)
  } catch (cause) {
    // A wrong key passes the padding check about once in 256 tries; the garbage it yields fails here.
    throw new RatingTokenError(
      'decrypt_failed',
      'The rating token could not be decrypted (wrong passphrase or tampered data)',
      {
        cause,
      },
    )
  }
  if (typeof value !== 'string' || value.length === 0) {
    throw new RatingTokenError('invalid_payload', 'The decrypted rating token is not a non-empty JSON string')
  }
  return value
}

/** Options for {@link encryptRatingToken}; fixed values are for known-answer tests only. */
export interface EncryptRatingOptions {
  /** The iv to use instead of 16 random bytes. */
  iv?: Uint8Array<ArrayBuffer>
  /** The salt to use instead of 256 random bytes. */
  salt?: Uint8Array<ArrayBuffer>
}

/**
 * Encrypts a rating token in the format {@link decryptRatingToken} reads: the server
 * uses it to make rating links, tests to make vectors. A fresh random iv and
 * 256-byte salt are drawn for every call unless given.
 */
export async function encryptRatingToken(
  value: string,
  passphrase: string,
  options: EncryptRatingOptions = {},
): Promise<EncryptedRatingToken> {
  if (typeof value !== 'string' || value.length === 0) {
    throw new RatingTokenError('invalid_input', 'The rating token to encrypt must be a non-empty string')
  }
  const iv = options.iv ?? crypto.getRandomValues(new Uint8Array(IV_BYTES))
  if (iv.length !== IV_BYTES) throw new RatingTokenError('invalid_input', 'The iv must be 16 bytes')
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(256))
  if (salt.length === 0) throw new RatingTokenError('invalid_input', 'The salt is empty')
  const key = await deriveKey(passphrase, salt, 'encrypt')
  const cipher = await subtle().encrypt(
    { name: 'AES-CBC', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  )
  return { ciphertext: bytesToBase64(new Uint8Array(cipher)), iv: bytesToHex(iv), salt: bytesToHex(salt) }
}

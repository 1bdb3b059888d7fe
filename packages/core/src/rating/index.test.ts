import { describe, expect, it } from 'vitest'
import {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  decryptRatingToken,
  encryptRatingToken,
  hexToBytes,
  RatingTokenError,
} from './index.ts'

// Known answers made once with Node's crypto module (see index.node.test.ts, which
// re-derives them live); kept literal here so the same checks run in Chromium.
const PASS = 'mashura-rating-passphrase'
const TOKEN = 'rt_5f1c9e2a-7b64-4d0b-9c1e-3a2f8d7e6b10'
const SALT = Array.from({ length: 256 }, (_, i) => ((i * 37 + 11) & 255).toString(16).padStart(2, '0')).join(
  '',
)
const KAT = {
  ciphertext: 'tVwjRL6WzAivU1ER5Cls8dFv0RYqC0bBDVxYH4LCAwY86LUcuZ2IsqWkJjOKQSS2',
  iv: '000102030405060708090a0b0c0d0e0f',
  salt: SALT,
}

async function rejection(p: Promise<unknown>): Promise<RatingTokenError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(RatingTokenError)
  return err as RatingTokenError
}

describe('decryptRatingToken', () => {
  it('decrypts a known answer made with Node crypto', async () => {
    await expect(decryptRatingToken(KAT, PASS)).resolves.toBe(TOKEN)
  })

  it('decrypts a short-salt, Arabic passphrase and Arabic token known answer', async () => {
    const input = { ciphertext: 'IFvC6kw3la0X4cDCpnux77GaZmQdSnCrfvPTP0ot6ZQ=', iv: KAT.iv, salt: 'a1b2c3d4' }
    await expect(decryptRatingToken(input, 'كلمة سر')).resolves.toBe('تقييم-جلسة-٤٢')
  })

  it('rejects a wrong passphrase with a clear error', async () => {
    const err = await rejection(decryptRatingToken(KAT, 'not-the-passphrase'))
    expect(err.code).toBe('decrypt_failed')
    expect(err.message).toMatch(/could not be decrypted/)
  })

  it('rejects a tampered ciphertext, iv or salt', async () => {
    const bytes = base64ToBytes(KAT.ciphertext)
    bytes[bytes.length - 1]! ^= 0x01
    expect(
      (await rejection(decryptRatingToken({ ...KAT, ciphertext: bytesToBase64(bytes) }, PASS))).code,
    ).toBe('decrypt_failed')
    // Flipping the first iv byte turns the plaintext's opening quote into another byte: not JSON.
    const iv = `ff${KAT.iv.slice(2)}`
    expect((await rejection(decryptRatingToken({ ...KAT, iv }, PASS))).code).toBe('decrypt_failed')
    const salt = `00${SALT.slice(2)}`
    expect((await rejection(decryptRatingToken({ ...KAT, salt }, PASS))).code).toBe('decrypt_failed')
  })

  it('rejects malformed input before doing any crypto', async () => {
    const cases: unknown[] = [
      null,
      { ...KAT, iv: 'abc' },
      { ...KAT, iv: '0011' },
      { ...KAT, iv: 'zz'.repeat(16) },
      { ...KAT, salt: '' },
      { ...KAT, ciphertext: '' },
      { ...KAT, ciphertext: 'not base64!' },
      { ...KAT, ciphertext: 'AAAA' },
    ]
    for (const input of cases) {
      const err = await rejection(decryptRatingToken(input as never, PASS))
      expect(err.code).toBe('invalid_input')
    }
    expect((await rejection(decryptRatingToken(KAT, ''))).code).toBe('invalid_input')
  })

  it('rejects a plaintext that is valid JSON but not a string', async () => {
    // Encrypt a number by hand through the public encoder: JSON.stringify("…") is forced, so build one from JSON.
    const enc = await encryptRatingToken('x', PASS)
    expect(await decryptRatingToken(enc, PASS)).toBe('x')
    const numberCipher = await encryptViaSubtle('42', PASS)
    expect((await rejection(decryptRatingToken(numberCipher, PASS))).code).toBe('invalid_payload')
  })
})

describe('encryptRatingToken', () => {
  it('reproduces the known answer with fixed iv and salt', async () => {
    const out = await encryptRatingToken(TOKEN, PASS, { iv: hexToBytes(KAT.iv), salt: hexToBytes(SALT) })
    expect(out).toEqual(KAT)
  })

  it('draws a fresh 16-byte iv and 256-byte salt each call, and round-trips', async () => {
    const a = await encryptRatingToken(TOKEN, PASS)
    const b = await encryptRatingToken(TOKEN, PASS)
    expect(a.iv).toHaveLength(32)
    expect(a.salt).toHaveLength(512)
    expect(a.iv).not.toBe(b.iv)
    expect(a.ciphertext).not.toBe(b.ciphertext)
    expect(await decryptRatingToken(a, PASS)).toBe(TOKEN)
  })

  it('rejects an empty value, a bad iv and an empty salt', async () => {
    expect((await rejection(encryptRatingToken('', PASS))).code).toBe('invalid_input')
    expect((await rejection(encryptRatingToken('x', PASS, { iv: new Uint8Array(8) }))).code).toBe(
      'invalid_input',
    )
    expect((await rejection(encryptRatingToken('x', PASS, { salt: new Uint8Array(0) }))).code).toBe(
      'invalid_input',
    )
  })
})

describe('encoding helpers', () => {
  it('convert hex and base64 both ways', () => {
    const bytes = new Uint8Array([0, 1, 127, 128, 255])
    expect(bytesToHex(bytes)).toBe('00017f80ff')
    expect(hexToBytes('00017F80ff')).toEqual(bytes)
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
    expect(base64ToBytes('AAF/gP8')).toEqual(bytes)
    expect(() => base64ToBytes('A')).toThrow(RatingTokenError)
  })
})

/** Encrypts an arbitrary plaintext (not JSON-string-encoded) the way the format does. */
async function encryptViaSubtle(plaintext: string, passphrase: string) {
  const salt = new Uint8Array([1, 2, 3, 4])
  const iv = new Uint8Array(16)
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  const key = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations: 999 },
    material,
    { name: 'AES-CBC', length: 256 },
    false,
    ['encrypt'],
  )
  const ct = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, new TextEncoder().encode(plaintext))
  return { ciphertext: bytesToBase64(new Uint8Array(ct)), iv: bytesToHex(iv), salt: bytesToHex(salt) }
}

import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptRatingToken, encryptRatingToken } from './index.ts'

// Interop with Node's crypto module, the stand-in for the agency's existing back end:
// what one side encrypts the other must decrypt, for random vectors drawn each run.
function nodeEncrypt(value: string, passphrase: string, saltLength = 256) {
  const salt = randomBytes(saltLength)
  const iv = randomBytes(16)
  const key = pbkdf2Sync(passphrase, salt, 999, 32, 'sha512')
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return { ciphertext: ct.toString('base64'), iv: iv.toString('hex'), salt: salt.toString('hex') }
}

describe('rating crypto against node:crypto', () => {
  it('decrypts what Node encrypts (known answers made in the test)', async () => {
    for (const [value, pass, saltLength] of [
      ['token-abc', 'p', 256],
      ['تقييم-١٢٣', 'كلمة-السر', 16],
      ['x'.repeat(300), 'long passphrase with spaces', 1],
    ] as const) {
      await expect(decryptRatingToken(nodeEncrypt(value, pass, saltLength), pass)).resolves.toBe(value)
    }
  })

  it('encrypts what Node decrypts', async () => {
    const enc = await encryptRatingToken('session-77-token', 'secret')
    const key = pbkdf2Sync('secret', Buffer.from(enc.salt, 'hex'), 999, 32, 'sha512')
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(enc.iv, 'hex'))
    const plain = Buffer.concat([decipher.update(Buffer.from(enc.ciphertext, 'base64')), decipher.final()])
    expect(JSON.parse(plain.toString('utf8'))).toBe('session-77-token')
  })

  it('rejects a Node-made token under the wrong passphrase', async () => {
    await expect(decryptRatingToken(nodeEncrypt('t', 'right'), 'wrong')).rejects.toMatchObject({
      name: 'RatingTokenError',
      code: 'decrypt_failed',
    })
  })
})

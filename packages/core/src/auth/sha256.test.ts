import { describe, expect, it } from 'vitest'
import { pkceChallenge, randomUrlSafe, s256Challenge } from './index.ts'
import { sha256 } from './sha256.ts'

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const text = (value: string) => new TextEncoder().encode(value)

describe('sha256 (FIPS 180-4), synchronous', () => {
  it('gives the standard vectors: empty, one block, two blocks, a block boundary', () => {
    expect(hex(sha256(text('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hex(sha256(text('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
    expect(hex(sha256(text('a'.repeat(64))))).toBe(
      'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
    )
  })

  it('agrees with the platform’s digest on S256 challenges (RFC 7636 appendix B and random verifiers)', async () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
    for (let i = 0; i < 20; i++) {
      const verifier = randomUrlSafe(8 + i * 5)
      expect(s256Challenge(verifier)).toBe(await pkceChallenge(verifier))
    }
  })
})

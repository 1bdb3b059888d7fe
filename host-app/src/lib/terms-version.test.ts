import { memoryStorage } from '@mashura/core/testing'
import { describe, expect, it } from 'vitest'
import { acceptedTermsVersion, needsTerms, recordTermsVersion } from './terms-version.ts'

describe('terms versions (issue 33)', () => {
  it('asks until the terms are accepted, and again when a newer version is published', () => {
    expect(needsTerms({ agreed: false, accepted: 0, published: 0 })).toBe(true)
    expect(needsTerms({ agreed: true, accepted: 0, published: 0 })).toBe(false)
    expect(needsTerms({ agreed: true, accepted: 2, published: 2 })).toBe(false)
    expect(needsTerms({ agreed: true, accepted: 2, published: 3 })).toBe(true)
    expect(needsTerms({ agreed: true, accepted: 0, published: 1 })).toBe(true)
  })

  it('keeps the accepted version per role', () => {
    const storage = memoryStorage()
    expect(acceptedTermsVersion('sme', storage)).toBe(0)
    recordTermsVersion('sme', 3, storage)
    recordTermsVersion('contributor', 0, storage)
    expect(acceptedTermsVersion('sme', storage)).toBe(3)
    expect(acceptedTermsVersion('contributor', storage)).toBe(0)
  })
})

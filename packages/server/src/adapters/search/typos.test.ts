import { describe, expect, it } from 'vitest'
import {
  corrections,
  isCorrectable,
  lookupVariants,
  MAX_CORRECTIONS,
  oneDeletions,
  vocabularyRows,
  vocabularyWords,
  withinOneEdit,
} from './typos.ts'

describe('withinOneEdit', () => {
  it('takes one substitution, insertion, deletion or adjacent transposition', () => {
    expect(withinOneEdit('تسويق', 'تسويق')).toBe(true)
    expect(withinOneEdit('تسويف', 'تسويق')).toBe(true)
    expect(withinOneEdit('تسيوق', 'تسويق')).toBe(true)
    expect(withinOneEdit('تسويقق', 'تسويق')).toBe(true)
    expect(withinOneEdit('تسوق', 'تسويق')).toBe(true)
    expect(withinOneEdit('marketnig', 'marketing')).toBe(true)
  })

  it('refuses two edits', () => {
    expect(withinOneEdit('تسيوف', 'تسويق')).toBe(false)
    expect(withinOneEdit('تسق', 'تسويق')).toBe(false)
    expect(withinOneEdit('abcd', 'badc')).toBe(false)
    expect(withinOneEdit('abc', 'cab')).toBe(false)
  })
})

describe('the vocabulary', () => {
  it('corrects letters-only terms of five letters or more', () => {
    expect(isCorrectable('تسويف')).toBe(true)
    expect(isCorrectable('تسوق')).toBe(false)
    expect(isCorrectable('2026x')).toBe(false)
    expect(isCorrectable('سارة%')).toBe(false)
  })

  it('stores each word under itself and its one-deletion variants, and finds words one edit away', () => {
    expect(oneDeletions('abca')).toEqual(['bca', 'aca', 'aba', 'abc'])
    expect(oneDeletions('aab')).toEqual(['ab', 'aa'])
    const words = vocabularyWords([
      { name: ' جميل عنزي ', topics: ' تسويق رقمي ', bio: ' خبير في تسويق 2026 abc ' },
    ])
    expect(words.sort()).toEqual(['تسويق', 'جميل', 'خبير', 'عنزي', 'رقمي'].sort())
    const rows = vocabularyRows(['تسويق'])
    expect(rows).toHaveLength(6)
    // A transposition: no variant equals the other word, but they share a deletion.
    const index = new Map<string, string[]>()
    for (const r of rows) index.set(r.variant, [...(index.get(r.variant) ?? []), r.word])
    const found = lookupVariants('تسيوق').flatMap((v) => index.get(v) ?? [])
    expect(corrections('تسيوق', found)).toEqual(['تسويق'])
    expect(corrections('تسويق', found)).toEqual([])
  })

  it('keeps the closest corrections first and at most a few', () => {
    const many = Array.from({ length: 20 }, (_, i) => `abcd${String.fromCharCode(0x61 + i)}`)
    expect(corrections('abcdz', [...many, 'abcdzz', 'abcd'])).toHaveLength(MAX_CORRECTIONS)
    expect(corrections('abcdz', ['abcdzz', 'abcde', 'abcd'])).toEqual(['abcde', 'abcd', 'abcdzz'])
  })
})

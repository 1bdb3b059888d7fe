import { describe, expect, it } from 'vitest'
import {
  buildSearchText,
  escapeLike,
  normalizeArabic,
  rankingFields,
  rankingWords,
  searchTerms,
  withoutArticle,
} from './arabic.ts'

describe('Arabic normalisation', () => {
  it('unifies alef and hamza forms, taa marbuta, alef maqsura, and drops diacritics and tatweel', () => {
    expect(normalizeArabic('أَحْمَد')).toBe(normalizeArabic('احمد'))
    expect(normalizeArabic('إدارة')).toBe('اداره')
    expect(normalizeArabic('آمال')).toBe('امال')
    expect(normalizeArabic('مستشفى')).toBe('مستشفي')
    expect(normalizeArabic('مؤسسة')).toBe('موسسه')
    expect(normalizeArabic('هيئة')).toBe('هييه')
    expect(normalizeArabic('تســويق')).toBe('تسويق')
  })

  it('folds digits and case, and collapses spaces', () => {
    expect(normalizeArabic('  Marketing   ٢٠٢٦ ')).toBe('marketing 2026')
  })

  it('splits queries into at most 8 short terms; a blank query has none', () => {
    expect(searchTerms(' ')).toEqual([])
    expect(searchTerms('التسويق   الرقمي')).toEqual(['التسويق', 'الرقمي'])
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8)
    expect(searchTerms('x'.repeat(100))[0]).toHaveLength(40)
  })

  it('builds the stored text and escapes LIKE wildcards', () => {
    expect(buildSearchText({ name: 'د. سارة', subjects: ['التسويق'] })).toBe('د. ساره التسويق')
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b')
  })

  it('drops an attached article only when enough letters stay', () => {
    for (const w of ['التسويق', 'بالتسويق', 'والتسويق', 'للتسويق', 'فالتسويق', 'كالتسويق', 'تسويق'])
      expect(withoutArticle(normalizeArabic(w))).toBe('تسويق')
    expect(withoutArticle('الطب')).toBe('الطب')
    expect(withoutArticle('المال')).toBe('مال')
    expect(withoutArticle('والدين')).toBe('والدين')
    expect(withoutArticle('بالغ')).toBe('بالغ')
  })

  it('keeps the name, the topics and the bio apart as words for ranking', () => {
    expect(rankingWords('د. ساره، (التسويق) 2026')).toEqual(['د', 'ساره', 'تسويق', '2026'])
    expect(
      rankingFields({
        name: 'د. سارة',
        titles: ['مستشارة'],
        subjects: ['التسويق الرقمي'],
        bios: ['خبيرة في الإدارة.', ''],
      }),
    ).toEqual({ name: ' د ساره ', topics: ' مستشاره تسويق رقمي ', bio: ' خبيره في اداره ' })
    expect(rankingFields({ name: ' ' }).name).toBe('')
  })
})

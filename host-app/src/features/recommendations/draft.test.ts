import { describe, expect, it } from 'vitest'
import { EMPTY_DRAFT, isSupportingLink, type RecommendationDraft, toInput, validateDraft } from './draft.ts'

const complete: RecommendationDraft = {
  ...EMPTY_DRAFT,
  challenges: 'ضعف التسويق',
  recommendations: 'خطة تسويق رقمية',
  need_another_session: false,
  need_academy_course: false,
  need_platform_feature: false,
  company_phase: 'growing',
}

describe('supporting links (spec 3.61 supported_file_url)', () => {
  it('accepts http(s) addresses the server accepts and nothing else', () => {
    for (const good of [
      'https://monshaat.gov.sa/ar/guide',
      'http://example.sa',
      ' https://example.sa/a?b=c ',
    ])
      expect(isSupportingLink(good)).toBe(true)
    for (const bad of [
      '',
      'example.sa',
      'ftp://example.sa',
      'javascript:alert(1)',
      'https://exa mple.sa',
      `https://e.sa/${'a'.repeat(2000)}`,
    ])
      expect(isSupportingLink(bad)).toBe(false)
  })

  it('sends the links, trimmed, and refuses the form while one is not an address', () => {
    expect(toInput(5, { ...complete, links: [' https://example.sa/guide '] }).supported_file_url).toEqual([
      'https://example.sa/guide',
    ])
    expect(toInput(5, complete).supported_file_url).toEqual([])
    expect(validateDraft({ ...complete, links: ['https://example.sa'] })).toEqual({})
    expect(validateDraft({ ...complete, links: ['example.sa'] })).toEqual({
      supported_file_url: 'recs.links.invalid',
    })
  })
})

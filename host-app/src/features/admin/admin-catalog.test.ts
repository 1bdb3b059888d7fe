import {
  isPluralElement,
  isSelectElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import { createTranslator, type I18nErrorHandler, LANGUAGES } from '@mashura/core'
import { argumentsOf, sampleValues, setI18nErrorHandler } from '@mashura/core/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hostAppMessages } from '../../i18n/index.ts'
import { type AdminMessageKey, adminCatalog, adminMessages } from './i18n.ts'

// The back office's catalog gets the checks the site's own get (i18n/index.test.ts).

const keys = Object.keys(adminCatalog.ar) as AdminMessageKey[]
const arabicLetter = /[\u0621-\u064A]/

let previousHandler: I18nErrorHandler
beforeEach(() => {
  previousHandler = setI18nErrorHandler((error) => {
    throw error
  })
})
afterEach(() => {
  setI18nErrorHandler(previousHandler)
})

describe("the back office's catalog (issue 33)", () => {
  it('has the same keys in both languages, dotted and under admin.', () => {
    expect(Object.keys(adminCatalog.en).sort()).toEqual([...keys].sort())
    expect(keys.filter((key) => !/^admin(\.[a-zA-Z][a-zA-Z0-9]*)+$/.test(key))).toEqual([])
  })

  it("is not in the site's catalog, which every page loads, and takes none of its keys", () => {
    const site = Object.keys(hostAppMessages.ar)
    expect(site.filter((key) => key.startsWith('admin.'))).toEqual([])
    expect(keys.filter((key) => site.includes(key))).toEqual([])
  })

  it.each(LANGUAGES)('%s: every message is valid ICU with the Arabic arguments, and formats', (lang) => {
    const { t } = createTranslator(lang, adminMessages)
    for (const key of keys) {
      expect(() => parse(adminCatalog[lang][key], { requiresOtherClause: true }), key).not.toThrow()
      expect(JSON.stringify(argumentsOf(adminCatalog[lang][key])), key).toBe(
        JSON.stringify(argumentsOf(adminCatalog.ar[key])),
      )
      const text = t(key, sampleValues(adminCatalog[lang][key]))
      expect(text, key).not.toBe('')
      expect(text, key).not.toContain('{')
    }
  })

  it('has Arabic in Arabic, English in English, and all six Arabic plural forms', () => {
    expect(keys.filter((key) => !arabicLetter.test(adminCatalog.ar[key]))).toEqual([])
    expect(keys.filter((key) => arabicLetter.test(adminCatalog.en[key]))).toEqual([])
    const incomplete: string[] = []
    const visit = (key: string, elements: MessageFormatElement[]) => {
      for (const element of elements) {
        if (isPluralElement(element)) {
          const missing = ['zero', 'one', 'two', 'few', 'many', 'other'].filter(
            (c) => !(c in element.options),
          )
          if (missing.length > 0) incomplete.push(`${key} (${missing.join(', ')})`)
        }
        if (isPluralElement(element) || isSelectElement(element))
          for (const option of Object.values(element.options)) visit(key, option.value)
      }
    }
    for (const key of keys) visit(key, parse(adminCatalog.ar[key]))
    expect(incomplete).toEqual([])
  })

  it('counts in each language’s digits', () => {
    expect(createTranslator('ar', adminMessages).t('admin.common.results', { count: 12 })).toBe('١٢ نتيجة')
    expect(createTranslator('en', adminMessages).t('admin.common.results', { count: 1 })).toBe('1 result')
  })
})

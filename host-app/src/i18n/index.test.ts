import {
  isPluralElement,
  isSelectElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import { createTranslator, type I18nErrorHandler, LANGUAGES, LOCALES } from '@mashura/core'
import { argumentsOf, sampleValues, setI18nErrorHandler } from '@mashura/core/testing'
import { IntlMessageFormat } from 'intl-messageformat'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type HostAppMessageKey, hostAppCatalogParts, hostAppMessages } from './index.ts'
import * as site from './site.ts'

// The site's own catalog gets the checks core's shared catalogs get (packages/core/src/i18n/index.test.ts).

const catalog = hostAppMessages as Record<'ar' | 'en', Record<HostAppMessageKey, string>>
const keys = Object.keys(catalog.ar) as HostAppMessageKey[]
const arabicLetter = /[\u0621-\u064A]/
/**
 * The site's words under the shared namespaces (`site.ts`), which were in the shared catalogs once: they keep
 * the stricter checks the shared messages get (letters of the language, all six Arabic plural forms).
 */
const siteKeys = Object.keys(site.ar) as (keyof typeof site.ar)[]

let previousHandler: I18nErrorHandler
beforeEach(() => {
  // Any translation problem (missing key, bad syntax, missing value) fails the test that caused it.
  previousHandler = setI18nErrorHandler((error) => {
    throw error
  })
})
afterEach(() => {
  setI18nErrorHandler(previousHandler)
})

describe("the host app's catalog", () => {
  it('has the same keys in both languages, dotted and namespaced', () => {
    expect(Object.keys(catalog.en).sort()).toEqual([...keys].sort())
    expect(keys.filter((key) => !/^[a-z][a-zA-Z]*(\.[a-zA-Z][a-zA-Z0-9]*)+$/.test(key))).toEqual([])
  })

  it('never defines one key twice across its parts (a later part would silently win)', () => {
    const all = hostAppCatalogParts.flatMap((part) => Object.keys(part.ar))
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([])
  })

  it.each(LANGUAGES)('%s: every message is valid ICU, with the same arguments as the Arabic', (lang) => {
    for (const key of keys) {
      expect(() => parse(catalog[lang][key], { requiresOtherClause: true }), key).not.toThrow()
      expect(JSON.stringify(argumentsOf(catalog[lang][key])), key).toBe(
        JSON.stringify(argumentsOf(catalog.ar[key])),
      )
    }
  })

  it.each(LANGUAGES)('%s: every message formats with sample values, as intl-messageformat does', (lang) => {
    const { t } = createTranslator(lang, hostAppMessages)
    for (const key of keys) {
      const values = sampleValues(catalog[lang][key])
      const text = t(key, values)
      expect(text, key).not.toBe('')
      expect(text, key).not.toContain('{')
      if (Object.values(values).some((value) => value instanceof Date)) continue
      const reference = new IntlMessageFormat(catalog[lang][key], LOCALES[lang]).format(
        values as Record<string, string | number>,
      )
      expect(text, key).toBe(String(reference))
    }
  })

  it('has English in English, Arabic in Arabic, and no middle dot', () => {
    expect(keys.filter((key) => catalog.en[key].trim() === '')).toEqual([])
    expect(siteKeys.filter((key) => arabicLetter.test(site.en[key]))).toEqual([])
    expect(siteKeys.filter((key) => !arabicLetter.test(site.ar[key]))).toEqual([])
    const dotted = LANGUAGES.flatMap((lang) =>
      keys
        .filter((key) => /[\u00b7\u2022\u2219\u22c5]/.test(catalog[lang][key]))
        .map((key) => `${lang} ${key}`),
    )
    expect(dotted).toEqual([])
  })

  it('uses all six Arabic plural categories in every Arabic plural', () => {
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
    for (const key of siteKeys) visit(key, parse(site.ar[key]))
    expect(incomplete).toEqual([])
  })

  it('holds the site’s words the spec names', () => {
    // Typed as the site's keys, so a renamed or removed key fails type-checking too.
    const required: HostAppMessageKey[] = [
      'nav.about',
      'nav.logout',
      'profileMenu.switchToExpert',
      'profileMenu.switchToBusinessOwner',
      'profileMenu.instantSessions',
      'profileMenu.instantSessionsEnabled',
      'profileMenu.instantSessionsDisabled',
      'footer.about',
      'footer.contactUs',
      'footer.terms',
      'footer.requestAccountDeletion',
      'footer.copyright',
      'footer.appStore',
      'footer.googlePlay',
      'footer.social.x',
      'footer.social.instagram',
      'footer.social.linkedin',
      'footer.social.youtube',
      'footer.social.snapchat',
      'accountDeletion.question',
      'accountDeletion.yes',
      'accountDeletion.no',
      'accountDeletion.reasonLabel',
      'accountDeletion.reasonPlaceholder',
      'accountDeletion.cancel',
      'accountDeletion.send',
      'recommendations.needAnotherSession',
      'recommendations.needAcademyCourse',
      'recommendations.needPlatformFeature',
      'recommendations.companyPhase',
      'recommendations.phase.ideaOwner',
      'recommendations.phase.launchedProject',
      'recommendations.phase.facingChallenge',
      'recommendations.phase.growing',
      'recommendations.successStory',
      'recommendations.successStorySummary',
      'recommendations.comment',
      'recommendations.voiceNote',
      'recommendations.attachments',
      'terms.title',
      'terms.agree',
      'notFound.title',
      'snackbar.browserUnsupported',
      'snackbar.offline',
      'snackbar.pushTokenUnavailable',
      'snackbar.allowNotifications',
      'snackbar.notificationPermissionDenied',
      'snackbar.pushListenFailed',
    ]
    expect(required.filter((key) => !Object.hasOwn(catalog.ar, key))).toEqual([])
  })

  it('counts the chat composer’s characters in each language’s digits (issue 31)', () => {
    expect(
      createTranslator('ar', hostAppMessages).t('chatPage.composer.count', { count: 12, max: 1000 }),
    ).toBe('١٢ من ١٬٠٠٠ حرف')
    expect(
      createTranslator('en', hostAppMessages).t('chatPage.composer.count', { count: 12, max: 1000 }),
    ).toBe('12 of 1,000 characters')
  })

  it('writes the copyright year without grouping, in each language’s digits', () => {
    expect(createTranslator('ar', hostAppMessages).t('footer.copyright', { year: 2026 })).toBe(
      '© ٢٠٢٦ مشورة. جميع الحقوق محفوظة.',
    )
    expect(createTranslator('en', hostAppMessages).t('footer.copyright', { year: 2026 })).toBe(
      '© 2026 Mashura. All rights reserved.',
    )
  })

  it('uses the six Arabic plural forms, and English plurals', () => {
    const { t } = createTranslator('ar', hostAppMessages)
    const cases: [number, string][] = [
      [0, 'لا توجد إشعارات جديدة'],
      [1, 'إشعار جديد واحد'],
      [2, 'إشعاران جديدان'],
      [3, '٣ إشعارات جديدة'],
      [11, '١١ إشعارًا جديدًا'],
      [100, '١٠٠ إشعار جديد'],
    ]
    for (const [count, text] of cases) expect(t('nav.newNotifications', { count })).toBe(text)
    const english = createTranslator('en', hostAppMessages)
    expect(english.t('nav.newNotifications', { count: 0 })).toBe('No new notifications')
    expect(english.t('accountDeletion.charactersLeft', { remaining: 1200 })).toBe('1,200 characters left')
  })
})

import {
  isPluralElement,
  isSelectElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { argumentsOf, sampleValues } from './catalog-checks.ts'
import {
  ar,
  catalogs,
  createTranslator,
  DEFAULT_LANGUAGE,
  defaultI18nErrorHandler,
  direction,
  en,
  type I18nErrorHandler,
  isMessageKey,
  LANGUAGES,
  type MessageKey,
  MissingMessageError,
  normalizeLanguage,
  plainSpaces,
  setI18nErrorHandler,
} from './index.ts'
import { serverMessages, serverTranslator } from './server.ts'
import { bookingCalendarMessages } from './widgets/booking-calendar.ts'
import { expertSearchMessages } from './widgets/expert-search.ts'
import { sessionRoomMessages } from './widgets/session-room.ts'

/** The keys of `a` that `b` lacks. */
function keysMissingFrom(a: object, b: object): string[] {
  return Object.keys(a)
    .filter((key) => !Object.hasOwn(b, key))
    .sort()
}

/**
 * The shared catalogs. The site's own words are checked the same way beside them, in the host app
 * (`host-app/src/i18n/index.test.ts`).
 */
const checked: Record<'ar' | 'en', Record<CheckedKey, string>> = { ar, en }
type CheckedKey = MessageKey
const keys = Object.keys(checked.ar) as CheckedKey[]
const arabicLetter = /[\u0621-\u064A]/

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

describe('catalogs', () => {
  it('have exactly the same keys, compared both ways', () => {
    const onlyInArabic = keysMissingFrom(ar, en)
    const onlyInEnglish = keysMissingFrom(en, ar)
    expect(onlyInArabic, `keys in ar.ts but not in en.ts: ${onlyInArabic.join(', ')}`).toEqual([])
    expect(onlyInEnglish, `keys in en.ts but not in ar.ts: ${onlyInEnglish.join(', ')}`).toEqual([])
    expect(Object.keys(catalogs.ar)).toEqual(Object.keys(catalogs.en))
  })

  it('detects a key present in only one catalog (the check above can fail)', () => {
    expect(keysMissingFrom({ ...ar, 'x.extra': 'س' }, en)).toEqual(['x.extra'])
    const { 'nav.home': _home, ...withoutHome } = en
    expect(keysMissingFrom(ar, withoutHome)).toEqual(['nav.home'])
  })

  it('use dotted, namespaced keys', () => {
    const bad = keys.filter((key) => !/^[a-z][a-zA-Z]*(\.[a-zA-Z][a-zA-Z0-9]*)+$/.test(key))
    expect(bad, `badly formed keys: ${bad.join(', ')}`).toEqual([])
  })

  it.each(LANGUAGES)('%s: every message parses as ICU MessageFormat', (lang) => {
    const broken: string[] = []
    for (const key of keys) {
      try {
        parse(checked[lang][key], { requiresOtherClause: true })
      } catch (error) {
        broken.push(`${key}: ${(error as Error).message}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('use the same ICU argument names and kinds for each key', () => {
    const mismatched = keys.filter(
      (key) => JSON.stringify(argumentsOf(checked.ar[key])) !== JSON.stringify(argumentsOf(checked.en[key])),
    )
    expect(mismatched, `keys whose arguments differ: ${mismatched.join(', ')}`).toEqual([])
  })

  it.each(LANGUAGES)('%s: every message formats with sample values and reports no error', (lang) => {
    const { t } = createTranslator(lang)
    for (const key of keys) {
      const text = t(key, sampleValues(checked[lang][key]))
      expect(text, key).not.toBe('')
      expect(text, key).not.toContain('{')
    }
  })

  it('have no empty English message and no Arabic letters in English', () => {
    const empty = keys.filter((key) => checked.en[key].trim() === '')
    const arabicInEnglish = keys.filter((key) => arabicLetter.test(checked.en[key]))
    expect(empty, `empty English messages: ${empty.join(', ')}`).toEqual([])
    expect(arabicInEnglish, `English messages with Arabic text: ${arabicInEnglish.join(', ')}`).toEqual([])
  })

  it('have Arabic letters in every Arabic message', () => {
    const notArabic = keys.filter((key) => !arabicLetter.test(checked.ar[key]))
    expect(notArabic, `Arabic messages without Arabic letters: ${notArabic.join(', ')}`).toEqual([])
  })

  it('never join parts with a middle dot, which beside Arabic-Indic digits reads as the digit zero', () => {
    const all = [{ ar, en }, bookingCalendarMessages, expertSearchMessages, sessionRoomMessages]
    const dotted = all.flatMap((catalog) =>
      LANGUAGES.flatMap((lang) =>
        Object.entries(catalog[lang] as Record<string, string>)
          .filter(([, message]) => /[\u00b7\u2022\u2219\u22c5]/.test(message))
          .map(([key]) => `${lang} ${key}`),
      ),
    )
    expect(dotted, `messages with a middle dot: ${dotted.join(', ')}`).toEqual([])
  })

  it('use all six Arabic plural categories in every Arabic plural', () => {
    const incomplete: string[] = []
    const visit = (key: string, elements: MessageFormatElement[]) => {
      for (const element of elements) {
        if (isPluralElement(element)) {
          const missing = ['zero', 'one', 'two', 'few', 'many', 'other'].filter(
            (c) => !(c in element.options),
          )
          if (missing.length > 0) incomplete.push(`${key} (${missing.join(', ')})`)
        }
        if (isPluralElement(element) || isSelectElement(element)) {
          for (const option of Object.values(element.options)) visit(key, option.value)
        }
      }
    }
    for (const key of keys) visit(key, parse(checked.ar[key]))
    expect(incomplete).toEqual([])
  })

  it('hold every user-visible message the spec names', () => {
    // Typed as catalog keys, so a renamed or removed key fails type-checking too. The site's own words are
    // in the host app's catalog (`host-app/src/i18n/site.ts`) and checked there; the rest are shared.
    const required: MessageKey[] = [
      'nav.home',
      'nav.sessions',
      'nav.messages',
      'nav.notifications',
      'nav.dashboard',
      'nav.myRequests',
      'nav.faq',
      'nav.searchPlaceholder',
      'nav.signIn',
      'nav.profile',
      'accountDeletion.sent',
      'accountDeletion.reasonRequired',
      'accountDeletion.reasonTooLong',
      'sessions.status.booked',
      'sessions.status.ongoing',
      'sessions.status.ended',
      'sessions.status.cancelled',
      'sessions.status.smeAbsent',
      'requests.status.waiting',
      'requests.status.accepted',
      'requests.status.rejected',
      'requests.status.expired',
      'meeting.start',
      'meeting.continue',
      'meeting.end',
      'meeting.forceEnd',
      'meeting.endReason',
      'meeting.markAbsent',
      'meeting.cancel',
      'meeting.cancelReason',
      'meeting.extend',
      'meeting.endInstant',
      'booking.availableSlots',
      'booking.online',
      'booking.inOffice',
      'booking.chooseOffice',
      'booking.confirm',
      'booking.successTitle',
      'booking.successBody',
      'booking.requestPending',
      'rating.alreadyRated',
      'rating.succeeded',
      'rating.submit',
      'rating.questionnaire',
      'recommendations.challenges',
      'recommendations.recommendations',
      'empty.sessions',
      'common.loading',
      'common.error',
      'common.retry',
      'subjects.consulting',
      'subjects.guidance',
      'subjects.partnerships',
      'contributors.kind.bsa',
      'contributors.kind.advisor',
      'contributors.kind.consultant',
      'contributors.kind.partner',
      'communication.online',
      'communication.office',
      'time.riyadhTime',
      'time.hijri',
      'time.days',
      'errors.validationFailed',
      'errors.fieldRequired',
      'errors.invalidValue',
      'errors.unauthorized',
      'errors.forbidden',
      'errors.notFound',
      'errors.conflict',
      'errors.invalidStateTransition',
      'errors.slotAlreadyBooked',
      'errors.slotInPast',
      'errors.slotOverlap',
      'errors.rateLimited',
      'errors.payloadTooLarge',
      'errors.unsupportedMediaType',
      'errors.invalidApiKey',
      'errors.originNotAllowed',
      'errors.alreadyRated',
      'errors.ratingLinkExpired',
      'errors.internal',
    ]
    expect(required.filter((key) => !isMessageKey(key))).toEqual([])
  })
})

describe('normalizeLanguage', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['  en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['ar', 'ar'],
    ['ar-SA,en;q=0.8', 'ar'],
    ['fr-FR', 'ar'],
    ['', 'ar'],
    [undefined, 'ar'],
    [null, 'ar'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected)
  })

  it('defaults to Arabic', () => {
    expect(DEFAULT_LANGUAGE).toBe('ar')
    expect(LANGUAGES[0]).toBe(DEFAULT_LANGUAGE)
  })
})

describe('direction', () => {
  it('is left to right for English only', () => {
    expect(direction('en')).toBe('ltr')
    expect(direction('en-US')).toBe('ltr')
    expect(direction('ar')).toBe('rtl')
    expect(direction('ar-SA')).toBe('rtl')
    expect(direction('fr')).toBe('rtl')
    expect(direction(undefined)).toBe('rtl')
    expect(direction()).toBe('rtl')
  })
})

describe('createTranslator', () => {
  it('binds language, direction and formatjs, and is cached per language', () => {
    const arabic = createTranslator('ar')
    expect(arabic.lang).toBe('ar')
    expect(arabic.dir).toBe('rtl')
    expect(arabic.intl.locale).toMatch(/^ar-SA/)
    expect(createTranslator()).toBe(arabic)
    const english = createTranslator('en-US,en;q=0.9')
    expect(english).toBe(createTranslator('en'))
    expect(english.lang).toBe('en')
    expect(english.dir).toBe('ltr')
  })

  it('writes dates, ranges and times with ordinary spaces, as Chromium does, wherever Intl writes CLDR’s thin ones (issue 31)', () => {
    const start = new Date('2026-11-28T21:00:00Z')
    const end = new Date('2026-12-05T20:59:59Z')
    const range = { calendar: 'gregory', day: 'numeric', month: 'long', year: 'numeric' } as const
    for (const lang of ['ar', 'en'] as const) {
      const intl = createTranslator(lang).intl
      const written = [
        intl.formatDateTimeRange(start, end, range),
        intl.formatDateTimeRange(start, new Date(start.getTime() + 3_600_000), { hour: 'numeric' }),
        intl.formatTime(start, { hour: 'numeric', minute: '2-digit', hour12: true }),
        intl.formatDate(start, { hour: 'numeric', hour12: true }),
      ]
      for (const text of written) expect(text, lang).not.toMatch(/[\u2009\u202f]/)
    }
    expect(createTranslator('en').intl.formatDateTimeRange(start, end, range)).toBe(
      '29 November – 5 December 2026',
    )
    expect(plainSpaces('29\u2009–\u20095 December, 3:00\u202fpm')).toBe('29 – 5 December, 3:00 pm')
  })

  it('translates plain messages', () => {
    expect(createTranslator('ar').t('nav.home')).toBe('الرئيسية')
    expect(createTranslator('en').t('nav.home')).toBe('Home')
    expect(createTranslator('en').t('sessions.status.ongoing')).toBe('You have a session now')
  })

  it('uses the six Arabic plural forms for 0, 1, 2, 3, 11 and 100', () => {
    const { t } = createTranslator('ar')
    const rules = new Intl.PluralRules('ar')
    const cases: [number, string, string][] = [
      [0, 'zero', 'بلا نجوم'],
      [1, 'one', 'نجمة واحدة'],
      [2, 'two', 'نجمتان'],
      [3, 'few', '٣ نجوم'],
      [11, 'many', '١١ نجمة'],
      [100, 'other', '١٠٠ نجمة'],
    ]
    for (const [count, category, text] of cases) {
      expect(rules.select(count)).toBe(category)
      expect(t('rating.stars', { count })).toBe(text)
    }
    expect(t('errors.rateLimited', { seconds: 2 })).toBe(
      'لقد تجاوزت الحد المسموح به من المحاولات. حاول مرة أخرى بعد ثانيتين.',
    )
    expect(t('errors.rateLimited', { seconds: 30 })).toContain('بعد ٣٠ ثانية.')
    expect(t('accountDeletion.reasonTooLong', { max: 300 })).toBe('يجب ألا يزيد السبب على ٣٠٠ حرف')
  })

  it('uses English plurals', () => {
    const { t } = createTranslator('en')
    expect(t('errors.rateLimited', { seconds: 1 })).toBe('Too many attempts. Try again in 1 second.')
    expect(t('errors.rateLimited', { seconds: 30 })).toBe('Too many attempts. Try again in 30 seconds.')
  })

  it('returns the key and reports, without throwing, when a key is missing', () => {
    const handler = vi.fn<I18nErrorHandler>()
    setI18nErrorHandler(handler)
    const missing = 'nav.doesNotExist' as MessageKey
    expect(createTranslator('en').t(missing)).toBe('nav.doesNotExist')
    expect(handler).toHaveBeenCalledTimes(1)
    const error = handler.mock.calls[0]?.[0]
    expect(error).toBeInstanceOf(MissingMessageError)
    expect(error).toMatchObject({ key: 'nav.doesNotExist', lang: 'en' })
    expect(error?.message).toContain('nav.doesNotExist')
  })

  it('fails loudly under a throwing handler, as tests install', () => {
    expect(() => createTranslator('ar').t('nope' as MessageKey)).toThrow(MissingMessageError)
  })

  it('reports a missing argument value instead of throwing', () => {
    const handler = vi.fn<I18nErrorHandler>()
    setI18nErrorHandler(handler)
    const text = createTranslator('en').t('rating.stars')
    expect(typeof text).toBe('string')
    expect(handler).toHaveBeenCalled()
  })

  it('logs through console.error by default and restores the default handler', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new Error('boom')
    defaultI18nErrorHandler(error)
    expect(spy).toHaveBeenCalledWith(error)
    setI18nErrorHandler()
    expect(createTranslator('en').t('x.y' as MessageKey)).toBe('x.y')
    expect(spy).toHaveBeenCalledTimes(2)
    spy.mockRestore()
  })

  it('formats dates in Riyadh time through intl', () => {
    const { intl } = createTranslator('en')
    expect(intl.formatTime(new Date('2026-11-21T22:30:00Z'), { hour: 'numeric', hourCycle: 'h23' })).toBe(
      '01',
    )
  })
})

describe("contributor kinds in the contributor's gender", () => {
  const title = (lang: 'ar' | 'en', kind: string, gender: 'female' | 'male' | null) =>
    createTranslator(lang).t(`contributors.kind.${kind}` as MessageKey, { gender })

  it('titles a woman in the feminine in Arabic, a man or an unknown gender in the masculine', () => {
    const expected = {
      consultant: ['مستشارة', 'مستشار'],
      advisor: ['مرشدة', 'مرشد'],
      partner: ['شريكة', 'شريك'],
      bsa: ['مستشارة مراكز دعم المنشآت', 'مستشار مراكز دعم المنشآت'],
    }
    for (const [kind, [feminine, masculine]] of Object.entries(expected)) {
      expect(title('ar', kind, 'female')).toBe(feminine)
      expect(title('ar', kind, 'male')).toBe(masculine)
      expect(title('ar', kind, null)).toBe(masculine)
    }
  })

  it('keeps the one English word for both', () => {
    const expected = {
      consultant: 'Consultant',
      advisor: 'Advisor',
      partner: 'Partner',
      bsa: 'Business support advisor',
    }
    for (const [kind, word] of Object.entries(expected))
      for (const gender of ['female', 'male', null] as const) expect(title('en', kind, gender)).toBe(word)
  })
})

describe('isMessageKey', () => {
  it('tells catalog keys from other strings', () => {
    expect(isMessageKey('errors.slotAlreadyBooked')).toBe(true)
    expect(isMessageKey('errors.unknownCode')).toBe(false)
    expect(isMessageKey('toString')).toBe(false)
  })
})

describe("the server's own messages", () => {
  it('are not in the shared catalogs that browsers load, and the server translator says them', () => {
    for (const key of Object.keys(serverMessages.ar)) {
      expect(Object.hasOwn(ar, key), key).toBe(false)
      expect(Object.hasOwn(en, key), key).toBe(false)
    }
    expect(serverTranslator('en').t('errors.slotNotFound')).toBe(serverMessages.en['errors.slotNotFound'])
    expect(serverTranslator('ar').t('nav.home')).toBe(ar['nav.home'])
  })
})

describe('widget catalogs (extensions)', () => {
  const extensions = {
    bookingCalendarMessages,
    expertSearchMessages,
    sessionRoomMessages,
    serverMessages,
  }

  it.each(Object.entries(extensions))(
    '%s: same keys, namespaced, valid ICU, same arguments in both languages',
    (_name, extension) => {
      expect(keysMissingFrom(extension.ar, extension.en)).toEqual([])
      expect(keysMissingFrom(extension.en, extension.ar)).toEqual([])
      for (const key of Object.keys(extension.ar)) {
        expect(key).toMatch(/^[a-z][a-zA-Z]*(\.[a-zA-Z][a-zA-Z0-9]*)+$/)
        for (const lang of LANGUAGES) {
          expect(() =>
            parse(extension[lang][key as keyof typeof extension.ar], { requiresOtherClause: true }),
          ).not.toThrow()
        }
        expect(JSON.stringify(argumentsOf(extension.ar[key as keyof typeof extension.ar]))).toBe(
          JSON.stringify(argumentsOf(extension.en[key as keyof typeof extension.en])),
        )
      }
    },
  )

  it('session room: says how long until the start, in minutes or in hours and minutes', () => {
    const cases = [
      ['ar', 0, 0, 'تبدأ الجلسة بعد أقل من دقيقة'],
      ['ar', 0, 1, 'تبدأ الجلسة بعد دقيقة واحدة'],
      ['ar', 0, 2, 'تبدأ الجلسة بعد دقيقتين'],
      ['ar', 0, 7, 'تبدأ الجلسة بعد ٧ دقائق'],
      ['ar', 0, 45, 'تبدأ الجلسة بعد ٤٥ دقيقة'],
      ['ar', 1, 0, 'تبدأ الجلسة بعد ساعة'],
      ['ar', 2, 5, 'تبدأ الجلسة بعد ساعتين و٥ دقائق'],
      ['ar', 3, 1, 'تبدأ الجلسة بعد ٣ ساعات ودقيقة'],
      ['en', 0, 0, 'The session starts in less than a minute'],
      ['en', 0, 1, 'The session starts in 1 minute'],
      ['en', 0, 45, 'The session starts in 45 minutes'],
      ['en', 1, 0, 'The session starts in 1 hour'],
      ['en', 2, 5, 'The session starts in 2 hours and 5 minutes'],
    ] as const
    // Hours 0: the minutes-only message; otherwise the one in hours and minutes.
    for (const [lang, hours, minutes, text] of cases) {
      const { t } = createTranslator(lang, sessionRoomMessages)
      const said = hours
        ? t('sessionRoom.startsInHours', { hours, minutes })
        : t('sessionRoom.startsIn', { minutes })
      expect(said, `${lang} ${hours}h ${minutes}m`).toBe(text)
    }
  })

  it('extends a translator with its own keys, which win over shared ones, cached per extension', () => {
    const extension = {
      ar: { 'x.own': 'خاص', 'nav.home': 'بيت' },
      en: { 'x.own': 'Own', 'nav.home': 'House' },
    }
    const ar1 = createTranslator('ar', extension)
    expect(ar1.t('x.own')).toBe('خاص')
    expect(ar1.t('nav.home')).toBe('بيت')
    expect(ar1.t('common.error')).toBe(ar['common.error'])
    expect(createTranslator('en', extension).t('x.own')).toBe('Own')
    expect(createTranslator('ar', extension)).toBe(ar1)
    expect(createTranslator('ar').t('nav.home')).toBe(ar['nav.home'])
  })
})

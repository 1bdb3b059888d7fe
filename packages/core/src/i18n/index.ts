import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import { ar, type MessageKey } from './ar.ts'
import { en } from './en.ts'
import { formatMessage, type MessageIntl } from './format-message.ts'

export type { MessageKey }
export { ar, en }

/** A language the platform speaks: Arabic (the default) or English. */
export type Language = 'ar' | 'en'

/** The writing direction of a language. */
export type Direction = 'rtl' | 'ltr'

/** The language used when none is chosen or the choice is not understood: Arabic. */
export const DEFAULT_LANGUAGE: Language = 'ar'

/** All supported languages, the default first. */
export const LANGUAGES: readonly Language[] = ['ar', 'en']

/**
 * The BCP 47 locale that Intl formats each language with.
 *
 * Arabic is `ar-SA`, which writes Arabic-Indic digits (٠١٢…) in numbers, plurals and dates, as Saudi
 * government services do; the Gregorian calendar is pinned because older engines defaulted `ar-SA` to the
 * Hijri calendar and dates are Gregorian first. English is `en-GB`: day before month, as in Arabic.
 */
export const LOCALES: Readonly<Record<Language, string>> = { ar: 'ar-SA-u-ca-gregory', en: 'en-GB' }

/** The message catalogs by language. */
export const catalogs: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = { ar, en }

/**
 * Normalizes any language hint to a supported language: anything starting with `en` (case-insensitive, after
 * trimming) is English, everything else, including nothing at all, is Arabic. Accepts a bare tag (`en-US`)
 * or a whole `Accept-Language` header value (`en-US,en;q=0.9`), of which the first entry decides.
 */
export function normalizeLanguage(input?: string | null): Language {
  return typeof input === 'string' && input.trim().toLowerCase().startsWith('en') ? 'en' : 'ar'
}

/** Returns the writing direction for a language hint: right to left unless the language is English. */
export function direction(lang?: string | null): Direction {
  return normalizeLanguage(lang) === 'en' ? 'ltr' : 'rtl'
}

/** Tells whether a string (for example a key built from a server error code) is a catalog key. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(ar, key)
}

/** The values a message's ICU arguments take. */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>

/** Raised (through the error handler) when a message key is not in the catalog. */
export class MissingMessageError extends Error {
  /** The key that was asked for. */
  readonly key: string
  /** The language whose catalog lacks the key. */
  readonly lang: Language

  constructor(key: string, lang: Language) {
    super(`Missing message "${key}" in the "${lang}" catalog`)
    this.name = 'MissingMessageError'
    this.key = key
    this.lang = lang
  }
}

/** A callback that receives translation problems: missing keys, bad ICU syntax, missing argument values. */
export type I18nErrorHandler = (error: Error) => void

/** The error handler in use before `setI18nErrorHandler` is called: it logs and lets the page go on. */
export const defaultI18nErrorHandler: I18nErrorHandler = (error) => {
  console.error(error)
}

let errorHandler: I18nErrorHandler = defaultI18nErrorHandler

/**
 * Sets where translation problems go, and returns the previous handler. Production keeps the default (log
 * and show the key); tests install a handler that throws, so that a missing key fails the test.
 */
export function setI18nErrorHandler(handler: I18nErrorHandler = defaultI18nErrorHandler): I18nErrorHandler {
  const previous = errorHandler
  errorHandler = handler
  return previous
}

/**
 * A widget's or page's own messages, in both languages, kept out of the shared catalogs so that each
 * bundle ships only the messages it shows (the rate-form carries none of the booking widget's). Both
 * languages must hold the same keys; tests check that, as they do for the shared catalogs.
 */
export type CatalogExtension<K extends string = string> = Readonly<
  Record<Language, Readonly<Record<K, string>>>
>

/**
 * A catalog message as the translator takes it: ICU MessageFormat source (what the catalogs are written in,
 * and what Node and the tests read), or the same message precompiled at build time by
 * `scripts/precompile-messages.ts`: its AST, or a plain string when it has no ICU syntax at all. Browser
 * bundles carry only precompiled messages, so no ICU parser ships to a phone.
 */
export type CatalogMessage = string | readonly MessageFormatElement[]

/**
 * The Intl formatters a translator binds to its language: dates and times in Riyadh's time zone (where people
 * are), numbers in the language's digits. The shape of formatjs' `IntlShape` for the calls the platform
 * makes, on the engine's own Intl, so that a page does not carry formatjs' whole `createIntl`.
 */
export interface IntlFormatters {
  /** The BCP 47 locale of the language (`LOCALES`). */
  readonly locale: string
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string
  /** As `formatDate`, with the hour and minute shown when `options` asks for nothing. */
  formatTime(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string
  formatDateTimeRange(from: Date | number, to: Date | number, options?: Intl.DateTimeFormatOptions): string
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string
  formatList(list: readonly string[], options?: Intl.ListFormatOptions): string
}

/** A language-bound formatter of catalog messages. */
export interface Translator<K extends string = MessageKey> {
  /** The language messages come out in. */
  readonly lang: Language
  /** The writing direction of that language. */
  readonly dir: Direction
  /** Dates, numbers and lists in the language (see {@link IntlFormatters}). */
  readonly intl: IntlFormatters
  /**
   * Formats the message `key` with `values` for its ICU arguments. A key missing from the catalog is
   * reported to the error handler and comes back as the key itself; it never throws unless the handler does.
   */
  t(key: K | MessageKey, values?: MessageValues): string
}

// Riyadh is where people are (see `time`); repeated here so that i18n does not depend on time.
const RIYADH_TZ = 'Asia/Riyadh'
const translators = new Map<Language, Translator>()
const extendedTranslators = new WeakMap<CatalogExtension, Map<Language, Translator<string>>>()

/** One cache of Intl objects per constructor, keyed by locale and options; Intl objects are slow to make. */
function cached<T>(make: (locale: string, options: never) => T) {
  const cache = new Map<string, T>()
  return (locale: string, options: object = {}): T => {
    const key = `${locale}|${JSON.stringify(options)}`
    let made = cache.get(key)
    if (!made) {
      made = make(locale, options as never)
      cache.set(key, made)
    }
    return made
  }
}
const dateFormat = cached((l, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(l, o))
const numberFormat = cached((l, o: Intl.NumberFormatOptions) => new Intl.NumberFormat(l, o))
const listFormat = cached((l, o: Intl.ListFormatOptions) => new Intl.ListFormat(l, o))
const pluralRules = cached((l, o: Intl.PluralRulesOptions) => new Intl.PluralRules(l, o))

/** The digits and the thousands separator of each of the platform's locales. */
const INTEGER_STYLE: Readonly<Record<string, { zero: number; group: string }>> = {
  [LOCALES.ar]: { zero: 0x0660, group: '\u066c' },
  [LOCALES.en]: { zero: 0x30, group: ',' },
}

/**
 * Numbers in `locale` as `Intl.NumberFormat` writes them, writing whole non-negative numbers itself when the
 * options are the default or only turn grouping off (what messages count with: `#`, `{n, number}`, a year).
 * A page's first `Intl.NumberFormat` makes the engine load its number data: 45–85 ms on this machine, four
 * times that on Lighthouse's phone, on every page whose footer shows the year (issue 15). Anything else
 * goes to Intl; core's tests compare the two over a range of numbers.
 */
export function numberFormatter(
  locale: string,
  options?: Intl.NumberFormatOptions,
): { format(value: number): string } {
  const style = INTEGER_STYLE[locale]
  const keys = Object.keys(options ?? {})
  const grouped = keys.length === 0
  if (!style || !(grouped || (keys.length === 1 && options?.useGrouping === false)))
    return numberFormat(locale, options)
  return {
    format(value) {
      if (!Number.isSafeInteger(value) || value < 0 || Object.is(value, -0))
        return numberFormat(locale, options).format(value)
      let digits = ''
      for (const digit of String(value)) digits += String.fromCharCode(style.zero + Number(digit))
      return grouped ? digits.replace(/(?<=.)(?=(?:.{3})+$)/gu, style.group) : digits
    },
  }
}

/** The thin and narrow no-break spaces of CLDR's date patterns («22 – 28 November», «3:00 pm»). */
const CLDR_SPACES = /[\u2009\u202f]/g

/**
 * Writes the thin (U+2009) and narrow no-break (U+202F) spaces that CLDR puts in dates, ranges and times as
 * ordinary spaces. Engines disagree on them: Node's ICU writes them, Chromium's patched ICU writes ordinary
 * spaces, so a date the server drew in English was not the text the browser drew, and React threw the
 * hydrated page away (issue 31: the booking calendar drawn twice). Written one way, the server and every
 * browser agree; a space beside a unit becomes a no-break space where core formats it (`time`).
 */
export function plainSpaces(text: string): string {
  return text.replace(CLDR_SPACES, ' ')
}

/** The Intl objects messages format with in a locale (dates on Riyadh's clock), shared by every message. */
function messageIntl(locale: string): MessageIntl {
  return {
    number: (options) => numberFormatter(locale, options),
    date: (options) => {
      const format = dateFormat(locale, { timeZone: RIYADH_TZ, ...options })
      return { format: (value) => plainSpaces(format.format(value)) }
    },
    plural: (options) => pluralRules(locale, options),
  }
}

function intlFormatters(locale: string): IntlFormatters {
  const date = (options?: Intl.DateTimeFormatOptions) =>
    dateFormat(locale, { timeZone: RIYADH_TZ, ...options })
  return {
    locale,
    formatDate: (value, options) => plainSpaces(date(options).format(new Date(value))),
    formatTime: (value, options) =>
      plainSpaces(date(options ?? { hour: 'numeric', minute: 'numeric' }).format(new Date(value))),
    formatDateTimeRange: (from, to, options) => plainSpaces(date(options).formatRange(from, to)),
    formatNumber: (value, options) => numberFormatter(locale, options).format(value),
    formatList: (list, options) => listFormat(locale, options).format(list),
  }
}

/** A message with none of ICU's syntax characters is its own text (precompiled literals are such strings). */
const PLAIN = /^[^{}'<]*$/

/**
 * Returns the translator for a language hint (normalized with `normalizeLanguage`, so an `Accept-Language`
 * value works). Translators and their Intl formatters are cached and shared.
 *
 * With an `extension`, the translator also knows that extension's keys (a widget's own messages), which
 * win over shared keys of the same name; it is cached per extension object and language.
 */
export function createTranslator(lang?: string): Translator
export function createTranslator<K extends string>(
  lang: string | undefined,
  extension: CatalogExtension<K>,
): Translator<K>
export function createTranslator<K extends string>(
  lang: string = DEFAULT_LANGUAGE,
  extension?: CatalogExtension<K>,
): Translator<K> {
  const language = normalizeLanguage(lang)
  let cache: Map<Language, Translator<string>> = translators
  if (extension) {
    cache = extendedTranslators.get(extension) ?? new Map()
    extendedTranslators.set(extension, cache)
  }
  const found = cache.get(language)
  if (found) return found
  // A widget's own messages win over the shared ones; looked up in turn, not copied into one object
  // (the site's catalogs hold about a thousand messages, and a page makes its translators as it starts).
  const shared: Readonly<Record<string, CatalogMessage>> = catalogs[language]
  const own: Readonly<Record<string, CatalogMessage>> | undefined = extension?.[language]
  const locale = LOCALES[language]
  const forMessages = messageIntl(locale)
  // Each message's AST, parsed on first use where the catalog holds ICU source (Node, the tests).
  const parsed = new Map<string, readonly MessageFormatElement[]>()
  const translator: Translator<K> = {
    lang: language,
    dir: direction(language),
    intl: intlFormatters(locale),
    t(key, values) {
      const source = own && Object.hasOwn(own, key) ? own : shared
      if (!Object.hasOwn(source, key)) {
        errorHandler(new MissingMessageError(key, language))
        return key
      }
      const message = source[key] as CatalogMessage
      if (typeof message === 'string' && PLAIN.test(message)) return message
      try {
        let elements = parsed.get(key)
        if (!elements) {
          elements = typeof message === 'string' ? parse(message) : message
          parsed.set(key, elements)
        }
        return formatMessage(elements, forMessages, values)
      } catch (error) {
        errorHandler(error instanceof Error ? error : new Error(String(error)))
        return key
      }
    },
  }
  cache.set(language, translator)
  return translator
}

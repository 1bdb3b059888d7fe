import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/**
 * Formats an ICU MessageFormat AST (formatjs' parser output, or what `scripts/precompile-messages.ts` puts in
 * the browser bundles) with values, on the engine's own Intl. It does what `intl-messageformat`'s `format`
 * does for the elements the parser makes (text, arguments, numbers with styles or skeletons, dates and times,
 * select, plural and selectordinal with `=n` cases, offsets and `#`, tags) in a tenth of its size, which a
 * phone downloading a widget notices (issue 15). `scripts/precompile-messages.test.ts` and core's i18n tests
 * format every catalog message through it and compare with `intl-messageformat`.
 *
 * A value it cannot use (a missing argument, a select or plural without the case it needs, a tag without its
 * function) throws `MessageFormatError`; the translator reports it and shows the key.
 */

/** A value for a message argument; a function formats a tag's content (`<b>…</b>`). */
export type MessageArgument =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | ((chunks: string[]) => string)

/** The Intl objects the formatter uses, made (and cached) by the caller. */
export interface MessageIntl {
  number(options?: Intl.NumberFormatOptions): { format(value: number): string }
  date(options?: Intl.DateTimeFormatOptions): { format(value: Date | number): string }
  plural(options?: Intl.PluralRulesOptions): Intl.PluralRules
}

/** A message that cannot be formatted with the values given. */
export class MessageFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MessageFormatError'
  }
}

// The parser's element types (formatjs' TYPE enum), as numbers so that no parser code is imported.
const LITERAL = 0
const ARGUMENT = 1
const NUMBER = 2
const DATE = 3
const TIME = 4
const SELECT = 5
const PLURAL = 6
const POUND = 7
const TAG = 8

/** intl-messageformat's named styles (`{n, number, percent}`, `{d, date, short}`). */
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
}
const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { month: 'numeric', day: 'numeric', year: '2-digit' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
}
const TIME_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { hour: 'numeric', minute: 'numeric' },
  medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
  long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
}

/** A style as the parser leaves it: a name, or a skeleton whose options it has worked out. */
type Style = string | { parsedOptions?: object } | null | undefined

function options<T extends object>(style: Style, named: Record<string, T>, fallback?: T): T | undefined {
  if (typeof style === 'string') return named[style]
  return (style?.parsedOptions as T | undefined) ?? fallback
}

/** The case of a select or plural for `key`, else its `other` case. */
function option(
  el: { value: string; options: Record<string, { value: MessageFormatElement[] }> },
  key: string,
) {
  const found = Object.hasOwn(el.options, key) ? el.options[key] : el.options.other
  if (!found) throw new MessageFormatError(`No case "${key}" nor "other" for "${el.value}"`)
  return found.value
}

/** The message `elements` with `values`; `pound` is the number `#` stands for inside a plural's case. */
export function formatMessage(
  elements: readonly MessageFormatElement[],
  intl: MessageIntl,
  values: Readonly<Record<string, MessageArgument>> = {},
  pound?: number,
): string {
  let out = ''
  for (const el of elements) {
    if (el.type === LITERAL) {
      out += el.value
      continue
    }
    if (el.type === POUND) {
      if (pound !== undefined) out += intl.number().format(pound)
      continue
    }
    if (!Object.hasOwn(values, el.value))
      throw new MessageFormatError(`The message needs a value for "${el.value}"`)
    const value = values[el.value]
    switch (el.type) {
      case ARGUMENT:
        out += value === null || value === undefined || value === false ? '' : String(value)
        break
      case NUMBER: {
        const style = options(el.style as Style, NUMBER_STYLES) as
          | (Intl.NumberFormatOptions & { scale?: number })
          | undefined
        out += intl.number(style).format(Number(value) * (style?.scale ?? 1))
        break
      }
      case DATE:
      case TIME:
        out += intl
          .date(
            el.type === DATE
              ? options(el.style as Style, DATE_STYLES)
              : options(el.style as Style, TIME_STYLES, TIME_STYLES.medium),
          )
          .format(value as Date | number)
        break
      case SELECT:
        out += formatMessage(option(el, String(value)), intl, values, pound)
        break
      case PLURAL: {
        const n = Number(value)
        const exact = `=${n}`
        const cases = Object.hasOwn(el.options, exact)
          ? option(el, exact)
          : option(el, intl.plural({ type: el.pluralType }).select(n - el.offset))
        out += formatMessage(cases, intl, values, n - el.offset)
        break
      }
      case TAG:
        if (typeof value !== 'function')
          throw new MessageFormatError(`The tag <${el.value}> needs a function to format it`)
        out += value([formatMessage(el.children, intl, values, pound)])
        break
    }
  }
  return out
}

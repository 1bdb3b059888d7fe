import {
  isPluralElement,
  isSelectElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import {
  formatMessage,
  type MessageArgument,
  MessageFormatError,
  type MessageIntl,
} from './format-message.ts'
import { ar, en, LANGUAGES, LOCALES, numberFormatter } from './index.ts'
import { bookingCalendarMessages } from './widgets/booking-calendar.ts'
import { expertSearchMessages } from './widgets/expert-search.ts'
import { sessionRoomMessages } from './widgets/session-room.ts'

const TZ = 'Asia/Riyadh'

function intlFor(locale: string): MessageIntl {
  return {
    number: (o) => new Intl.NumberFormat(locale, o),
    date: (o) => new Intl.DateTimeFormat(locale, { timeZone: TZ, ...o }),
    plural: (o) => new Intl.PluralRules(locale, o),
  }
}

/** What formatjs' own formatter makes of the same message and values: the reference. */
function reference(message: string, locale: string, values: Record<string, MessageArgument>) {
  return String(
    new IntlMessageFormat(message, locale, undefined, {
      formatters: {
        getNumberFormat: (l, o) => new Intl.NumberFormat(l, o),
        getDateTimeFormat: (l, o) => new Intl.DateTimeFormat(l, { timeZone: TZ, ...o }),
        getPluralRules: (l, o) => new Intl.PluralRules(l, o),
      },
    }).format(values as Record<string, string | number>),
  )
}

/** Every argument name of a message, with the select cases it offers. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, string[]>()) {
  for (const el of elements) {
    if (el.type === 0 || el.type === 7) continue
    if (!into.has(el.value)) into.set(el.value, [])
    if (isSelectElement(el)) into.get(el.value)?.push(...Object.keys(el.options))
    if (isSelectElement(el) || isPluralElement(el))
      for (const option of Object.values(el.options)) argumentsOf(option.value, into)
  }
  return into
}

const all = [{ ar, en }, bookingCalendarMessages, expertSearchMessages, sessionRoomMessages]

describe('formatMessage', () => {
  it.each(LANGUAGES)(
    '%s: formats every catalog message as intl-messageformat does, for many values',
    (lang) => {
      const locale = LOCALES[lang]
      let compared = 0
      for (const catalog of all) {
        for (const [key, message] of Object.entries(catalog[lang] as Record<string, string>)) {
          const elements = parse(message)
          const names = [...argumentsOf(elements)]
          // Numbers across Arabic's six plural forms and a fraction; each select case; text.
          for (const n of [0, 1, 2, 3, 11, 100, 2.5]) {
            const cases = names.flatMap(([, options]) => options)
            for (const choice of cases.length ? cases : ['other']) {
              const values = Object.fromEntries(
                names.map(([name, options]) => [name, options.length ? choice : n]),
              ) as Record<string, MessageArgument>
              expect(formatMessage(elements, intlFor(locale), values), `${lang} ${key} ${n} ${choice}`).toBe(
                reference(message, locale, values),
              )
              compared++
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(1000)
    },
  )

  it('formats named styles, skeletons, dates, offsets, exact cases and tags like the reference', () => {
    const cases: [string, Record<string, MessageArgument>][] = [
      ['{n, number, percent} {n, number, integer} {n, number, ::.#}', { n: 0.456 }],
      ['{y, number, ::group-off}', { y: 2026 }],
      [
        '{d, date, short}|{d, date, medium}|{d, date, long}|{d, date, full}|{d, time, short}',
        {
          d: new Date('2026-11-21T22:30:00Z'),
        },
      ],
      ['{d, time}', { d: new Date('2026-11-21T22:30:00Z') }],
      [
        '{n, plural, offset:1 =0 {none} =1 {just {who}} one {{who} and # other} other {{who} and # others}}',
        {
          n: 3,
          who: 'Sara',
        },
      ],
      ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
      ['{g, select, female {she} male {he} other {they}} {s}', { g: 'x', s: 'ok' }],
      ['a {b} c', { b: null }],
    ]
    for (const [message, values] of cases)
      for (const locale of Object.values(LOCALES))
        expect(formatMessage(parse(message), intlFor(locale), values), `${locale} ${message}`).toBe(
          reference(message, locale, values),
        )
    const bold = (chunks: string[]) => `[${chunks.join('')}]`
    expect(formatMessage(parse('x <b>{n} y</b>'), intlFor('en-GB'), { n: 2, b: bold })).toBe('x [2 y]')
  })

  it('refuses what it cannot format: a missing value, a missing case, a tag without a function', () => {
    const intl = intlFor('en-GB')
    expect(() => formatMessage(parse('{a}'), intl, {})).toThrow(MessageFormatError)
    expect(() => formatMessage(parse('{a}'), intl)).toThrow(/"a"/)
    // The parser insists on `other`; a precompiled AST might not have one.
    const noOther = [
      { type: 5, value: 'g', options: { male: { value: [{ type: 0, value: 'he' }] } } },
    ] as unknown as MessageFormatElement[]
    expect(() => formatMessage(noOther, intl, { g: 'female' })).toThrow(/"female" nor "other"/)
    expect(formatMessage(noOther, intl, { g: 'male' })).toBe('he')
    expect(() => formatMessage(parse('<b>x</b>'), intl, { b: 'not a function' })).toThrow(/<b>/)
  })
})

describe('numberFormatter', () => {
  it('writes whole numbers exactly as Intl.NumberFormat does, grouped or not, in both languages', () => {
    const values = [0, -0, 1, 7, 10, 99, 100, 999, 1000, 1001, 12345, 123456, 1234567, 2026, -5, 2.5, 0.1]
    for (let n = 1; n < 1e15; n *= 7) values.push(Math.floor(n), Math.floor(n) + 1)
    for (const locale of Object.values(LOCALES))
      for (const options of [undefined, {}, { useGrouping: false }, { maximumFractionDigits: 1 }])
        for (const value of values)
          expect(
            numberFormatter(locale, options).format(value),
            `${locale} ${JSON.stringify(options)} ${value}`,
          ).toBe(new Intl.NumberFormat(locale, options).format(value))
  })
})

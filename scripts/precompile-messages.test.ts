import { readdirSync } from 'node:fs'
import { parse } from '@formatjs/icu-messageformat-parser'
import { type CatalogExtension, createTranslator, LOCALES } from '@mashura/core'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import {
  compileCatalogModule,
  compileCatalogValue,
  compileMessage,
  isCatalogModule,
  isUsed,
  precompileMessages,
  usedKeys,
} from './precompile-messages.ts'

const i18n = new URL('../packages/core/src/i18n/', import.meta.url).pathname
const hostI18n = new URL('../host-app/src/i18n/', import.meta.url).pathname
const catalogFiles = [
  `${i18n}ar.ts`,
  `${i18n}en.ts`,
  ...readdirSync(`${i18n}widgets`).map((name) => `${i18n}widgets/${name}`),
  ...readdirSync(hostI18n)
    .filter((name) => !name.startsWith('index.'))
    .map((name) => `${hostI18n}${name}`),
]

/** Imports a compiled module's text as the bundle would see it. */
async function evaluate(code: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
}

/** Every `{ key: message }` map in an export, with the language it is in (`ar`/`en`, from its path). */
function messageMaps(value: unknown, path: string[] = []): [string[], Record<string, unknown>][] {
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.every(([, inner]) => typeof inner !== 'object' || Array.isArray(inner)))
    return [[path, value as Record<string, unknown>]]
  return entries.flatMap(([key, inner]) => messageMaps(inner, [...path, key]))
}

describe('precompiled catalogs', () => {
  it('cover exactly core’s catalog modules', () => {
    for (const file of catalogFiles) expect(isCatalogModule(file), file).toBe(true)
    expect(isCatalogModule(`${i18n}index.ts`)).toBe(false)
    expect(isCatalogModule(`${hostI18n}index.ts`)).toBe(false)
    expect(isCatalogModule(`${hostI18n}index.test.ts`)).toBe(false)
    expect(isCatalogModule(`${i18n}index.test.ts`)).toBe(false)
    expect(isCatalogModule('/work/x/packages/core/dist/i18n/widgets/booking-calendar.js')).toBe(true)
    expect(isCatalogModule('/work/x/widgets/src/loader/messages.ts')).toBe(false)
  })

  it('hold every message of every catalog, as its text when plain and its AST otherwise', async () => {
    let plain = 0
    let compiled = 0
    for (const file of catalogFiles) {
      const source: Record<string, unknown> = await import(file)
      const result = await evaluate(await compileCatalogModule(file))
      expect(Object.keys(result).sort(), file).toEqual(Object.keys(source).sort())
      for (const [name, value] of Object.entries(source)) {
        const compiledMaps = new Map(messageMaps(result[name]).map(([path, map]) => [path.join('.'), map]))
        for (const [path, map] of messageMaps(value)) {
          const lang = path.includes('en') || /\/en\.ts$/.test(file) || name === 'en' ? 'en' : 'ar'
          const out = compiledMaps.get(path.join('.'))
          expect(Object.keys(out ?? {}), `${file} ${name} ${path}`).toEqual(Object.keys(map))
          for (const [key, message] of Object.entries(map as Record<string, string>)) {
            const made = out?.[key]
            if (typeof made === 'string') {
              plain++
              // Plain text is exactly what formatting the source gives.
              expect(made, key).toBe(new IntlMessageFormat(message, LOCALES[lang]).format())
            } else {
              compiled++
              expect(made, key).toEqual(parse(message))
            }
          }
        }
      }
    }
    expect(plain).toBeGreaterThan(500)
    expect(compiled).toBeGreaterThan(50)
  })

  it('format the same through the translator as the ICU source does', () => {
    const source = {
      ar: {
        'x.count':
          '{count, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {# أخرى}}',
        'x.year': '© {year, number, ::group-off}',
        'x.gender': '{gender, select, female {مستشارة} other {مستشار}}',
        'x.quote': "it''s {name}",
        'x.plain': 'نص',
      },
      en: {
        'x.count': '{count, plural, one {# item} other {# items}}',
        'x.year': '© {year, number, ::group-off}',
        'x.gender': '{gender, select, female {Consultant} other {Consultant}}',
        'x.quote': "it''s {name}",
        'x.plain': 'text',
      },
    } satisfies CatalogExtension
    const compiled = compileCatalogValue(source, 'test') as unknown as CatalogExtension<
      keyof typeof source.ar
    >
    expect(compiled.ar['x.plain']).toBe('نص')
    expect(Array.isArray(compiled.ar['x.quote'])).toBe(true)
    for (const lang of ['ar', 'en'] as const) {
      const fromSource = createTranslator(lang, source)
      const fromAst = createTranslator(lang, compiled)
      for (const count of [0, 1, 2, 3, 11, 100, 1200])
        expect(fromAst.t('x.count', { count })).toBe(fromSource.t('x.count', { count }))
      expect(fromAst.t('x.year', { year: 2026 })).toBe(fromSource.t('x.year', { year: 2026 }))
      expect(fromAst.t('x.gender', { gender: 'female' })).toBe(fromSource.t('x.gender', { gender: 'female' }))
      expect(fromAst.t('x.quote', { name: 'Sara' })).toBe("it's Sara")
      expect(fromAst.t('x.plain')).toBe(fromSource.t('x.plain'))
    }
    expect(createTranslator('ar', compiled).t('x.year', { year: 2026 })).toBe('© ٢٠٢٦')
  })

  it('refuse a message that is not ICU, naming where it is', () => {
    expect(() => compileMessage('{broken', 'ar.ts x.y')).toThrow(/ar\.ts x\.y/)
    expect(() => compileCatalogValue({ f: () => 1 }, 'ar.ts')).toThrow(/only messages/)
  })

  it('alias the parser to formatjs’ no-parser build in the bundles', () => {
    const plugin = precompileMessages()
    const config = (plugin.config as () => { resolve: { alias: { find: RegExp; replacement: string }[] } })()
    const [alias] = config.resolve.alias
    expect(alias?.find.test('@formatjs/icu-messageformat-parser')).toBe(true)
    expect(alias?.find.test('@formatjs/icu-messageformat-parser/no-parser.js')).toBe(false)
    expect(alias?.replacement).toBe('@formatjs/icu-messageformat-parser/no-parser.js')
  })

  it('move the shared messages only one widget names into that widget’s own catalog (slices)', async () => {
    const root = new URL('../', import.meta.url).pathname
    const plugin = precompileMessages({
      usedIn: [`${root}widgets/src`, `${root}packages/core/src`],
      slices: { 'booking-calendar': [`${root}widgets/src/booking-calendar`] },
    })
    const hooks = plugin as unknown as {
      configResolved(config: { command: string }): void
      buildStart(): void
      load(this: { addWatchFile(file: string): void }, id: string): Promise<string | null>
    }
    hooks.configResolved({ command: 'build' })
    hooks.buildStart()
    const load = async (file: string) =>
      (await evaluate((await hooks.load.call({ addWatchFile() {} }, file)) ?? '')) as Record<string, unknown>
    const shared = (await load(`${i18n}ar.ts`)).ar as Record<string, unknown>
    const own = (await load(`${i18n}widgets/booking-calendar.ts`)).bookingCalendarMessages as Record<
      'ar' | 'en',
      Record<string, unknown>
    >
    // Only the calendar's sources name `booking.book`: it left the shared catalog for the calendar's own.
    expect(shared['booking.book']).toBeUndefined()
    expect(own.ar['booking.book']).toBe(
      compileMessage(String((await import(`${i18n}ar.ts`)).ar['booking.book'])),
    )
    expect(own.en['booking.book']).toBeTypeOf('string')
    // Messages other code names stay shared and are not copied: the rating form's words; messages no
    // widget names (the server's errors) are in neither.
    expect(shared['rating.title']).toBeDefined()
    expect(own.ar['rating.title']).toBeUndefined()
    expect(shared['errors.internal']).toBeUndefined()
    expect(own.ar['errors.internal']).toBeUndefined()
    // The calendar's own messages that its sources name are all still there.
    const written = (await import(`${i18n}widgets/booking-calendar.ts`)).bookingCalendarMessages
    const named = usedKeys([`${root}widgets/src/booking-calendar`])
    const kept = Object.keys(written.ar).filter((key) => isUsed(key, named))
    expect(kept.length).toBeGreaterThan(20)
    for (const key of kept) expect(own.ar, key).toHaveProperty([key])
  })
})

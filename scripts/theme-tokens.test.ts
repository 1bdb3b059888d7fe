import { readFileSync } from 'node:fs'
import { COLORS } from '@mashura/core'
import { OPEN_PROPS_SOURCES, tokens } from '@mashura/widgets/theme'
import borders from 'open-props/src/borders'
import easing from 'open-props/src/easing'
import fonts from 'open-props/src/fonts'
import sizes from 'open-props/src/sizes'
import { describe, expect, it } from 'vitest'

/** The widgets' scale tokens are Open Props' values, copied in so no widget ships Open Props' tables. */
const tables: Record<string, Record<string, unknown>> = { borders, easing, fonts, sizes }

describe('the widgets’ theme tokens', () => {
  it('copy each scale value exactly from Open Props', () => {
    for (const [token, [table, prop, value]] of Object.entries(OPEN_PROPS_SOURCES)) {
      expect(tables[table]?.[prop], `${token} from ${table} ${prop}`).toBe(value)
      expect(tokens[token]).toBe(value)
    }
  })

  it('give the brand colours of the spec (core’s COLORS) in the one palette', () => {
    const palette = readFileSync(new URL('../widgets/src/shared/palette.css', import.meta.url), 'utf8')
    const colour = (name: string) => palette.match(new RegExp(`${name}:\\s*(#[0-9a-f]{6});`))?.[1]
    expect(colour('--mashura-color-primary')).toBe(COLORS.primary)
    expect(colour('--mashura-color-secondary')).toBe(COLORS.secondary)
  })
})

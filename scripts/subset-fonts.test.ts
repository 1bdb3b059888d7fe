import { readFileSync } from 'node:fs'
import { Blob, Face, Font, Buffer as ShapingBuffer, shape } from 'harfbuzzjs'
import subsetFont from 'subset-font'
import { describe, expect, it } from 'vitest'
import {
  ARABIC_RANGES,
  outputFile,
  sourceFile,
  subsetArabic,
  unicodeRange,
  WEIGHTS,
} from './subset-fonts.mjs'

/** How harfbuzz shapes `text` in a font (sfnt bytes): each glyph's id and advance. */
function shaped(font: Uint8Array, text: string): { glyph: number; advance: number }[] {
  const face = new Face(new Blob(font), 0)
  const buffer = new ShapingBuffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  shape(new Font(face), buffer)
  return buffer.getGlyphInfosAndPositions().map((g) => ({ glyph: g.codepoint, advance: g.xAdvance ?? 0 }))
}

// Joining forms, lam-alef, tashkeel, tatweel, Arabic-Indic digits and signs, Persian letters of the Arabic
// block, Presentation Forms-B as a PDF pastes them, and ﷲ ﷺ ﷼ ﴾﴿: words, as the spaces between them are
// the Latin file's.
const SAMPLE = 'مشورة للأعمال؛ لا إلا الله، مُسْتَشَارٌ ــ ١٢٣٤٥٦٧٨٩٠٪ ؟ پچژگک ﻣﺸﻮﺭﺓ ﻻ ﷲ ﷺ ٥٠٠﷼ ﴾نص﴿'.split(' ')

describe('the site’s Arabic font files', () => {
  it.each(WEIGHTS)(
    '%i: the committed file is what scripts/subset-fonts.mjs makes from fontsource',
    async (weight) => {
      const made = await subsetArabic(weight)
      expect(Buffer.compare(made, readFileSync(outputFile(weight)))).toBe(0)
      expect(made.length).toBeLessThan(readFileSync(sourceFile(weight)).length * 0.8)
    },
  )

  it.each(WEIGHTS)(
    '%i: keeps every codepoint of its range and shapes Arabic as the full file does',
    async (weight) => {
      const ours = await subsetArabic(weight, 'sfnt')
      const covered = new Set(new Face(new Blob(ours), 0).collectUnicodes())
      // Letters, tashkeel, Arabic-Indic digits, the Forms-B letters and the kept Forms-A signs.
      const needed: [number, number][] = [
        [0x0621, 0x063a],
        [0x0641, 0x0652],
        [0x0660, 0x0669],
        [0xfe80, 0xfefc],
        [0xfd3e, 0xfd3f],
        [0xfdf2, 0xfdf2],
        [0xfdfc, 0xfdfc],
      ]
      for (const [first, last] of needed)
        for (let cp = first; cp <= last; cp++) expect(covered.has(cp), cp.toString(16)).toBe(true)
      // Nothing outside the declared range (the CSS sends other characters to other files).
      const inRange = (cp: number) =>
        (ARABIC_RANGES as [number, number][]).some(([a, b]) => cp >= a && cp <= b)
      expect([...covered].filter((cp) => !inRange(cp) && cp > 0xff)).toEqual([])
      // The whole of fontsource's Arabic file as harfbuzz sees it (subset to everything: nothing dropped).
      const full = await subsetFont(readFileSync(sourceFile(weight)), SAMPLE.join(''), {
        targetFormat: 'sfnt',
      })
      for (const word of SAMPLE) {
        const mine = shaped(ours, word)
        expect(
          mine.filter((g) => g.glyph === 0),
          word,
        ).toEqual([])
        expect(
          mine.map((g) => g.advance),
          word,
        ).toEqual(shaped(full, word).map((g) => g.advance))
      }
    },
  )

  it('fonts.css gives the Arabic faces the script’s range and our files', () => {
    const css = readFileSync(new URL('../host-app/src/styles/fonts.css', import.meta.url), 'utf8')
    const arabic = [...css.matchAll(/@font-face\s*{[^}]*}/g)]
      .map((m) => m[0])
      .filter((rule) => rule.includes('-arabic-arabic-'))
      // Compared without white space: the formatter wraps and spaces the rules.
      .map((rule) => rule.replace(/\s+/g, ''))
    expect(arabic).toHaveLength(WEIGHTS.length)
    for (const [i, weight] of WEIGHTS.entries()) {
      expect(arabic[i]).toContain(`font-weight:${weight};`)
      expect(arabic[i]).toContain(`url("../fonts/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2")`)
      expect(arabic[i]).toContain(`unicode-range:${unicodeRange()};`)
    }
  })
})

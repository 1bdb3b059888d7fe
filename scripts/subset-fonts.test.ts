import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Blob, Face, Font, Buffer as ShapingBuffer, shape } from 'harfbuzzjs'
import subsetFont from 'subset-font'
import { describe, expect, it } from 'vitest'
import {
  ARABIC_RANGES,
  outputFile,
  PAGE_RANGES,
  SOURCE_DIR,
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
// block, Presentation Forms-B as a PDF pastes them, ﷲ ﷺ ﷼ ﴾﴿, and Latin punctuation inside Arabic words and
// around them, the space included.
const SAMPLE = [
  ...'مشورة للأعمال؛ لا إلا الله، مُسْتَشَارٌ ــ ١٢٣٤٥٦٧٨٩٠٪ ؟ پچژگک ﻣﺸﻮﺭﺓ ﻻ ﷲ ﷺ ٥٠٠﷼ ﴾نص﴿'.split(' '),
  'المدينة: الرياض.',
  '(مستشار) - «مشورة»…',
]

describe('the site’s Arabic font files', () => {
  it('cuts them from IBM’s files kept in the repository with their licence, not from an installed package', () => {
    // IBM's @ibm/plex-sans-arabic 1.1.0, fonts/complete/woff2, byte for byte (its postinstall ran IBM's telemetry).
    const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
    expect(WEIGHTS.map((weight) => sha256(sourceFile(weight)))).toEqual([
      '74112e1b7bf2e2c547989a4e947a60cba6cd1f9156e0065670134636e717199d',
      '869b2acd0a9660607a2025f0fe1c640110bf23d33417509328f07722922b8063',
    ])
    const licence = readFileSync(`${SOURCE_DIR}OFL.txt`, 'utf8')
    expect(licence).toContain('Copyright © 2017 IBM Corp. with Reserved Font Name "Plex"')
    expect(licence).toContain('SIL OPEN FONT LICENSE Version 1.1')
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })).not.toContain(
      '@ibm/plex-sans-arabic',
    )
  })

  it.each(WEIGHTS)(
    '%i: the committed file is what scripts/subset-fonts.mjs makes from IBM’s font',
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
      // The space and Arabic text's Latin punctuation, for Arabic pages, which fetch no Latin file.
      for (const ch of ' .:,;!?()-/«»…–—\u00a0') expect(covered.has(ch.codePointAt(0)!), ch).toBe(true)
      // Nothing outside the declared range, no Latin letter and no Latin digit: the CSS sends other
      // characters to other files, or, on an Arabic page, to the system's font.
      const inRange = (cp: number) => (PAGE_RANGES as [number, number][]).some(([a, b]) => cp >= a && cp <= b)
      expect([...covered].filter((cp) => !inRange(cp) && cp !== 0x0d)).toEqual([])
      expect(
        [...covered].filter((cp) => /[\p{L}\p{N}]/u.test(String.fromCodePoint(cp)) && cp < 0x600),
      ).toEqual([])
      // The whole of IBM's file as harfbuzz sees it (subset to the sample: nothing it reaches dropped).
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

  it('fonts.css gives both families’ Arabic faces the script’s ranges and our files', () => {
    const css = readFileSync(new URL('../host-app/src/styles/fonts.css', import.meta.url), 'utf8')
    const rules = [...css.matchAll(/@font-face\s*{[^}]*}/g)]
      .map((m) => m[0])
      .filter((rule) => rule.includes('-arabic-arabic-'))
      // Compared without white space: the formatter wraps and spaces the rules.
      .map((rule) => rule.replace(/\s+/g, ''))
    const family = (name: string) =>
      rules.filter((rule) => rule.includes(`font-family:"${name.replace(/ /g, '')}";`))
    expect(rules).toHaveLength(2 * WEIGHTS.length)
    for (const [name, ranges] of [
      ['IBM Plex Sans Arabic', ARABIC_RANGES],
      ['Mashura Arabic', PAGE_RANGES],
    ] as const) {
      const faces = family(name)
      expect(faces, name).toHaveLength(WEIGHTS.length)
      for (const [i, weight] of WEIGHTS.entries()) {
        expect(faces[i]).toContain(`font-weight:${weight};`)
        expect(faces[i]).toContain(`url("../fonts/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2")`)
        expect(faces[i]).toContain(`unicode-range:${unicodeRange(ranges as unknown as [number, number][])};`)
      }
    }
    // Only the Arabic pages' family is all Arabic; it has no Latin face to fall back on.
    expect(css.match(/font-family:\s*"Mashura Arabic"/g)).toHaveLength(WEIGHTS.length)
  })
})

// `node scripts/subset-fonts.mjs`: writes the site's Arabic font files (host-app/src/fonts/), cut from IBM's
// complete IBM Plex Sans Arabic by harfbuzz's subsetter (subset-font).
//
// The two complete files it cuts (Regular and SemiBold, version 1.1.0 of IBM's npm package, unchanged) are kept
// in the repository under assets/fonts/ibm-plex-sans-arabic/ with their licence (SIL OFL 1.1, OFL.txt), instead
// of the package being a dev dependency (issue 35): its postinstall script ran IBM's telemetry collector, and an
// agency's build machines must not phone a third party when they install.
//
// Why (issue 15): a phone fetches a page's fonts before its first paint, and Lighthouse's slow 4G counts every
// byte of them in the largest paint. Fontsource's Arabic files (43 and 46 KB) also cover the Arabic
// Supplement and Extended-A blocks (letters of African languages and Quranic annotation) and every
// Presentation Forms-A codepoint. Ours keep the Arabic block, the Presentation Forms-B that text pasted from a
// PDF carries, and the few Forms-A signs Saudi text uses (ﷲ ﷺ ﷻ ﷼ ﴾﴿): about 31 and 34 KB. Shaping is
// unchanged: the subsetter keeps every glyph the kept letters reach through the font's layout tables
// (initial, medial and final forms, lam-alef). A character outside the range draws in the next font of the
// stack. The files are committed; `scripts/subset-fonts.test.ts` checks they are what this script makes.
//
// They also keep the space and the Latin punctuation Arabic text is written with (. : ، ( ) - « » …), but no
// Latin letters or digits (Arabic pages write numbers in Arabic-Indic digits): an Arabic page then draws all its
// Arabic text from these two files and never fetches the Latin ones, about 42 KB that Lighthouse's slow 4G
// counted before the largest paint (fonts.css, family "Mashura Arabic"). That is why the source is IBM's
// complete font and not fontsource's Arabic subset, which has no punctuation.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The weights the site loads (host-app/src/styles/fonts.css). */
export const WEIGHTS = [400, 600]

/**
 * The Arabic codepoints the files keep, as inclusive ranges: the unicode-range of the Arabic faces of the
 * site's main family, "IBM Plex Sans Arabic" (English pages draw spaces and punctuation from its Latin files).
 */
export const ARABIC_RANGES = [
  [0x0600, 0x06ff],
  [0x200c, 0x200e],
  [0x2010, 0x2011],
  [0x204f, 0x204f],
  [0x2e41, 0x2e41],
  [0xfd3e, 0xfd3f],
  [0xfdf2, 0xfdf2],
  [0xfdfa, 0xfdfc],
  [0xfe70, 0xfe74],
  [0xfe76, 0xfefc],
]

/** The space and the Latin punctuation of Arabic text, also kept: never a letter or a digit. */
export const PUNCTUATION_RANGES = [
  [0x0020, 0x002f],
  [0x003a, 0x003f],
  [0x00a0, 0x00a0],
  [0x00ab, 0x00ab],
  [0x00bb, 0x00bb],
  [0x2013, 0x2014],
  [0x2026, 0x2026],
]

/** Everything the files keep: the unicode-range of the Arabic pages' family, "Mashura Arabic". */
export const PAGE_RANGES = [...PUNCTUATION_RANGES, ...ARABIC_RANGES].sort((a, b) => a[0] - b[0])

/** The ranges as a CSS `unicode-range` value. */
export function unicodeRange(ranges = ARABIC_RANGES) {
  const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0')
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',')
}

/** Where IBM's complete files (Latin and Arabic) are kept, with their licence. */
export const SOURCE_DIR = `${root}assets/fonts/ibm-plex-sans-arabic/`

/** IBM's complete file of a weight, and where ours goes. */
export const sourceFile = (weight) =>
  `${SOURCE_DIR}IBMPlexSansArabic-${{ 400: 'Regular', 600: 'SemiBold' }[weight]}.woff2`
export const outputFile = (weight) =>
  `${root}host-app/src/fonts/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`

/** One weight's Arabic file, cut to {@link PAGE_RANGES}; `format` 'sfnt' gives it uncompressed (the tests). */
export async function subsetArabic(weight, format = 'woff2') {
  const text = PAGE_RANGES.flatMap(([a, b]) =>
    Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)),
  ).join('')
  return subsetFont(readFileSync(sourceFile(weight)), text, { targetFormat: format })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const weight of WEIGHTS) {
    const font = await subsetArabic(weight)
    writeFileSync(outputFile(weight), font)
    console.log(
      `${outputFile(weight).slice(root.length)}: ${readFileSync(sourceFile(weight)).length} → ${font.length} bytes`,
    )
  }
  console.log(`"IBM Plex Sans Arabic" unicode-range: ${unicodeRange()}`)
  console.log(`"Mashura Arabic" unicode-range: ${unicodeRange(PAGE_RANGES)}`)
}

/**
 * Arabic-aware text matching: the same normalisation is applied to what is stored
 * (`contributors.search_text`) and to what people type, so "أحمد", "احمد" and
 * "أَحْمَد" find each other, as do "مؤسسة"/"مؤسسه" and "مستشفى"/"مستشفي".
 */

const DIACRITICS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g
const TATWEEL = /\u0640/g

/** Normalises text for matching: diacritics and tatweel removed, alef/hamza, taa marbuta and alef maqsura unified, digits Latin, case folded, spaces collapsed. */
export function normalizeArabic(text: string): string {
  return text
    .normalize('NFKC')
    .replace(DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** The normalised words of a query; at most 8, each at most 40 characters (a query is not a document). */
export function searchTerms(query: string): string[] {
  return normalizeArabic(query)
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => w.slice(0, 40))
}

/** What is stored in `contributors.search_text` for a contributor. */
export function buildSearchText(parts: {
  name: string
  titles?: readonly string[]
  bios?: readonly string[]
  subjects?: readonly string[]
}): string {
  return normalizeArabic(
    [parts.name, ...(parts.titles ?? []), ...(parts.subjects ?? []), ...(parts.bios ?? [])].join(' '),
  )
}

/** Escapes LIKE wildcards so what people type is matched literally (used with `ESCAPE '\\'`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`)
}

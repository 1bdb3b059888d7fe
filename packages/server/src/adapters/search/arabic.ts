/**
 * Arabic-aware text matching: the same normalisation is applied to what is stored
 * (`contributors.search_text`) and to what people type, so "أحمد", "احمد" and
 * "أَحْمَد" find each other, as do "مؤسسة"/"مؤسسه" and "مستشفى"/"مستشفي". The folding
 * itself is core's (`foldArabic`, shared with the site's FAQ filter); what is search's
 * own here is the words, the articles and the ranking fields.
 */
import { foldArabic } from '@mashura/core'

/**
 * Normalises text for matching: core's {@link foldArabic} (diacritics and tatweel removed, alef/hamza, taa
 * marbuta and alef maqsura unified, digits Latin, case folded, spaces collapsed). Stored search text was
 * written with it, so it must not change without rebuilding `contributors.search_text`.
 */
export const normalizeArabic: (text: string) => string = foldArabic

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

/** A prefix of the article ("بال", "وال", …) and the letters that must follow it for it to be one. */
const ARTICLES: readonly (readonly [prefix: string, rest: number])[] = [
  // With a conjunction or preposition the word must be longer: «والدين» is "parents", not "و+الدين".
  ['وال', 4],
  ['بال', 4],
  ['فال', 4],
  ['كال', 4],
  ['لل', 4],
  // «الطب» keeps its article: two letters are too few to tell «ال» from a root («الم», «اله»).
  ['ال', 3],
]

/**
 * A normalised word without its attached article, so that «التسويق», «بالتسويق», «للتسويق» and
 * «تسويق» are one word: the prefix goes only when enough letters stay to make a word.
 */
export function withoutArticle(word: string): string {
  for (const [prefix, rest] of ARTICLES) {
    if (word.startsWith(prefix) && [...word].length - prefix.length >= rest) return word.slice(prefix.length)
  }
  return word
}

/** The words of normalised text, articles removed: letters and digits only, punctuation parts words. */
export function rankingWords(normalised: string): string[] {
  return normalised
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map(withoutArticle)
}

/** A field stored for ranking: its words between single spaces, with a space before and after (blank: ''). */
function rankingField(texts: readonly string[]): string {
  const words = rankingWords(normalizeArabic(texts.join(' ')))
  return words.length === 0 ? '' : ` ${words.join(' ')} `
}

/** A contributor's ranked fields (`ranking_fields`): words without articles, ` between spaces `. */
export interface RankingFields {
  /** The name's words. */
  name: string
  /** The titles' and subjects' words. */
  topics: string
  /** The bios' words. */
  bio: string
}

/**
 * The fields a text search ranks a contributor by, apart: the name, the topics (titles and
 * subjects) and the bios, each as its normalised words without articles.
 */
export function rankingFields(parts: Parameters<typeof buildSearchText>[0]): RankingFields {
  return {
    name: rankingField([parts.name]),
    topics: rankingField([...(parts.titles ?? []), ...(parts.subjects ?? [])]),
    bio: rankingField(parts.bios ?? []),
  }
}

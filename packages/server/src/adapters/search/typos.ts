/**
 * Typo tolerance for the search, SymSpell style: a vocabulary of the words contributors' texts
 * hold is stored with each word's one-deletion variants, so the words within one edit of what
 * people type are found by a few index lookups: a word and a term are within Damerau-Levenshtein
 * distance 1 only if one of them, or one of its one-deletion variants, equals one of the other's.
 * Candidates are then checked exactly ({@link withinOneEdit}).
 */
import type { RankingFields } from './arabic.ts'

/** The fewest letters a term must have to be corrected: shorter words have too many neighbours. */
export const MIN_TYPO_LETTERS = 5
/** The shortest vocabulary word: a five-letter term with one letter too many corrects to it. */
const MIN_WORD_LETTERS = MIN_TYPO_LETTERS - 1
/** The longest vocabulary word (terms are cut at 40; a longer word is not a word people type). */
const MAX_WORD_LETTERS = 32
/** At most this many corrections per term, so a query stays a handful of index reads. */
export const MAX_CORRECTIONS = 8

const LETTERS = /^\p{L}+$/u

/** Whether a normalised term is corrected: letters only, at least {@link MIN_TYPO_LETTERS} of them. */
export function isCorrectable(term: string): boolean {
  return LETTERS.test(term) && [...term].length >= MIN_TYPO_LETTERS
}

/** The distinct strings one deletion makes of a word. */
export function oneDeletions(word: string): string[] {
  const chars = [...word]
  const out = new Set<string>()
  for (let i = 0; i < chars.length; i++) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''))
  return [...out]
}

/**
 * Whether two words are at most one edit apart: equal, or one substitution, insertion,
 * deletion or transposition of adjacent letters (optimal string alignment distance ≤ 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true
  const x = [...a]
  const y = [...b]
  if (Math.abs(x.length - y.length) > 1) return false
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  if (x.length === y.length) {
    const tail = (from: number) => x.slice(from).join('') === y.slice(from).join('')
    if (tail(i + 1)) return true
    return x[i] === y[i + 1] && x[i + 1] === y[i] && tail(i + 2)
  }
  const [long, short] = x.length > y.length ? [x, y] : [y, x]
  return long.slice(i + 1).join('') === short.slice(i).join('')
}

/** The vocabulary words of some contributors' ranked fields: letters only, 4 to 32 of them. */
export function vocabularyWords(fields: readonly RankingFields[]): string[] {
  const out = new Set<string>()
  for (const f of fields) {
    for (const text of [f.name, f.topics, f.bio]) {
      for (const word of text.split(' ')) {
        const n = [...word].length
        if (n >= MIN_WORD_LETTERS && n <= MAX_WORD_LETTERS && LETTERS.test(word)) out.add(word)
      }
    }
  }
  return [...out]
}

/** The rows of `search_words` for some words: each word under itself and under each of its one-deletion variants. */
export function vocabularyRows(words: readonly string[]): { variant: string; word: string }[] {
  return words.flatMap((word) => [word, ...oneDeletions(word)].map((variant) => ({ variant, word })))
}

/** The variants to look a term up by: itself and its one-deletion variants. */
export function lookupVariants(term: string): string[] {
  return [term, ...oneDeletions(term)]
}

/**
 * The corrections of a term among candidate words: those one edit away (not the term itself),
 * closest in length first, then in code point order, at most {@link MAX_CORRECTIONS}.
 */
export function corrections(term: string, candidates: Iterable<string>): string[] {
  const n = [...term].length
  return [...new Set(candidates)]
    .filter((w) => w !== term && withinOneEdit(term, w))
    .sort((a, b) => Math.abs([...a].length - n) - Math.abs([...b].length - n) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_CORRECTIONS)
}

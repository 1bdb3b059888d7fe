/**
 * The catalogue's words in this process's memory (issue 37): what a search term of letters and digits matches
 * is found here in microseconds, where the full-text indexes take a statement per word (about half a
 * millisecond on a reader thread, plus the lists' parsing on the main thread), which a fresh process pays for
 * every word it has not seen yet.
 *
 * The stored texts are folded (`normalizeArabic`), so a term of letters and digits matches a text exactly when
 * it lies inside one of the text's runs of letters and digits: the index keeps each distinct run (a token)
 * with the contributors whose `search_text` holds it, and those whose ranked fields (name, topics, bio) hold
 * it as a word. A term's matches are then the union over the tokens that contain it, and its whole-word
 * matches are its own token's. The same answers as the full-text indexes and as LIKE (`termMatches`), which
 * the tests compare.
 *
 * It is built from the database in slices of a few rows, between which the event loop runs, when a search first asks for it
 * under a catalogue version ({@link WordIndexes}); until it is ready the searches read the database as before.
 */
import {
  IN_TEXT,
  isOneToken,
  type SearchTerm,
  type TermMatches,
  termScore,
  type WordIndexRow,
  wholeInField,
} from '../db/queries/contributors.ts'

/** A letter or digit: what a run is made of. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u
/** Whether each UTF-16 unit outside the surrogates is a letter or digit (made at the first build). */
let inRun: Uint8Array | undefined

/**
 * The runs of letters and digits of a text, as `text.split(/[^\p{L}\p{N}]+/u)` gives them (without empty
 * ones), through a table of the units instead of the expression: a third of the time on a catalogue.
 */
function runsOf(text: string, found: (run: string) => void): void {
  if (!inRun) {
    inRun = new Uint8Array(0x10000)
    for (let unit = 0; unit < 0x10000; unit++)
      if (LETTER_OR_DIGIT.test(String.fromCharCode(unit))) inRun[unit] = 1
  }
  let start = -1
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    // A character beyond the first plane (a pair of surrogates) is asked of the expression.
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length
    const letter = pair ? LETTER_OR_DIGIT.test(text.slice(i, i + 2)) : inRun[unit] === 1
    if (letter) {
      if (start < 0) start = i
    } else if (start >= 0) {
      found(text.slice(start, i))
      start = -1
    }
    if (pair) i++
  }
  if (start >= 0) found(text.slice(start))
}

/** The index. */
export interface WordIndex {
  /** Every distinct token. */
  tokens: readonly string[]
  /** Each token's number by its text. */
  tokenOf: ReadonlyMap<string, number>
  /** Per token, the contributors holding it, by id ascending… */
  rows: readonly Int32Array[]
  /** …and where each holds it: {@link IN_TEXT}, and {@link wholeInField} for a ranked field holding it as a word. */
  where: readonly Uint8Array[]
  /** The tokens holding each three-character run (UTF-16 units), for finding the tokens that contain a term. */
  byTrigram: ReadonlyMap<string, Int32Array>
  /** One more than the largest contributor id. */
  size: number
  /** Scratch by id, all 0 between lookups: one per word of a term, and which ids were touched. */
  scratch: Uint8Array[]
  touched: Uint8Array
}

/** How many tokens are made compact between two turns of the event loop. */
const FINISH_SHARE = 2_000
/** Lets the event loop turn. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Builds the index from the catalogue's rows, given in slices by id ascending (the event loop runs between them). */
export async function buildWordIndex(slices: AsyncIterable<readonly WordIndexRow[]>): Promise<WordIndex> {
  const tokenOf = new Map<string, number>()
  const tokens: string[] = []
  // Per token, its rows so far and where each holds it (rows come by id ascending: a row is added once).
  const rows: number[][] = []
  const where: number[][] = []
  let size = 1
  const add = (token: string, id: number, bit: number) => {
    let t = tokenOf.get(token)
    if (t === undefined) {
      t = tokens.length
      tokens.push(token)
      tokenOf.set(token, t)
      rows.push([id])
      where.push([bit])
      return
    }
    const ids = rows[t]!
    const at = ids.length - 1
    if (ids[at] === id) where[t]![at]! |= bit
    else {
      ids.push(id)
      where[t]!.push(bit)
    }
  }
  for await (const slice of slices) {
    for (const row of slice) {
      if (row.id + 1 > size) size = row.id + 1
      runsOf(row.search_text, (token) => add(token, row.id, IN_TEXT))
      // The ranked fields are words between single spaces already.
      const fields = [row.name, row.topics, row.bio]
      for (let f = 0; f < fields.length; f++) {
        const text = fields[f]
        if (!text) continue
        const bit = wholeInField(f)
        for (const token of text.split(' ')) if (token) add(token, row.id, bit)
      }
    }
  }
  // The lists made compact, and the tokens' three-character runs, a share at a time as well.
  const compact: Int32Array[] = []
  const places: Uint8Array[] = []
  const trigramLists = new Map<string, number[]>()
  for (let t = 0; t < tokens.length; t++) {
    if (t % FINISH_SHARE === FINISH_SHARE - 1) await pause()
    compact.push(Int32Array.from(rows[t]!))
    places.push(Uint8Array.from(where[t]!))
    const token = tokens[t]!
    const seen = new Set<string>()
    for (let i = 0; i + 3 <= token.length; i++) {
      const trigram = token.slice(i, i + 3)
      if (seen.has(trigram)) continue
      seen.add(trigram)
      const list = trigramLists.get(trigram)
      if (list) list.push(t)
      else trigramLists.set(trigram, [t])
    }
  }
  await pause()
  const byTrigram = new Map<string, Int32Array>()
  for (const [trigram, list] of trigramLists) {
    byTrigram.set(trigram, Int32Array.from(list))
  }
  return {
    tokens,
    tokenOf,
    rows: compact,
    where: places,
    byTrigram,
    size,
    scratch: [],
    touched: new Uint8Array(size),
  }
}

/** Whether the index answers for a term: every word of it (the term and its corrections) is letters and digits. */
export function answersFor(term: SearchTerm): boolean {
  return isOneToken(term.text) && term.corrections.every(isOneToken)
}

/** The tokens that contain `word`: through its rarest three-character run, or every token for a shorter word. */
function tokensHolding(index: WordIndex, word: string): number[] {
  const holding: number[] = []
  if (word.length < 3) {
    index.tokens.forEach((token, t) => {
      if (token.includes(word)) holding.push(t)
    })
    return holding
  }
  let rarest: Int32Array | undefined
  for (let i = 0; i + 3 <= word.length; i++) {
    const list = index.byTrigram.get(word.slice(i, i + 3))
    if (!list) return holding
    if (!rarest || list.length < rarest.length) rarest = list
  }
  const exact = word.length === 3
  for (const t of rarest!) if (exact || index.tokens[t]!.includes(word)) holding.push(t)
  return holding
}

/**
 * What a term matches, from the index (for a term it {@link answersFor}): the rows whose search text holds
 * one of its words, by id ascending, with their {@link termScore}s. Each word's bits are gathered by id from
 * the tokens holding it (a token's field bits say the word is part of a word there) and its own token (a
 * whole word there), in one pass over their lists.
 */
export function indexedMatches(index: WordIndex, term: SearchTerm): TermMatches {
  const words = [term.text, ...term.corrections]
  while (index.scratch.length < words.length) index.scratch.push(new Uint8Array(index.size))
  const bits = index.scratch.slice(0, words.length)
  const { touched } = index
  const found: number[] = []
  for (let w = 0; w < words.length; w++) {
    const mine = bits[w]!
    const own = index.tokenOf.get(words[w]!)
    for (const t of tokensHolding(index, words[w]!)) {
      const ids = index.rows[t]!
      const where = index.where[t]!
      // A token's field bits say "a whole word of the field": for a word inside it, "in the field" (a bit
      // lower), and for the word itself both.
      const whole = t === own
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!
        const b = where[i]!
        mine[id]! |= (b & IN_TEXT) | (b >> 3) | (whole ? b & ~IN_TEXT : 0)
        if (touched[id] === 0) {
          touched[id] = 1
          found.push(id)
        }
      }
    }
  }
  const order = found.length * 8 >= index.size ? undefined : Int32Array.from(found).sort()
  const ids = new Int32Array(found.length)
  const scores = new Uint16Array(found.length)
  let count = 0
  for (let k = 0, id = -1; k < found.length; k++) {
    // In id order: read off the marks when there are many, else sorted.
    if (order) id = order[k]!
    else
      do id++
      while (touched[id] === 0)
    touched[id] = 0
    let inText = false
    for (let w = 0; w < bits.length; w++) if ((bits[w]![id]! & IN_TEXT) !== 0) inText = true
    if (inText) {
      ids[count] = id
      scores[count] = termScore(bits, id)
      count++
    }
    for (let w = 0; w < bits.length; w++) bits[w]![id] = 0
  }
  return { ids: ids.subarray(0, count), scores: scores.subarray(0, count) }
}

/** The catalogue's rows from after some id, at most `limit` of them, by id ascending. */
export type WordIndexRows = (afterId: number, limit: number) => Promise<readonly WordIndexRow[]>

/** The index of the current catalogue version, built when first asked for. */
export interface WordIndexes {
  /**
   * The index made under `version` (the catalogue's), or null while it is being built: the first ask under a
   * version starts its build, and drops an index of an older one at once (it may hold an erased person's words).
   */
  at(version: string): WordIndex | null
  /** Whether the index of `version` is ready, being built, or neither, without starting a build. */
  state(version: string): 'ready' | 'building' | 'none'
  /** Forgets the index and stops a build (an erasure: the index holds people's names). */
  clear(): void
}

/** Rows taken per slice while building: about 1.5 ms of the main thread each on the machine of `docs/performance.md`, so that the answers waiting meanwhile wait little. */
const SLICE = 32
/**
 * Rows asked of the database at once while building, then taken a {@link SLICE} at a time. Under load the
 * reads queue on the reader threads behind the searches', a wait each: read 32 rows at a time, a build on a
 * slow machine took many seconds, the searches meanwhile read each new word from the database, and those
 * reads lengthened the queue the build waited in.
 */
const READ_ROWS = 512
/** After a build fails, how long before another is tried. */
const RETRY_MS = 5_000
/**
 * After a build, how many times its length must pass before the next one starts: where the catalogue changes
 * more often than that (another process committing to the SQLite file all the time), the builds take at most
 * a fifth of the time and the searches read the database in between.
 */
const REST = 4

/**
 * The index of the catalogue read by `read`, for each version asked for; `onError` hears of a failed build.
 * `rest` is {@link REST} (tests that follow each build set it to 0).
 */
export function wordIndexes(
  read: WordIndexRows,
  onError: (error: unknown) => void,
  { rest = REST }: { rest?: number } = {},
): WordIndexes {
  let ready: { version: string; index: WordIndex } | null = null
  /** The build under way; a newer one replaces it, and it stops at its next read. */
  let building: { version: string } | null = null
  /** When the next build may start. */
  let notBefore = Number.NEGATIVE_INFINITY
  async function* slices(build: { version: string }) {
    let after = 0
    while (building === build) {
      const rows = await read(after, READ_ROWS)
      if (rows.length === 0) return
      for (let from = 0; from < rows.length; from += SLICE) {
        // The event loop turns between two slices of one read, as it does across a read.
        if (from > 0) await pause()
        if (building !== build) return
        yield rows.slice(from, from + SLICE)
      }
      after = rows[rows.length - 1]!.id
    }
  }
  async function build(me: { version: string }) {
    const started = performance.now()
    try {
      const index = await buildWordIndex(slices(me))
      if (building !== me) return
      ready = { version: me.version, index }
      notBefore = performance.now() + (performance.now() - started) * rest
    } catch (error) {
      notBefore = performance.now() + RETRY_MS
      onError(error)
    } finally {
      if (building === me) building = null
    }
  }
  return {
    at(version) {
      if (ready?.version === version) return ready.index
      ready = null
      if (building?.version !== version && performance.now() >= notBefore) {
        building = { version }
        void build(building)
      }
      return null
    },
    state(version) {
      if (ready?.version === version) return 'ready'
      return building?.version === version ? 'building' : 'none'
    },
    clear() {
      ready = null
      building = null
    },
  }
}

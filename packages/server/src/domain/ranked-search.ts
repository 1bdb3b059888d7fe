/**
 * A text search ranked from per-word lists (issue 37). What one word of a query matches, and how well, is the
 * same whatever the other words are: {@link termList} keeps it, ordered as ties are broken (newest first), so
 * a query never typed before but made of words already searched for (a subject, part of a name) reads nothing
 * from the database. {@link rankedPage} intersects the lists of a query's words, adds up their scores, and
 * cuts the page, in time proportional to the matches of its rarest word. The order is
 * `rankedContributorIds`'s (db/queries/contributors.ts): score desc, then `created_at` desc, then id desc.
 */
import type { ContributorKind } from '@mashura/core'
import type { TermMatches } from '../db/queries/contributors.ts'

/** The active contributors in the order equal scores take: newest first. */
export interface NewestOrder {
  /** This order's own name in this process: lists made in its ranks are kept under it. */
  token: string
  /** Contributor ids by rank: `ids[0]` is the newest. */
  ids: Int32Array
  /** Each rank's kind. */
  kinds: readonly ContributorKind[]
  /** Each contributor's rank by id; -1 for one not in the order (not active). */
  rankOf: Int32Array
}

/** How many orders this process has made. */
let ordersMade = 0

/** The order of some contributors given newest first (`activeContributorsNewestFirst`). */
export function newestOrder(rows: readonly { id: number; kind: ContributorKind }[]): NewestOrder {
  const ids = Int32Array.from(rows, (r) => r.id)
  const rankOf = new Int32Array(ids.reduce((max, id) => Math.max(max, id), 0) + 1).fill(-1)
  ids.forEach((id, rank) => {
    rankOf[id] = rank
  })
  ordersMade++
  return { token: String(ordersMade), ids, kinds: rows.map((r) => r.kind), rankOf }
}

/** The active contributors a word matches, by rank ascending, with its score for each. */
export interface TermList {
  ranks: Int32Array
  scores: Uint16Array
}

/** Room for a score below each rank when both are packed in one number to be sorted together. */
const SCORES = 65_536

/** A term's matches as a list in the order's ranks; contributors not in the order (not active) are left out. */
export function termList(order: NewestOrder, matches: TermMatches): TermList {
  // Rank and score packed in one float, so the typed array's own numeric sort orders them by rank.
  const packed = new Float64Array(matches.ids.length)
  let count = 0
  matches.ids.forEach((id, i) => {
    const rank = id < order.rankOf.length ? order.rankOf[id]! : -1
    if (rank >= 0) packed[count++] = rank * SCORES + Math.min(matches.scores[i]!, SCORES - 1)
  })
  const sorted = packed.subarray(0, count).sort()
  const ranks = new Int32Array(count)
  const scores = new Uint16Array(count)
  for (let i = 0; i < count; i++) {
    ranks[i] = Math.floor(sorted[i]! / SCORES)
    scores[i] = sorted[i]! % SCORES
  }
  return { ranks, scores }
}

/** About how many bytes a list takes in memory (for the cache's bound). */
export function termListBytes(list: TermList): number {
  return list.ranks.byteLength + list.scores.byteLength + 128
}

/** The first index at or after `from` whose rank is at least `rank` (galloping, then binary search). */
function seek(ranks: Int32Array, from: number, rank: number): number {
  let step = 1
  let low = from
  let high = from
  while (high < ranks.length && ranks[high]! < rank) {
    low = high + 1
    high += step
    step *= 2
  }
  high = Math.min(high, ranks.length)
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ranks[mid]! < rank) low = mid + 1
    else high = mid
  }
  return low
}

/** Room for a rank below each score when both are packed in one number to be sorted together. */
const RANKS = 2 ** 32

/** The ids of the first `total` matches, best score first, equal scores newest first, from the `from`th on. */
function everyFrom(order: NewestOrder, ranks: Int32Array, scores: Uint32Array, total: number, from: number) {
  // Packed so that the typed array's own ascending sort orders them: the higher the score, the lower the key.
  const keys = new Float64Array(total)
  let top = 0
  for (let i = 0; i < total; i++) top = Math.max(top, scores[i]!)
  for (let i = 0; i < total; i++) keys[i] = (top - scores[i]!) * RANKS + ranks[i]!
  keys.sort()
  const ids: number[] = []
  for (let i = from; i < total; i++) ids.push(order.ids[keys[i]! % RANKS]!)
  return ids
}

/**
 * One page of the contributors every list holds (optionally only some kinds), best total score first, equal
 * scores newest first, and how many there are across pages. One pass intersects the lists (the shortest
 * leads, the others are sought in) into typed arrays with a count per score; then only the score levels the
 * page reaches are read again, in rank order.
 */
export function rankedPage(
  order: NewestOrder,
  lists: readonly TermList[],
  kinds: readonly ContributorKind[] | undefined,
  page: { limit: number; offset: number },
): { ids: number[]; total: number } {
  if (lists.length === 0) return { ids: [], total: 0 }
  const [driver, ...others] = [...lists].sort((a, b) => a.ranks.length - b.ranks.length) as [
    TermList,
    ...TermList[],
  ]
  const allowed = kinds ? new Set(kinds) : null
  const positions = new Int32Array(others.length)
  const ranks = new Int32Array(driver.ranks.length)
  const scores = new Uint32Array(driver.ranks.length)
  const perScore = new Map<number, number>()
  let total = 0
  for (let i = 0; i < driver.ranks.length; i++) {
    const rank = driver.ranks[i]!
    let score = driver.scores[i]!
    let everywhere = true
    for (let o = 0; o < others.length; o++) {
      const list = others[o]!
      const at = seek(list.ranks, positions[o]!, rank)
      positions[o] = at
      if (at >= list.ranks.length || list.ranks[at] !== rank) {
        everywhere = false
        break
      }
      score += list.scores[at]!
    }
    if (!everywhere || (allowed && !allowed.has(order.kinds[rank]!))) continue
    ranks[total] = rank
    scores[total] = score
    total++
    perScore.set(score, (perScore.get(score) ?? 0) + 1)
  }
  if (page.offset + page.limit >= total)
    return { ids: everyFrom(order, ranks, scores, total, page.offset), total }
  const ids: number[] = []
  let skip = page.offset
  for (const score of [...perScore.keys()].sort((a, b) => b - a)) {
    if (ids.length >= page.limit) break
    const count = perScore.get(score)!
    if (skip >= count) {
      skip -= count
      continue
    }
    // This level reaches the page: its matches in rank order, after those the page skips.
    for (let i = 0; i < total && ids.length < page.limit; i++) {
      if (scores[i] !== score) continue
      if (skip > 0) skip--
      else ids.push(order.ids[ranks[i]!]!)
    }
  }
  return { ids, total }
}

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
  /** A score by rank for {@link rankedPage} to work in, -1 where it holds none (it leaves it so). */
  scratch: Int32Array
  /** By id, how many lists hold it and their scores' sum, for {@link rankedPage} to work in (it leaves them 0). */
  hits: Uint8Array
  sums: Int32Array
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
  return {
    token: String(ordersMade),
    ids,
    kinds: rows.map((r) => r.kind),
    rankOf,
    scratch: new Int32Array(ids.length).fill(-1),
    hits: new Uint8Array(rankOf.length),
    sums: new Int32Array(rankOf.length),
  }
}

/** The active contributors a word matches, by id ascending, with its score for each. */
export interface TermList {
  ids: Int32Array
  scores: Uint16Array
}

/** Room for a score below each id when both are packed in one number to be sorted together. */
const SCORES = 65_536

/**
 * A term's matches as a list by id; contributors not in the order (not active) are left out. The trigram
 * index gives its rows by id already, so the list is only sorted when they come otherwise.
 */
export function termList(order: NewestOrder, matches: TermMatches): TermList {
  const ids = new Int32Array(matches.ids.length)
  const scores = new Uint16Array(matches.ids.length)
  let count = 0
  let ascending = true
  for (let i = 0; i < matches.ids.length; i++) {
    const id = matches.ids[i]!
    if (id >= order.rankOf.length || order.rankOf[id]! < 0) continue
    if (count > 0 && id <= ids[count - 1]!) ascending = false
    ids[count] = id
    scores[count] = Math.min(matches.scores[i]!, SCORES - 1)
    count++
  }
  if (ascending) return { ids: ids.slice(0, count), scores: scores.slice(0, count) }
  // Id and score packed in one float, so the typed array's own numeric sort orders them by id.
  const packed = new Float64Array(count)
  for (let i = 0; i < count; i++) packed[i] = ids[i]! * SCORES + scores[i]!
  packed.sort()
  const sortedIds = new Int32Array(count)
  const sortedScores = new Uint16Array(count)
  for (let i = 0; i < count; i++) {
    sortedIds[i] = Math.floor(packed[i]! / SCORES)
    sortedScores[i] = packed[i]! % SCORES
  }
  return { ids: sortedIds, scores: sortedScores }
}

/** About how many bytes a list takes in memory (for the cache's bound). */
export function termListBytes(list: TermList): number {
  return list.ids.byteLength + list.scores.byteLength + 128
}

/** The first index at or after `from` whose id is at least `id` (galloping, then binary search). */
function seek(ids: Int32Array, from: number, id: number): number {
  let step = 1
  let low = from
  let high = from
  while (high < ids.length && ids[high]! < id) {
    low = high + 1
    high += step
    step *= 2
  }
  high = Math.min(high, ids.length)
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ids[mid]! < id) low = mid + 1
    else high = mid
  }
  return low
}

/** Room for a rank below each score when both are packed in one number to be sorted together. */
const RANKS = 2 ** 32

/** The other lists are counted by id when they hold at most this many ids for each of the leader's, else sought in. */
const DENSE = 8

/** Up to this many matches are put in order by one sort; more are read off the order rank by rank. */
const SORTED_AT_MOST = 512

/**
 * One page of the contributors every list holds (optionally only some kinds), best total score first, equal
 * scores newest first, and how many there are across pages. One pass intersects the lists by id (the
 * shortest leads: the others are counted by id when they are about as long, else its ids are sought in them); then the page is read off: by
 * one sort when the matches are few, else by walking the order newest first through the score levels the
 * page reaches (the order's scratch holds each match's score meanwhile).
 */
export function rankedPage(
  order: NewestOrder,
  lists: readonly TermList[],
  kinds: readonly ContributorKind[] | undefined,
  page: { limit: number; offset: number },
): { ids: number[]; total: number } {
  if (lists.length === 0) return { ids: [], total: 0 }
  const [driver, ...others] = [...lists].sort((a, b) => a.ids.length - b.ids.length) as [
    TermList,
    ...TermList[],
  ]
  const allowed = kinds ? new Set(kinds) : null
  const ranks = new Int32Array(driver.ids.length)
  const scores = new Uint32Array(driver.ids.length)
  let total = 0
  let top = 0
  const keep = (id: number, score: number) => {
    const rank = order.rankOf[id]!
    if (allowed && !allowed.has(order.kinds[rank]!)) return
    ranks[total] = rank
    scores[total] = score
    total++
    if (score > top) top = score
  }
  const othersLength = others.reduce((sum, list) => sum + list.ids.length, 0)
  if (others.length < 256 && othersLength <= DENSE * driver.ids.length) {
    // Lists of like lengths (a word most bios hold): each other list counted by id, then the leader read once.
    const { hits, sums } = order
    for (const list of others) {
      for (let i = 0; i < list.ids.length; i++) {
        hits[list.ids[i]!]!++
        sums[list.ids[i]!]! += list.scores[i]!
      }
    }
    for (let i = 0; i < driver.ids.length; i++) {
      const id = driver.ids[i]!
      if (hits[id] === others.length) keep(id, driver.scores[i]! + sums[id]!)
    }
    for (const list of others) {
      for (let i = 0; i < list.ids.length; i++) {
        hits[list.ids[i]!] = 0
        sums[list.ids[i]!] = 0
      }
    }
  } else {
    // A short leader: each of its ids sought in the others.
    const positions = new Int32Array(others.length)
    for (let i = 0; i < driver.ids.length; i++) {
      const id = driver.ids[i]!
      let score = driver.scores[i]!
      let everywhere = true
      for (let o = 0; o < others.length; o++) {
        const list = others[o]!
        const at = seek(list.ids, positions[o]!, id)
        positions[o] = at
        if (at >= list.ids.length || list.ids[at] !== id) {
          everywhere = false
          break
        }
        score += list.scores[at]!
      }
      if (everywhere) keep(id, score)
    }
  }
  const end = Math.min(total, page.offset + page.limit)
  if (page.offset >= end) return { ids: [], total }
  if (total <= SORTED_AT_MOST) {
    // Packed so that the typed array's own ascending sort orders them: the higher the score, the lower the key.
    const keys = new Float64Array(total)
    for (let i = 0; i < total; i++) keys[i] = (top - scores[i]!) * RANKS + ranks[i]!
    keys.sort()
    const ids: number[] = []
    for (let i = page.offset; i < end; i++) ids.push(order.ids[keys[i]! % RANKS]!)
    return { ids, total }
  }
  // How many matches score each level, and the lowest level the page reaches.
  const perScore = new Uint32Array(top + 1)
  for (let i = 0; i < total; i++) perScore[scores[i]!]!++
  let lowest = top
  let before = 0
  while (before + perScore[lowest]! < end) before += perScore[lowest--]!
  // The matches above that level and the newest of it the page reaches, by level, newest first within one:
  // the order walked rank by rank until it has them all.
  const scratch = order.scratch
  for (let i = 0; i < total; i++) if (scores[i]! >= lowest) scratch[ranks[i]!] = scores[i]!
  const fromLowest = end - before
  const levels = new Map<number, number[]>()
  for (let rank = 0, above = 0, atLowest = 0; above < before || atLowest < fromLowest; rank++) {
    const score = scratch[rank]!
    if (score < 0 || (score === lowest && atLowest === fromLowest)) continue
    if (score === lowest) atLowest++
    else above++
    const level = levels.get(score)
    if (level) level.push(order.ids[rank]!)
    else levels.set(score, [order.ids[rank]!])
  }
  for (let i = 0; i < total; i++) scratch[ranks[i]!] = -1
  const ids: number[] = []
  let skip = page.offset
  for (let score = top; score >= lowest && ids.length < page.limit; score--) {
    for (const id of levels.get(score) ?? []) {
      if (skip > 0) skip--
      else if (ids.length < page.limit) ids.push(id)
      else break
    }
  }
  return { ids, total }
}

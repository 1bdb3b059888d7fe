/**
 * The catalogue's words in memory (issue 37): what a term matches, as part of a word and as a whole word,
 * in the search text and each ranked field; and when the index is built, used and dropped. The rankings it
 * gives are compared with the database's on both databases in `ranked-search.test.ts`.
 */
import { describe, expect, it } from 'vitest'
import type { WordIndexRow } from '../db/queries/contributors.ts'
import { answersFor, buildWordIndex, indexedMatches, type WordIndex, wordIndexes } from './word-index.ts'

const ROWS: WordIndexRow[] = [
  {
    id: 2,
    search_text: 'د. سارة التميمي، cash-flow التسوق الرقمي',
    name: ' سارة تميمي ',
    topics: ' تسوق رقمي ',
    bio: ' cash flow ',
  },
  { id: 5, search_text: 'خالد المسوق 2030', name: ' خالد ', topics: ' مسوق ', bio: ' 2030 ' },
  { id: 9, search_text: 'ريم', name: null, topics: null, bio: null },
]

async function* inSlices(rows: readonly WordIndexRow[], size: number) {
  for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size)
}

const term = (text: string, corrections: string[] = []) => ({ text, corrections })
const all = (list: ArrayLike<number>) => Array.from(list)

describe('the word index', () => {
  /** A term's matches from the index, as [id, score] pairs. */
  const found = (index: WordIndex, text: string, corrections: string[] = []) => {
    const { ids, scores } = indexedMatches(index, term(text, corrections))
    return all(ids).map((id, i) => [id, scores[i]])
  }

  it('finds a term inside the runs of letters and digits of the search text, never across punctuation', async () => {
    const index = await buildWordIndex(inSlices(ROWS, 2))
    expect(found(index, 'ريم')).toEqual([[9, 0]])
    // "cash-flow": two runs, so nothing of letters alone spans them.
    expect(found(index, 'cashflow')).toEqual([])
    expect(found(index, 'nothing')).toEqual([])
    // Two letters (shorter than a three-letter run) and digits.
    expect(found(index, 'رة').map(([id]) => id)).toEqual([2])
    expect(found(index, '203').map(([id]) => id)).toEqual([5])
  })

  it('scores each field (name 9, topics 3, bio 1) once for part of a word, twice for a whole word', async () => {
    const index = await buildWordIndex(inSlices(ROWS, 1))
    expect(found(index, 'سوق')).toEqual([
      [2, 3],
      [5, 3],
    ])
    expect(found(index, 'مسوق')).toEqual([[5, 6]])
    expect(found(index, 'سارة')).toEqual([[2, 18]])
    expect(found(index, 'رة')).toEqual([[2, 9]])
    expect(found(index, '203')).toEqual([[5, 1]])
    // A term found only through its correction scores the correction's best, without the bonus.
    expect(found(index, 'تميمى', ['تميمي'])).toEqual([[2, 18]])
    // Found as typed: the bonus (32) above any correction.
    expect(found(index, 'تميمي', ['تميمى'])).toEqual([[2, 50]])
    // The scratch is left clean: the same lookup gives the same answer.
    expect(found(index, 'سوق')).toEqual([
      [2, 3],
      [5, 3],
    ])
  })

  it('answers only for terms of letters and digits, corrections included', () => {
    expect(answersFor(term('تسويق', ['تسوبق']))).toBe(true)
    expect(answersFor(term('50%'))).toBe(false)
    expect(answersFor(term('a_b'))).toBe(false)
    expect(answersFor(term('cash-flow'))).toBe(false)
  })
})

/** A read of the catalogue that answers when told to, counting its calls. */
function heldReads(rows: readonly WordIndexRow[]) {
  const waiting: (() => void)[] = []
  const calls: number[] = []
  const read = (after: number, limit: number) => {
    calls.push(after)
    return new Promise<WordIndexRow[]>((resolve) =>
      waiting.push(() => resolve(rows.filter((r) => r.id > after).slice(0, limit))),
    )
  }
  /** Answers the reads as they are asked until `done` holds (the build pauses between its steps). */
  const release = async (done: () => boolean) => {
    while (!done()) {
      waiting.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return { read, calls, release }
}

/** Indexes of {@link ROWS} that fail the test on a failed build, resting `rest` times a build, with v1's built. */
async function builtOnce(rest = 0) {
  const { read, calls, release } = heldReads(ROWS)
  const indexes = wordIndexes(
    read,
    (error) => {
      throw error
    },
    { rest },
  )
  indexes.at('v1')
  await release(() => indexes.at('v1') !== null)
  return { indexes, calls, release }
}

describe('the word index of the current catalogue version', () => {
  it('is built once when first asked for, and searches read the database until then', async () => {
    const { read, calls, release } = heldReads(ROWS)
    const indexes = wordIndexes(
      read,
      (error) => {
        throw error
      },
      { rest: 0 },
    )
    expect(indexes.at('v1')).toBeNull()
    expect(indexes.at('v1')).toBeNull()
    await release(() => indexes.at('v1') !== null)
    const index = indexes.at('v1') as WordIndex
    expect(index).not.toBeNull()
    expect(all(indexedMatches(index, term('خالد')).ids)).toEqual([5])
    // One build: its reads went through the rows once (and a last one found none left).
    expect(calls).toEqual([0, 9])
    expect(indexes.at('v1')).toBe(index)
  })

  it('drops the index of an older version at once, and stops a build a newer version overtook', async () => {
    const { indexes, calls, release } = await builtOnce()
    // A new version: nothing until its own index is built, and the old one is not given again.
    expect(indexes.at('v2')).toBeNull()
    expect(indexes.at('v1')).toBeNull()
    expect(indexes.at('v2')).toBeNull()
    // Three builds started above (v2, v1 again, v2 again): each overtaken one stops after its first read.
    await release(() => indexes.at('v2') !== null)
    expect(calls).toEqual([0, 9, 0, 0, 0, 9])
  })

  it('forgets the index when told to (an erasure), and builds it again when next asked', async () => {
    const { indexes, calls, release } = await builtOnce()
    indexes.clear()
    expect(indexes.at('v1')).toBeNull()
    await release(() => indexes.at('v1') !== null)
    expect(calls).toEqual([0, 9, 0, 9])
  })

  it('rests after a build, a few times its length, before the next version is built', async () => {
    const { indexes, calls } = await builtOnce(1_000_000)
    // The catalogue changed: the search reads the database, and no build starts yet.
    expect(indexes.at('v2')).toBeNull()
    expect(calls).toEqual([0, 9])
  })

  it('asks the database for many rows at once, and lets the event loop turn every few dozen of them', async () => {
    // A catalogue of 1,100 contributors: under load each read waits in the reader threads' queue.
    const many: WordIndexRow[] = Array.from({ length: 1100 }, (_, i) => ({
      id: i + 1,
      search_text: `خبير${i + 1}`,
      name: ` خبير${i + 1} `,
      topics: null,
      bio: null,
    }))
    const { read, calls, release } = heldReads(many)
    const indexes = wordIndexes(
      read,
      (error) => {
        throw error
      },
      { rest: 0 },
    )
    indexes.at('v1')
    let turns = 0
    await release(() => {
      turns++
      return indexes.at('v1') !== null
    })
    // Four reads (512 rows, 512, 76, none left), not one per 32 rows.
    expect(calls).toEqual([0, 512, 1024, 1100])
    // Yet the build let the event loop turn between slices of at most 32 rows: 35 of them, at least.
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(1100 / 32))
    expect(all(indexedMatches(indexes.at('v1')!, term('خبير1099')).ids)).toEqual([1099])
  })

  it('tells of a failed build and does not try again at once', async () => {
    const errors: unknown[] = []
    let reads = 0
    const indexes = wordIndexes(
      () => {
        reads++
        return Promise.reject(new Error('database gone'))
      },
      (error) => errors.push(error),
    )
    expect(indexes.at('v1')).toBeNull()
    await expect.poll(() => errors.length).toBe(1)
    expect(indexes.at('v1')).toBeNull()
    expect(reads).toBe(1)
  })
})

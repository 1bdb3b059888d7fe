/**
 * A small seeded random source, so that the same seed number always makes the same
 * demo data (tests compare two runs row by row).
 */

/** A deterministic random source. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with the given probability. */
  chance(probability: number): boolean
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** `count` distinct items of a list (all of them when it is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[]
  /** A string of random decimal digits. */
  digits(length: number): string
}

/** Makes a random source from a seed number (mulberry32: fast, good enough for demo data). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)] as T
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items]
      const n = Math.min(count, copy.length)
      // Partial Fisher–Yates: only the first n places are shuffled.
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i))
        const tmp = copy[i] as T
        copy[i] = copy[j] as T
        copy[j] = tmp
      }
      return copy.slice(0, n)
    },
    digits(length) {
      let out = ''
      for (let i = 0; i < length; i++) out += String(Math.floor(next() * 10))
      return out
    },
  }
}

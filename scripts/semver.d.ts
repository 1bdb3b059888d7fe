/** The part of semver's API that scripts/setup-policy.test.ts uses (the package has no types of its own). */
declare module 'semver' {
  interface SemVer {
    version: string
    major: number
    minor: number
    patch: number
  }
  class Range {
    constructor(range: string)
    /** The range as a union (outer) of intersections (inner) of comparators such as `>=24.12.0`. */
    set: ReadonlyArray<ReadonlyArray<{ semver: SemVer }>>
  }
  const semver: {
    Range: typeof Range
    compare(a: string, b: string): -1 | 0 | 1
    gte(a: string, b: string): boolean
    major(version: string): number
    minVersion(range: string): SemVer | null
    satisfies(version: string, range: string): boolean
    subset(sub: string, dom: string): boolean
  }
  export default semver
}

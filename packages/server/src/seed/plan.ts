/**
 * The seed's plan: every row it inserts, built in memory first with ids chosen up front, and the weighted
 * draw the planners share.
 */
import type { ContributorKind } from '@mashura/core'
import type { NewRow } from '../db/tables.ts'
import type { Random } from './random.ts'

/** Every row the seed inserts, with ids chosen up front so rows can refer to each other. */
export interface Plan {
  subjects: NewRow<'subjects'>[]
  centers: NewRow<'centers'>[]
  offices: NewRow<'offices'>[]
  people: NewRow<'people'>[]
  contributors: NewRow<'contributors'>[]
  ranking_fields: NewRow<'ranking_fields'>[]
  contributor_subjects: NewRow<'contributor_subjects'>[]
  companies: NewRow<'companies'>[]
  slots: NewRow<'slots'>[]
  sessions: NewRow<'sessions'>[]
  settings: NewRow<'settings'>[]
  faqs: NewRow<'faqs'>[]
  cancel_reasons: NewRow<'cancel_reasons'>[]
}

/** An expert as the planner tracks them. */
export interface PlannedExpert {
  contributorId: number
  personId: number
  kind: ContributorKind
  subjectIds: number[]
  centerIndex: number | null
  /** Availability values this expert's slots take. */
  modes: readonly (1 | 2 | 3)[]
  /** Free future slots, earliest first. */
  slots: NewRow<'slots'>[]
}

/** One of some options, drawn with the given weights. */
export function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0)
  let roll = random.next() * total
  for (const [value, w] of options) {
    roll -= w
    if (roll < 0) return value
  }
  return options[options.length - 1]![0]
}

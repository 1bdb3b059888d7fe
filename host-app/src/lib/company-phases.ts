import type { CompanyPhase } from '@mashura/core'

/** The company phases in the order of their growth. */
export const COMPANY_PHASES = [
  'idea_owner',
  'launched_project',
  'facing_challenge',
  'growing',
] as const satisfies readonly CompanyPhase[]

/** The catalog key of each company phase's label. */
export const PHASE_KEYS = {
  idea_owner: 'recommendations.phase.ideaOwner',
  launched_project: 'recommendations.phase.launchedProject',
  facing_challenge: 'recommendations.phase.facingChallenge',
  growing: 'recommendations.phase.growing',
} as const satisfies Record<CompanyPhase, string>

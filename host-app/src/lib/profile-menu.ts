/**
 * The profile menu's rules (spec sections 2, 5): which entries a signed-in person sees. Only the site has a
 * profile menu, so this lives here rather than in core, whose bundles every widget carries.
 */
import { roleFromContributorId, type UserRole } from '@mashura/core'

/** What the profile menu looks at. */
export interface ProfileMenuContext {
  /** The stored contributor id (raw storage value). */
  contributorId: string | null | undefined
  /** The stored role. */
  role: UserRole
  /** Whether the admin enabled instant sessions for this expert (`join_now_enabled`). */
  instantEnabledByAdmin: boolean
}

/** The profile menu's visible entries. */
export interface ProfileMenu {
  /** The business-owner/expert switch: shown only when a contributor id exists. */
  switchProfile: boolean
  /** The role the switch would change to. */
  switchTo: UserRole
  /** The instant-sessions toggle: only for an expert the admin enabled it for. */
  instantToggle: boolean
  /** Log out, always. */
  logout: true
}

/** Decides the profile menu's entries (spec 2, 5). */
export function profileMenu(ctx: ProfileMenuContext): ProfileMenu {
  const hasContributorId = roleFromContributorId(ctx.contributorId) === 'contributor'
  return {
    switchProfile: hasContributorId,
    switchTo: ctx.role === 'contributor' ? 'sme' : 'contributor',
    instantToggle: hasContributorId && ctx.role === 'contributor' && ctx.instantEnabledByAdmin,
    logout: true,
  }
}

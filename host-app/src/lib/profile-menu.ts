/**
 * The profile menu's rules (spec sections 2, 5): which entries a signed-in person sees. Only the site has a
 * profile menu, so this lives here rather than in core, whose bundles every widget carries.
 */
import {
  EXTRA_STORAGE_KEYS,
  getStorage,
  type KeyValueStorage,
  roleFromContributorId,
  type UserRole,
} from '@mashura/core'

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

/** The back office's two roles (issue 33): `admin` does everything there; `analyst` reads reports and the audit. */
export type BackOfficeRole = 'admin' | 'analyst'

/** The back-office role a login's `roles` list grants: admin over analyst; null for everyone else. */
export function backOfficeRoleOf(roles: readonly unknown[] | null | undefined): BackOfficeRole | null {
  if (!Array.isArray(roles)) return null
  if (roles.includes('admin')) return 'admin'
  if (roles.includes('analyst')) return 'analyst'
  return null
}

/**
 * The signed-in person's back-office role, from the login result stored at sign-in (`loginData`): the profile
 * menu shows its "Back office" entry for it, and the back office its sections. A role granted since shows at
 * the next sign-in; the server checks the role on every call anyway.
 */
export function storedBackOfficeRole(storage: KeyValueStorage = getStorage()): BackOfficeRole | null {
  try {
    const login = JSON.parse(storage.getItem(EXTRA_STORAGE_KEYS.loginData) ?? 'null') as {
      roles?: unknown
    } | null
    return backOfficeRoleOf(Array.isArray(login?.roles) ? login.roles : null)
  } catch {
    return null
  }
}

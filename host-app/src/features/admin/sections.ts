import type { AdminSection } from '../../config/paths.ts'
import type { BackOfficeRole } from '../../lib/profile-menu.ts'

/** The back office's sections, in the order its tabs show them. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  'experts',
  'content',
  'deletions',
  'webhooks',
  'reports',
  'audit',
]

/** The sections an analyst may open: the reports and the audit trail (they read, never change). */
const ANALYST_SECTIONS: readonly AdminSection[] = ['reports', 'audit']

/** The sections a back-office role sees, in tab order; none without a role. */
export function sectionsFor(role: BackOfficeRole | null): AdminSection[] {
  if (role === 'admin') return [...ADMIN_SECTIONS]
  if (role === 'analyst') return ADMIN_SECTIONS.filter((section) => ANALYST_SECTIONS.includes(section))
  return []
}

/** What the back office shows for an address: a section, a redirect to the role's first one, or no access. */
export type SectionChoice = { show: AdminSection } | { redirect: AdminSection } | { noAccess: true }

/**
 * Decides what `/admin/{asked}` shows a role: the asked section when the role may open it; the role's first
 * section for `/admin` itself or an unknown or forbidden section; "no access" without a role.
 */
export function chooseSection(role: BackOfficeRole | null, asked: string | undefined): SectionChoice {
  const allowed = sectionsFor(role)
  const [first] = allowed
  if (!first) return { noAccess: true }
  const found = allowed.find((section) => section === asked)
  return found ? { show: found } : { redirect: first }
}

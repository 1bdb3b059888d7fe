/**
 * The back office's two roles (issue 33): `admin` does everything there; `analyst` reads the reports and the
 * audit trail. A role comes from the command line (`npm run admin -- grant`, kept until `revoke`) or from the
 * sign-in provider (`OIDC_ROLES_CLAIM`, as its last ID token said). Admin includes analyst.
 */

/** A back-office role. */
export type BackOfficeRole = 'admin' | 'analyst'

/** The roles the provider's claim names, of the two we know: a list or a space- or comma-separated string. */
export function rolesOfClaim(value: unknown): BackOfficeRole[] {
  const names = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : []
  const known = new Set<BackOfficeRole>()
  for (const name of names) {
    const role = name.trim().toLowerCase()
    if (role === 'admin' || role === 'analyst') known.add(role)
  }
  return [...known].sort()
}

/** A person's back-office role: admin, analyst or none, from what the command granted and the provider said. */
export function backOfficeRole(person: {
  is_admin: number
  is_analyst: number
  provider_roles: string
}): BackOfficeRole | null {
  const provided = rolesOfClaim(person.provider_roles)
  if (person.is_admin === 1 || provided.includes('admin')) return 'admin'
  if (person.is_analyst === 1 || provided.includes('analyst')) return 'analyst'
  return null
}

import { describe, expect, it } from 'vitest'
import { backOfficeRole, rolesOfClaim } from './back-office-roles.ts'

describe('back-office roles', () => {
  it('reads the two known roles from a claim as a list or a string, and nothing else', () => {
    expect(rolesOfClaim(['Admin', 'editor', 'analyst'])).toEqual(['admin', 'analyst'])
    expect(rolesOfClaim('analyst staff')).toEqual(['analyst'])
    expect(rolesOfClaim('admin,analyst')).toEqual(['admin', 'analyst'])
    expect(rolesOfClaim({ admin: true })).toEqual([])
    expect(rolesOfClaim(undefined)).toEqual([])
  })

  it('gives admin before analyst, from the command or the provider', () => {
    const none = { is_admin: 0, is_analyst: 0, provider_roles: '' }
    expect(backOfficeRole(none)).toBeNull()
    expect(backOfficeRole({ ...none, is_analyst: 1 })).toBe('analyst')
    expect(backOfficeRole({ ...none, is_analyst: 1, provider_roles: 'admin' })).toBe('admin')
    expect(backOfficeRole({ ...none, is_admin: 1 })).toBe('admin')
    expect(backOfficeRole({ ...none, provider_roles: 'analyst' })).toBe('analyst')
  })
})

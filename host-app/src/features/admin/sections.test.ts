import { EXTRA_STORAGE_KEYS, type KeyValueStorage } from '@mashura/core'
import { describe, expect, it } from 'vitest'
import { backOfficeRoleOf, storedBackOfficeRole } from '../../lib/profile-menu.ts'
import { chooseSection, sectionsFor } from './sections.ts'

/** A storage holding only a login result with `roles` (or a damaged one). */
function storageWith(loginData: string | null): KeyValueStorage {
  const items = new Map<string, string>()
  if (loginData !== null) items.set(EXTRA_STORAGE_KEYS.loginData, loginData)
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  } as KeyValueStorage
}

describe('back-office roles (issue 33)', () => {
  it('reads the role from the login roles: admin over analyst, none for everyone else', () => {
    expect(backOfficeRoleOf(['sme', 'admin'])).toBe('admin')
    expect(backOfficeRoleOf(['sme', 'analyst', 'admin'])).toBe('admin')
    expect(backOfficeRoleOf(['sme', 'analyst'])).toBe('analyst')
    expect(backOfficeRoleOf(['sme', 'contributor'])).toBeNull()
    expect(backOfficeRoleOf(undefined)).toBeNull()
  })

  it('reads the stored login result, and a damaged or missing one as no role', () => {
    expect(storedBackOfficeRole(storageWith(JSON.stringify({ roles: ['sme', 'admin'] })))).toBe('admin')
    expect(storedBackOfficeRole(storageWith(JSON.stringify({ roles: ['sme', 'analyst'] })))).toBe('analyst')
    expect(storedBackOfficeRole(storageWith(JSON.stringify({ roles: ['sme'] })))).toBeNull()
    expect(storedBackOfficeRole(storageWith(JSON.stringify({ roles: 'admin' })))).toBeNull()
    expect(storedBackOfficeRole(storageWith('{"roles": ['))).toBeNull()
    expect(storedBackOfficeRole(storageWith(null))).toBeNull()
  })

  it('gives an admin every section and an analyst only the reports and the audit trail', () => {
    expect(sectionsFor('admin')).toEqual(['experts', 'content', 'deletions', 'webhooks', 'reports', 'audit'])
    expect(sectionsFor('analyst')).toEqual(['reports', 'audit'])
    expect(sectionsFor(null)).toEqual([])
  })

  it('shows an allowed section, sends anything else to the first allowed one, and refuses without a role', () => {
    expect(chooseSection('admin', 'deletions')).toEqual({ show: 'deletions' })
    expect(chooseSection('admin', undefined)).toEqual({ redirect: 'experts' })
    expect(chooseSection('admin', 'nonsense')).toEqual({ redirect: 'experts' })
    expect(chooseSection('analyst', 'audit')).toEqual({ show: 'audit' })
    expect(chooseSection('analyst', 'experts')).toEqual({ redirect: 'reports' })
    expect(chooseSection('analyst', 'deletions')).toEqual({ redirect: 'reports' })
    expect(chooseSection('analyst', 'webhooks')).toEqual({ redirect: 'reports' })
    expect(chooseSection(null, 'reports')).toEqual({ noAccess: true })
    expect(chooseSection(null, undefined)).toEqual({ noAccess: true })
  })
})

import { describe, expect, it } from 'vitest'
import { shouldAskNotificationPermission } from './live.ts'
import { profileMenu } from './profile-menu.ts'

describe('profile menu (spec 2, 5)', () => {
  it('shows the switch only with a contributor id, pointing at the other role', () => {
    expect(profileMenu({ contributorId: null, role: 'sme', instantEnabledByAdmin: true })).toEqual({
      switchProfile: false,
      switchTo: 'contributor',
      instantToggle: false,
      logout: true,
    })
    expect(
      profileMenu({ contributorId: 'null', role: 'sme', instantEnabledByAdmin: false }).switchProfile,
    ).toBe(false)
    expect(profileMenu({ contributorId: '5', role: 'sme', instantEnabledByAdmin: false })).toMatchObject({
      switchProfile: true,
      switchTo: 'contributor',
    })
    expect(
      profileMenu({ contributorId: '5', role: 'contributor', instantEnabledByAdmin: false }).switchTo,
    ).toBe('sme')
  })

  it('shows the instant toggle only when the admin enabled it for the acting expert', () => {
    expect(
      profileMenu({ contributorId: '5', role: 'contributor', instantEnabledByAdmin: true }).instantToggle,
    ).toBe(true)
    expect(
      profileMenu({ contributorId: '5', role: 'contributor', instantEnabledByAdmin: false }).instantToggle,
    ).toBe(false)
    expect(profileMenu({ contributorId: '5', role: 'sme', instantEnabledByAdmin: true }).instantToggle).toBe(
      false,
    )
  })

  it('asks for notification permission only of signed-in people with a contributor id', () => {
    expect(shouldAskNotificationPermission(true, '9')).toBe(true)
    expect(shouldAskNotificationPermission(true, 'null')).toBe(false)
    expect(shouldAskNotificationPermission(false, '9')).toBe(false)
  })
})

import { $auth, switchProfile } from '@mashura/core'
import { describe, expect, it } from 'vitest'
import {
  actAs,
  command,
  type SignedIn,
  signInNewBusinessOwner,
  signOutHere,
} from '../test-support/platform.ts'
import { renderHook } from '../test-support/render-hook.tsx'
import { type MyConsents, termsStep, useTermsConsent, withAccepted } from './terms-consent.ts'

/** A role's consent as the server answers it. */
const role = (published: number, accepted: number | null) => ({
  published_version: published,
  accepted_version: accepted,
  accepted_at: accepted === null ? null : '2026-11-28T10:00:00.000Z',
  needs_acceptance: accepted === null || accepted < published,
})

describe('the terms popup’s rule (issue 34: consent kept on the server)', () => {
  it('asks only a signed-in person whose acting role has not accepted the published version', () => {
    const known = (data: MyConsents) => ({ data, failed: false })
    expect(termsStep(false, known({ sme: role(0, null), contributor: null }), 'sme')).toBe('signed-out')
    expect(termsStep(true, { data: undefined, failed: false }, 'sme')).toBe('checking')
    expect(termsStep(true, { data: undefined, failed: true }, 'sme')).toBe('unknown')
    expect(termsStep(true, known({ sme: role(0, null), contributor: null }), 'sme')).toBe('asked')
    expect(termsStep(true, known({ sme: role(2, 2), contributor: null }), 'sme')).toBe('accepted')
    // A new version published since.
    expect(termsStep(true, known({ sme: role(3, 2), contributor: null }), 'sme')).toBe('asked')
    // Each role on its own: an expert who accepted the owners' terms is still asked for the experts'.
    const expert = known({ sme: role(1, 1), contributor: role(0, null) })
    expect(termsStep(true, expert, 'contributor')).toBe('asked')
    expect(termsStep(true, expert, 'sme')).toBe('accepted')
  })

  it('stops asking for a role once its published version is accepted, and only for that role', () => {
    const before: MyConsents = { sme: role(1, null), contributor: role(2, 1) }
    const after = withAccepted(before, {
      role: 'contributor',
      version: 2,
      accepted_at: '2026-11-28T11:00:00.000Z',
    })
    expect(after.contributor).toEqual({
      published_version: 2,
      accepted_version: 2,
      accepted_at: '2026-11-28T11:00:00.000Z',
      needs_acceptance: false,
    })
    expect(after.sme).toEqual(before.sme)
  })
})

describe('useTermsConsent, against the reference server', () => {
  it('asks a new business owner once: after accepting, a new page and a new session of hers ask nothing', async () => {
    const owner = await signInNewBusinessOwner('صاحبة منشأة توافق مرة')
    const first = await renderHook(() => useTermsConsent(), undefined)
    await expect.poll(() => first.current.step).toBe('asked')
    expect(first.current.role).toBe('sme')
    await first.current.accept()
    await expect.poll(() => first.current.step).toBe('accepted')
    expect(first.current.error).toBeNull()
    // Signed out, nothing asks.
    await signOutHere()
    await expect.poll(() => first.current.step).toBe('signed-out')
    await first.unmount()
    // Back in (the same person, a new page): the server remembers.
    actAs(owner)
    const again = await renderHook(() => useTermsConsent(), undefined)
    await expect.poll(() => again.current.step).toBe('accepted')
    await again.unmount()
    await signOutHere()
  })

  it('keeps an expert’s consent apart from a business owner’s', async () => {
    // An expert of the test's own, signed in (a fresh token) and acting as an expert.
    const made = await command<{ subject: string }>('mashura-new-expert', { name: 'خبيرة توافق' })
    actAs(await command<SignedIn>('mashura-sign-in', { subject: made.subject }))
    const hook = await renderHook(() => useTermsConsent(), undefined)
    await expect.poll(() => hook.current.step).toBe('asked')
    expect(hook.current.role).toBe('contributor')
    await hook.current.accept()
    await expect.poll(() => hook.current.step).toBe('accepted')
    // The same person acting as a business owner has the owners' terms still to accept.
    switchProfile()
    expect($auth.get().userRole).toBe('sme')
    await expect.poll(() => hook.current.step).toBe('asked')
    expect(hook.current.role).toBe('sme')
    await hook.unmount()
    await signOutHere()
  })
})

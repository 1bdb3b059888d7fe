import { clearSession } from '@mashura/core/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { actAs, command, type SignedIn, signInAs } from '../../test-support/platform.ts'
import { renderHook } from '../../test-support/render-hook.tsx'
import { useOwnProfilePath } from './use-own-profile-path.ts'

afterEach(() => clearSession())

describe('useOwnProfilePath', () => {
  it('links an expert to her public profile once it is read, and remembers it for the visit', async () => {
    const consultant = await signInAs('dev-consultant')
    const hook = await renderHook((active: boolean) => useOwnProfilePath(active), true)
    // The own page stands in until the profile is read.
    expect(hook.history[0]).toBe('/my-profile')
    await vi.waitFor(
      () =>
        expect(hook.current).toMatch(new RegExp(`^/profile/consultant/\\d+/${consultant.contributorId}$`)),
      {
        timeout: 10_000,
      },
    )
    const path = hook.current
    await hook.unmount()

    // Later headers (inactive ones too) have it from the first render, without reading again.
    const later = await renderHook((active: boolean) => useOwnProfilePath(active), false)
    expect(later.history[0]).toBe(path)
    await later.unmount()
  })

  it('reads nothing while inactive, and gives a business owner her own page', async () => {
    await signInAs('dev-advisor')
    const inactive = await renderHook((active: boolean) => useOwnProfilePath(active), false)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inactive.history.every((path) => path === '/my-profile')).toBe(true)
    await inactive.rerender(true)
    await vi.waitFor(() => expect(inactive.current).toMatch(/^\/profile\/advisor\//), { timeout: 10_000 })
    await inactive.unmount()

    actAs(await command<SignedIn>('mashura-new-sme'))
    const owner = await renderHook((active: boolean) => useOwnProfilePath(active), true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(owner.history.every((path) => path === '/my-profile')).toBe(true)
    await owner.unmount()
  })
})

import { setAvailableForInstant } from '@mashura/core'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { $errorNotice, hideErrorNotice } from '../../lib/notices.ts'
import {
  actAs,
  clientFor,
  command,
  type SignedIn,
  signInNewBusinessOwner,
} from '../../test-support/platform.ts'
import { renderHook } from '../../test-support/render-hook.tsx'
import { useJoinInstant } from './use-join-instant.ts'

afterEach(() => hideErrorNotice())

/** The join-now action for an expert, with the address the router is at. */
function renderJoin(contributorId: number) {
  return renderHook(
    (id: number) => ({ action: useJoinInstant(id), path: useLocation().pathname }),
    contributorId,
    (children) => <MemoryRouter initialEntries={['/contributors']}>{children}</MemoryRouter>,
  )
}

describe('useJoinInstant', () => {
  it('starts an instant session with an expert available now and opens it; a busy expert is refused', async () => {
    // The business-support adviser may take instant sessions (the admin's switch) and turns her own on.
    const bsa = await command<SignedIn>('mashura-sign-in', { subject: 'dev-bsa' })
    await setAvailableForInstant(clientFor(bsa.token), { available_for_instant: true })

    await signInNewBusinessOwner('صاحب منشأة مستعجل')
    const first = await renderJoin(bsa.contributorId!)
    expect(first.current).toMatchObject({ action: { busy: false }, path: '/contributors' })
    await first.current.action.join()
    await expect.poll(() => first.current.path).toMatch(/^\/session\/\d+$/)
    expect($errorNotice.get()).toBeNull()
    await first.unmount()

    // She is in that session now: the next business owner hears why not, and may try again.
    actAs(await command<SignedIn>('mashura-new-sme'))
    const second = await renderJoin(bsa.contributorId!)
    await second.current.action.join()
    expect($errorNotice.get()).toMatchObject({ kind: 'error', text: expect.any(String) })
    await expect.poll(() => second.current.action.busy).toBe(false)
    expect(second.current.path).toBe('/contributors')
    await second.unmount()
  })
})

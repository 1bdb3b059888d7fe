import { validateContributorMeeting } from '@mashura/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  actAs,
  clientFor,
  command,
  connectRealtime,
  expertAndNewOwner,
  type SignedIn,
  signOutHere,
} from '../../../test-support/platform.ts'
import { renderHook } from '../../../test-support/render-hook.tsx'
import { useSessionRevision } from './use-session-revision.ts'

let owner: SignedIn
let advisor: SignedIn

beforeAll(async () => {
  ;({ expert: advisor, owner } = await expertAndNewOwner('dev-advisor', 'صاحبة منشأة تنتظر الجلسة'))
})

afterEach(signOutHere)

/** A session of the advisor with the business owner, begun a few minutes ago and not started yet. */
function dueSession(): Promise<{ id: number }> {
  return command('host-session', { expert: 'dev-advisor', smeId: owner.personId, startsIn: -5, minutes: 60 })
}

describe('useSessionRevision', () => {
  it('counts the changes the realtime store reports for this session only, once signed in to it', async () => {
    const [session, other] = [await dueSession(), await dueSession()]
    actAs(owner)
    const hook = await renderHook((id: number | null) => useSessionRevision(id), session.id)
    expect(hook.current).toBe(0)
    await connectRealtime()

    // The expert starts another session of hers: nothing for this page.
    await validateContributorMeeting(clientFor(advisor.token), { id: other.id })
    // He starts this one: the room reloads.
    await validateContributorMeeting(clientFor(advisor.token), { id: session.id })
    await expect.poll(() => hook.current, { timeout: 10_000 }).toBe(1)
    expect(hook.history.at(-1)).toBe(1)

    // No session, no listening: the count stays.
    await hook.rerender(null)
    expect(hook.current).toBe(1)
    await hook.unmount()
  })
})

import { $language, $notificationCount, getNotifications } from '@mashura/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../lib/api.ts'
import { setNavigate } from '../../lib/navigation.ts'
import { $errorNotice, hideErrorNotice } from '../../lib/notices.ts'
import { actAs, command, signInAs } from '../../test-support/platform.ts'
import { renderHook } from '../../test-support/render-hook.tsx'
import { useNotifications } from './use-notifications.ts'

/** The partner, whose notifications only this file touches, and this file's own, newest first. */
let mine: number[]
/** The server's page size and how many notifications the partner has in all. */
let perPage: number
let total: number

beforeAll(async () => {
  // A 401 would send the page home: recorded instead, so the test page stays.
  setNavigate(() => {})
  await signInAs('dev-partner')
  mine = await command<number[]>('host-notifications', { subject: 'dev-partner', count: 3, tag: 'أ' })
  const first = await getNotifications(api, { page: 1 })
  perPage = first.meta.per_page
  // Enough for a second page whatever the seed gave the partner.
  const more = Math.max(0, perPage + 2 - first.meta.total)
  if (more > 0) await command('host-notifications', { subject: 'dev-partner', count: more, tag: 'ب' })
  total = (await getNotifications(api, { page: 1 })).meta.total
})

afterEach(() => {
  $language.set('ar')
  vi.restoreAllMocks()
  hideErrorNotice()
})

describe('useNotifications', () => {
  it('reads page after page, each notification once, newest first', async () => {
    const hook = await renderHook((lang: string) => useNotifications(lang), 'ar')
    await vi.waitFor(() => expect(hook.current.loading).toBe(false), { timeout: 10_000 })
    expect(hook.current.items).toHaveLength(perPage)
    expect(hook.current.meta).toMatchObject({ page: 1, total })
    const times = hook.current.items.map((item) => Date.parse(item.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))

    hook.current.loadMore()
    await vi.waitFor(() => expect(hook.current.meta?.page).toBe(2), { timeout: 10_000 })
    expect(hook.current.items).toHaveLength(Math.min(total, 2 * perPage))
    expect(new Set(hook.current.items.map((item) => item.id)).size).toBe(hook.current.items.length)
    await hook.unmount()
  })

  it('puts what arrives on top and keeps the pages shown when the live count rises; starts over in a new language', async () => {
    const hook = await renderHook((lang: string) => useNotifications(lang), 'ar')
    await vi.waitFor(() => expect(hook.current.loading).toBe(false), { timeout: 10_000 })
    hook.current.loadMore()
    await vi.waitFor(() => expect(hook.current.meta?.page).toBe(2), { timeout: 10_000 })
    const shown = hook.current.items.length

    // A notification arrived (the realtime count went up): it shows on top, and "show more"'s page stays.
    const [arrived] = await command<number[]>('host-notifications', {
      subject: 'dev-partner',
      count: 1,
      tag: 'ج',
      now: true,
    })
    $notificationCount.set($notificationCount.get() + 1)
    await vi.waitFor(() => expect(hook.current.items[0]?.id).toBe(arrived), { timeout: 10_000 })
    expect(hook.current.items).toHaveLength(shown + 1)
    expect(hook.current.meta?.page).toBe(2)
    expect(new Set(hook.current.items.map((item) => item.id)).size).toBe(hook.current.items.length)
    // A count going down (one was read elsewhere) changes nothing.
    $notificationCount.set($notificationCount.get() - 1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hook.current.items).toHaveLength(shown + 1)

    const newest = hook.current.items.find((item) => item.id === mine[0])
    expect(newest?.title).toBe('إشعار 3')
    // The page passes the site's language, which the API client also asks in.
    $language.set('en')
    await hook.rerender('en')
    await vi.waitFor(
      () => expect(hook.current.items.find((item) => item.id === mine[0])?.title).toBe('Notice 3'),
      {
        timeout: 10_000,
      },
    )
    await hook.unmount()
  })

  it("marks one read on the server; a refusal shows the server's message and answers false", async () => {
    const hook = await renderHook((lang: string) => useNotifications(lang), 'ar')
    await vi.waitFor(() => expect(hook.current.loading).toBe(false), { timeout: 10_000 })
    // An unread one of the first page (the earlier tests' arrivals push the file's own further down).
    const id = hook.current.items.find((item) => item.read_at === null)!.id
    expect(hook.current.items.find((item) => item.id === id)?.read_at).toBeNull()

    expect(await hook.current.markRead(id)).toBe(true)
    await vi.waitFor(() => expect(hook.current.items.find((item) => item.id === id)?.read_at).toBeTruthy())
    const stored = (await getNotifications(api, { page: 1, per_page: 50 })).data.find(
      (item) => item.id === id,
    )
    expect(stored?.read_at).toBeTruthy()

    expect($errorNotice.get()).toBeNull()
    expect(await hook.current.markRead(987_654_321)).toBe(false)
    expect($errorNotice.get()).toMatchObject({ kind: 'error', text: expect.any(String) })
    await hook.unmount()
  })

  it('reports a failed page, and "show more" then reads that page again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // A session the server no longer knows: it refuses the page.
    actAs({ token: 'a-token-the-server-never-issued', personId: 0, contributorId: 1, name: '' })
    const hook = await renderHook((lang: string) => useNotifications(lang), 'ar')
    await vi.waitFor(() => expect(hook.current).toMatchObject({ failed: true, loading: false }), {
      timeout: 10_000,
    })
    expect(logged).toHaveBeenCalledTimes(1)
    await signInAs('dev-partner')
    hook.current.loadMore()
    await vi.waitFor(() => expect(hook.current).toMatchObject({ failed: false, loading: false }), {
      timeout: 10_000,
    })
    expect(hook.current.meta?.page).toBe(1)
    expect(hook.current.items).toHaveLength(perPage)
    await hook.unmount()
    await signInAs('dev-partner')
  })
})

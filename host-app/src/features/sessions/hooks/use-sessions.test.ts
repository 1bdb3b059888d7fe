import { $language } from '@mashura/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  actAs,
  command,
  expertAndNewOwner,
  pastSession,
  type SignedIn,
} from '../../../test-support/platform.ts'
import { renderHook } from '../../../test-support/render-hook.tsx'
import {
  type DayRange,
  EXPERT_TABS,
  isDay,
  rangeBounds,
  type SessionsTab,
  SME_TABS,
  tabFromType,
  tabsFor,
  useSessions,
} from './use-sessions.ts'

/** The Riyadh day (`YYYY-MM-DD`) of an ISO time. */
const riyadhDay = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10)

describe('the sessions tabs', () => {
  it('gives each role its tabs and reads the tab an address names', () => {
    expect(tabsFor('sme')).toEqual(SME_TABS)
    expect(tabsFor('contributor')).toEqual(EXPERT_TABS)
    expect(tabFromType('sme', 'history')).toBe('history')
    expect(tabFromType('sme', 'week')).toBeNull()
    expect(tabFromType('contributor', 'range')).toBe('range')
    expect(tabFromType('contributor', 'history')).toBeNull()
    expect(tabFromType('contributor', undefined)).toBeNull()
  })

  it('takes calendar days only, and covers a range of Riyadh days from its first midnight to the one after', () => {
    expect(['2026-03-01', '2024-02-29'].every(isDay)).toBe(true)
    expect(['2026-3-1', '2026-03-01T00:00', 'yesterday', '', null, undefined].some(isDay)).toBe(false)
    expect(rangeBounds({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28T21:00:00.000Z',
      to: '2026-03-01T21:00:00.000Z',
    })
    expect(rangeBounds({ from: '2026-12-30', to: '2027-01-02' })).toEqual({
      from: '2026-12-29T21:00:00.000Z',
      to: '2027-01-02T21:00:00.000Z',
    })
  })
})

describe('useSessions', () => {
  let owner: SignedIn
  let consultant: SignedIn
  let upcoming: { id: number; start_at: string }
  let past: { id: number }

  beforeAll(async () => {
    ;({ expert: consultant, owner } = await expertAndNewOwner('dev-consultant', 'صاحب منشأة للجلسات'))
    upcoming = await command('host-session', {
      expert: 'dev-consultant',
      smeId: owner.personId,
      startsIn: 3 * 24 * 60,
    })
    past = await pastSession('dev-consultant', owner, 5)
  })

  afterEach(() => $language.set('ar'))

  const render = (props: { role: 'sme' | 'contributor'; tab: SessionsTab; range?: DayRange | null }) =>
    renderHook((p: typeof props) => useSessions(p.role, p.tab, 1, p.range ?? null), props)

  it("loads a business owner's upcoming and past sessions by tab, and again when the language changes", async () => {
    actAs(owner)
    const hook = await render({ role: 'sme', tab: 'upcoming' })
    await vi.waitFor(() => expect(hook.current.data?.data.map((s) => s.id)).toEqual([upcoming.id]), {
      timeout: 10_000,
    })
    await hook.rerender({ role: 'sme', tab: 'history' })
    await vi.waitFor(() => expect(hook.current.data?.data.map((s) => s.id)).toEqual([past.id]), {
      timeout: 10_000,
    })
    const loads = () =>
      hook.history.filter((state, i) => state.loading && !hook.history[i - 1]?.loading).length
    const before = loads()
    $language.set('en')
    await vi.waitFor(() => expect(loads()).toBe(before + 1))
    await vi.waitFor(() => expect(hook.current.loading).toBe(false), { timeout: 10_000 })
    expect(hook.current.data?.data.map((s) => s.id)).toEqual([past.id])
    await hook.unmount()
  })

  it("loads an expert's sessions of a range of days, and asks nothing until a range is chosen", async () => {
    actAs(consultant)
    const day = riyadhDay(upcoming.start_at)
    const hook = await render({ role: 'contributor', tab: 'range' })
    await vi.waitFor(() => expect(hook.current.loading).toBe(false))
    expect(hook.current.data).toEqual({ data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } })

    await hook.rerender({ role: 'contributor', tab: 'range', range: { from: day, to: day } })
    await vi.waitFor(() => expect(hook.current.data?.data.map((s) => s.id)).toContain(upcoming.id), {
      timeout: 10_000,
    })
    expect(hook.current.data?.data.every((s) => riyadhDay(s.start) === day)).toBe(true)

    const dayAfter = riyadhDay(new Date(Date.parse(upcoming.start_at) + 24 * 3_600_000).toISOString())
    await hook.rerender({ role: 'contributor', tab: 'range', range: { from: dayAfter, to: dayAfter } })
    await vi.waitFor(() => expect(hook.current.loading).toBe(false), { timeout: 10_000 })
    expect(hook.current.data?.data.map((s) => s.id)).not.toContain(upcoming.id)

    await hook.rerender({ role: 'contributor', tab: 'upcoming' })
    await vi.waitFor(() => expect(hook.current.data?.data.map((s) => s.id)).toContain(upcoming.id), {
      timeout: 10_000,
    })
    await hook.unmount()
  })
})

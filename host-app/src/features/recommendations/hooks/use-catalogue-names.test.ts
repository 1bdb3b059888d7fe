import { getAcademyCourses, getServices } from '@mashura/core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api.ts'
import { signInAs } from '../../../test-support/platform.ts'
import { renderHook } from '../../../test-support/render-hook.tsx'
import { useCourseTitles, useServiceNames } from './use-catalogue-names.ts'

beforeAll(() => signInAs('dev-consultant'))

describe('the names of a recommendation’s courses and services', () => {
  it('reads the academy’s pages until every course is named', async () => {
    const firstPage = await getAcademyCourses(api, { page: 1, per_page: 100 })
    const lastPage = await getAcademyCourses(api, { page: firstPage.meta.last_page, per_page: 100 })
    const [a, b] = [firstPage.data[0]!, lastPage.data.at(-1)!]
    const hook = await renderHook((ids: number[]) => useCourseTitles(ids, 'ar'), [b.id, a.id])
    await vi.waitFor(() => expect(hook.current.size).toBe(2), { timeout: 10_000 })
    expect(hook.current.get(a.id)).toEqual({ title: a.title, url: a.url })
    expect(hook.current.get(b.id)).toEqual({ title: b.title, url: b.url })

    // A course the academy no longer has is left unnamed, once its pages are read.
    await hook.rerender([a.id, 987_654])
    await vi.waitFor(() => expect([...hook.current.keys()]).toEqual([a.id]), { timeout: 10_000 })
    await hook.rerender([])
    await vi.waitFor(() => expect(hook.current.size).toBe(0))
    await hook.unmount()
  })

  it('names the chosen platform services only', async () => {
    const { data: services } = await getServices(api)
    const chosen = services.slice(0, 2)
    const hook = await renderHook(
      (ids: number[]) => useServiceNames(ids, 'ar'),
      chosen.map((s) => s.id),
    )
    await vi.waitFor(() => expect(hook.current.size).toBe(chosen.length), { timeout: 10_000 })
    for (const s of chosen) expect(hook.current.get(s.id)).toEqual({ name: s.name, url: s.url })
    await hook.unmount()
  })
})

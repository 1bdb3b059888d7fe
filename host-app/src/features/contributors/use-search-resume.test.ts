import { getSessionStorage } from '@mashura/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderHook } from '../../test-support/render-hook.tsx'
import { useSearchResume } from './use-search-resume.ts'

const state = { filters: { kind: 'consultant', subject: 3 }, page: 2 } as never

afterEach(() => sessionStorage.clear())

describe('useSearchResume', () => {
  it('keeps a list page’s search per address, so coming back resumes it', async () => {
    const hook = await renderHook((key: string) => useSearchResume(key), '/contributors')
    expect(hook.current.resume).toBeUndefined()
    hook.current.onStateChange(state)
    expect(JSON.parse(getSessionStorage().getItem('mashura.expertSearch./contributors') ?? 'null')).toEqual(
      state,
    )
    await hook.unmount()
    const back = await renderHook((key: string) => useSearchResume(key), '/contributors')
    expect(back.current.resume).toEqual(state)
    await back.rerender('/search')
    expect(back.current.resume).toBeUndefined()
    await back.unmount()
  })

  it('ignores a damaged entry', async () => {
    getSessionStorage().setItem('mashura.expertSearch./contributors', '{"page": ')
    const hook = await renderHook((key: string) => useSearchResume(key), '/contributors')
    expect(hook.current.resume).toBeUndefined()
    await hook.unmount()
  })
})

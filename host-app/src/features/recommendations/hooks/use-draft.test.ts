import { afterEach, describe, expect, it } from 'vitest'
import { renderHook } from '../../../test-support/render-hook.tsx'
import { EMPTY_DRAFT } from '../draft.ts'
import { useDraft } from './use-draft.ts'

afterEach(() => sessionStorage.clear())

describe('useDraft', () => {
  it('keeps each session’s draft through a reload until it is discarded', async () => {
    const hook = await renderHook((id: number) => useDraft(id), 41)
    expect(hook.current.draft).toEqual(EMPTY_DRAFT)
    await hook.rerender(41)
    hook.current.update({ challenges: 'ضعف التسويق' })
    hook.current.update({ need_another_session: true })
    await hook.rerender(41)
    expect(hook.current.draft).toEqual({
      ...EMPTY_DRAFT,
      challenges: 'ضعف التسويق',
      need_another_session: true,
    })
    await hook.unmount()

    // The page loads again: the form comes back as it was; another session's starts empty.
    const again = await renderHook((id: number) => useDraft(id), 41)
    expect(again.current.draft).toMatchObject({ challenges: 'ضعف التسويق', need_another_session: true })
    const other = await renderHook((id: number) => useDraft(id), 42)
    expect(other.current.draft).toEqual(EMPTY_DRAFT)

    again.current.discard()
    await again.unmount()
    await other.unmount()
    expect(sessionStorage.getItem('mashura.recsDraft.41')).toBeNull()
  })

  it('fills what an older draft lacks, and starts empty from one it cannot read', async () => {
    sessionStorage.setItem('mashura.recsDraft.7', JSON.stringify({ comment: 'متابعة بعد شهر' }))
    sessionStorage.setItem('mashura.recsDraft.8', '{"comment": ')
    const older = await renderHook((id: number) => useDraft(id), 7)
    expect(older.current.draft).toEqual({ ...EMPTY_DRAFT, comment: 'متابعة بعد شهر' })
    const damaged = await renderHook((id: number) => useDraft(id), 8)
    expect(damaged.current.draft).toEqual(EMPTY_DRAFT)
    await older.unmount()
    await damaged.unmount()
  })
})

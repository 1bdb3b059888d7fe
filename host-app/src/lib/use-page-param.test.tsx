import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderHook } from '../test-support/render-hook.tsx'
import { usePageParam } from './use-page-param.ts'

/** The page number `usePageParam` reads at an address. */
async function pageAt(address: string): Promise<number> {
  const hook = await renderHook(
    () => usePageParam(),
    undefined,
    (children) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>,
  )
  await hook.unmount()
  return hook.current
}

describe('usePageParam', () => {
  it('reads a positive whole page number from the address, else the first page', async () => {
    expect(await pageAt('/notifications?page=3')).toBe(3)
    for (const address of [
      '/notifications',
      '/n?page=0',
      '/n?page=-2',
      '/n?page=2.5',
      '/n?page=abc',
      '/n?page=',
    ])
      expect(await pageAt(address)).toBe(1)
  })
})

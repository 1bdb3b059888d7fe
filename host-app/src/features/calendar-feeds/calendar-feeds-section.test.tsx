import { EXTRA_STORAGE_KEYS, getStorage, setLanguage } from '@mashura/core'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNavigate } from '../../lib/navigation.ts'
import { $errorNotice, hideErrorNotice } from '../../lib/notices.ts'
import { signInNewBusinessOwner } from '../../test-support/platform.ts'
import { inAct } from '../../test-support/render-hook.tsx'
import { CalendarFeedsSection } from './calendar-feeds-section.tsx'

/** Draws the section on the test page; hands back its container and a way to remove it. */
async function drawSection() {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await inAct(() => root.render(<CalendarFeedsSection />))
  return {
    container,
    /** The first element matching `selector`, once it is there. */
    async find<T extends Element = HTMLElement>(selector: string): Promise<T> {
      await expect.poll(() => container.querySelector(selector), { timeout: 10_000 }).not.toBeNull()
      return container.querySelector<T>(selector)!
    },
    async remove() {
      await inAct(() => root.unmount())
      container.remove()
    },
  }
}

beforeEach(() => {
  setLanguage('en')
  // A refused token (401) sends the site home; here the page stays.
  setNavigate(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  hideErrorNotice()
  setLanguage('ar')
})

describe('the calendar subscription section (issue 36)', () => {
  it('selects the address for the person to copy, and says so, when the browser refuses the clipboard', async () => {
    await signInNewBusinessOwner('صاحبة منشأة تشترك في التقويم')
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    )
    const section = await drawSection()
    const make = await section.find<HTMLButtonElement>(
      'li[data-role="sme"] [data-action="make-calendar-feed"]',
    )
    expect(section.container.querySelectorAll('li[data-role]')).toHaveLength(1)
    await inAct(() => make.click())
    const address = await section.find<HTMLInputElement>('[data-field="calendar-feed-url"]')
    expect(address.value).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/)
    // Focus moves to the address once made.
    await expect.poll(() => document.activeElement).toBe(address)
    address.blur()
    address.setSelectionRange(0, 0)

    await inAct(() =>
      section.container.querySelector<HTMLButtonElement>('[data-action="copy-calendar-feed"]')!.click(),
    )
    await expect
      .poll(() => section.container.querySelector('[data-field="calendar-feeds-status"]')?.textContent)
      .toBe('Could not copy automatically: the address is selected, so copy it yourself.')
    expect(document.activeElement).toBe(address)
    expect([address.selectionStart, address.selectionEnd]).toEqual([0, address.value.length])
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(address.value)
    await section.remove()
  })

  it('shows the server’s refusal in the error notice and keeps the card as it was', async () => {
    await signInNewBusinessOwner('صاحب منشأة تنتهي جلسته')
    const section = await drawSection()
    const make = await section.find<HTMLButtonElement>(
      'li[data-role="sme"] [data-action="make-calendar-feed"]',
    )
    // The sign-in is no longer valid by the time the person presses the button.
    getStorage().setItem(EXTRA_STORAGE_KEYS.smeToken, 'a-token-the-server-never-issued')
    await inAct(() => make.click())
    await expect.poll(() => $errorNotice.get()).toMatchObject({ kind: 'error' })
    expect(section.container.querySelector('li[data-role="sme"]')?.getAttribute('data-state')).toBe('none')
    expect(section.container.querySelector('[data-field="calendar-feed-url"]')).toBeNull()
    await section.remove()
  })
})

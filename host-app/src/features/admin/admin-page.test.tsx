import { EXTRA_STORAGE_KEYS, getStorage } from '@mashura/core'
import { createRoot } from 'react-dom/client'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setNavigate } from '../../lib/navigation.ts'
import { inAct } from '../../test-support/render-hook.tsx'
import { AdminPage } from './components/admin-page.tsx'

/** Where the router is, written into the page for the test to read. */
function Where() {
  return <output data-where>{useLocation().pathname}</output>
}

/** Draws `/admin…` at `address` for a login with `roles`; hands back the container and a way to remove it. */
async function drawAdmin(address: string, roles: string[]) {
  getStorage().setItem(EXTRA_STORAGE_KEYS.loginData, JSON.stringify({ roles }))
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await inAct(() =>
    root.render(
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/admin/:section?" element={<AdminPage />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    ),
  )
  return {
    container,
    async remove() {
      await inAct(() => root.unmount())
      container.remove()
    },
  }
}

beforeEach(() => {
  // A section's load without a token is refused (401): the site would go home; here it stays.
  setNavigate(() => {})
})
afterEach(() => {
  getStorage().removeItem(EXTRA_STORAGE_KEYS.loginData)
})

describe('the back office page (issue 33)', () => {
  it('tells someone signed in without a back-office role plainly that they have no access', async () => {
    const page = await drawAdmin('/admin', ['sme', 'contributor'])
    expect(page.container.querySelector('[data-state="no-access"]')).not.toBeNull()
    expect(page.container.querySelector('nav')).toBeNull()
    expect(page.container.querySelector('h1')?.textContent).toBeTruthy()
    await page.remove()
  })

  it('shows an analyst only the reports and the audit trail, and sends them there from the experts', async () => {
    const page = await drawAdmin('/admin/experts', ['sme', 'analyst'])
    const tabs = [...page.container.querySelectorAll('[data-tab]')].map((tab) => tab.getAttribute('data-tab'))
    expect(tabs).toEqual(['reports', 'audit'])
    expect(page.container.querySelector('[data-where]')?.textContent).toBe('/admin/reports')
    expect(page.container.querySelector('[data-tab="reports"]')?.getAttribute('aria-current')).toBe('page')
    await page.remove()
  })

  it('shows an admin every section, the first one at /admin', async () => {
    const page = await drawAdmin('/admin', ['sme', 'admin'])
    const tabs = [...page.container.querySelectorAll('[data-tab]')].map((tab) => tab.getAttribute('data-tab'))
    expect(tabs).toEqual(['experts', 'content', 'deletions', 'webhooks', 'reports', 'audit'])
    expect(page.container.querySelector('[data-where]')?.textContent).toBe('/admin/experts')
    await page.remove()
  })
})

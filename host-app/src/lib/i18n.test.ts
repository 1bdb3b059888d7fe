import { describe, expect, it } from 'vitest'
import { hostAppMessages } from '../i18n/index.ts'
import { siteMessages } from './i18n.ts'

describe('the site’s catalogs per route (issue 37)', () => {
  it('leaves the signed-in pages’ words out of the first load, and more-messages adds every one back', async () => {
    // No public page names the business owner's pages' words: they come with those pages' chunks.
    expect(Object.hasOwn(siteMessages.ar, 'smePages.loadFailed')).toBe(false)
    expect(Object.hasOwn(siteMessages.ar, 'home.hero.title')).toBe(true)
    await import('./more-messages.ts')
    for (const lang of ['ar', 'en'] as const)
      expect(Object.keys(siteMessages[lang]).sort()).toEqual(Object.keys(hostAppMessages[lang]).sort())
  })
})

import { describe, expect, it } from 'vitest'
import { type NavigationContext, navigationItems } from './navigation-items.ts'

describe('navigation bar (spec 2)', () => {
  const ids = (ctx: NavigationContext) => navigationItems(ctx).map((i) => i.id)
  const expert: NavigationContext = {
    signedIn: true,
    role: 'contributor',
    expertKind: 'consultant',
    chatStatus: true,
  }

  it('shows a signed-out visitor home, FAQ, search and sign-in only', () => {
    expect(ids({ signedIn: false, role: 'sme' })).toEqual(['home', 'faq', 'search', 'signIn'])
    // A stale stored contributor role without a token shows no expert items either.
    expect(ids({ signedIn: false, role: 'contributor', chatStatus: true })).toEqual([
      'home',
      'faq',
      'search',
      'signIn',
    ])
  })

  it('shows a business owner sessions (to /sessions/upcoming) and my requests', () => {
    const items = navigationItems({ signedIn: true, role: 'sme' })
    expect(items.map((i) => i.id)).toEqual(['home', 'sessions', 'requests', 'faq', 'search', 'profileMenu'])
    expect(items.find((i) => i.id === 'sessions')?.path).toBe('/sessions/upcoming')
  })

  it('shows an expert messages only while chat is on, with the unread dot', () => {
    expect(ids(expert)).toContain('messages')
    expect(ids({ ...expert, chatStatus: false })).not.toContain('messages')
    expect(ids({ ...expert, chatStatus: undefined })).not.toContain('messages')
    const msg = (hasUnreadChat: boolean) =>
      navigationItems({ ...expert, hasUnreadChat }).find((i) => i.id === 'messages')
    expect(msg(true)).toEqual({ id: 'messages', path: '/Chat', dot: true })
    expect(msg(false)?.dot).toBe(false)
  })

  it('gives notifications a dot only when the count is above zero', () => {
    const dot = (notificationCount?: number) =>
      navigationItems({ ...expert, notificationCount }).find((i) => i.id === 'notifications')?.dot
    expect(dot(3)).toBe(true)
    expect(dot(0)).toBe(false)
    expect(dot(undefined)).toBe(false)
  })

  it('shows experts the dashboard, and my requests only to advisors', () => {
    expect(ids(expert)).toEqual([
      'home',
      'sessions',
      'messages',
      'notifications',
      'dashboard',
      'faq',
      'search',
      'profileMenu',
    ])
    expect(ids({ ...expert, expertKind: 'advisor' })).toContain('requests')
    expect(ids({ ...expert, expertKind: 'bsa' })).not.toContain('requests')
    expect(ids({ ...expert, expertKind: null })).not.toContain('requests')
  })

  it('shows an expert their sessions and, once its address is known, their week of slots', () => {
    const own = '/profile/consultant/3/17'
    const items = navigationItems({ ...expert, ownProfilePath: own })
    expect(items.map((i) => i.id)).toEqual([
      'home',
      'sessions',
      'week',
      'messages',
      'notifications',
      'dashboard',
      'faq',
      'search',
      'profileMenu',
    ])
    expect(items.find((i) => i.id === 'sessions')).toEqual({ id: 'sessions', path: '/sessions/upcoming' })
    expect(items.find((i) => i.id === 'week')).toEqual({ id: 'week', path: own })
    expect(ids({ ...expert, ownProfilePath: null })).not.toContain('week')
    expect(ids({ ...expert, ownProfilePath: '' })).not.toContain('week')
    // Only the signed-in expert's own bar has it.
    expect(ids({ signedIn: true, role: 'sme', ownProfilePath: own })).not.toContain('week')
    expect(ids({ ...expert, signedIn: false, ownProfilePath: own })).toEqual([
      'home',
      'faq',
      'search',
      'signIn',
    ])
  })
})

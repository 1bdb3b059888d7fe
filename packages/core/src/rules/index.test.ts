import { describe, expect, it } from 'vitest'
import { isMessageKey } from '../i18n/index.ts'
import {
  availabilityForCommunicationWay,
  BREAKPOINTS,
  COLORS,
  COMMUNICATION_WAYS,
  errorMessageFromBody,
  hasUnreadMessages,
  isAlreadyRated,
  isSubjectType,
  isUnreadMessage,
  type NavigationContext,
  navigationItems,
  PUSH_DEVICE_TYPE,
  postLoginDestination,
  REQUEST_STATES,
  requestStateIcon,
  requestStateLabelKey,
  roleFromContributorId,
  SESSION_STATES,
  SUBJECT_TYPES,
  sessionDetailsRedirectsHome,
  sessionStateLabelKey,
  voiceNoteErrorShown,
} from './index.ts'

describe('role rule (spec 4, 6)', () => {
  it('is contributor only when a stored contributor id exists and is not the string null', () => {
    expect(roleFromContributorId('17')).toBe('contributor')
    expect(roleFromContributorId('null')).toBe('sme')
    expect(roleFromContributorId(null)).toBe('sme')
    expect(roleFromContributorId(undefined)).toBe('sme')
    expect(roleFromContributorId('')).toBe('sme')
  })

  it('routes after login to the terms popup, the dashboard or home', () => {
    expect(postLoginDestination('contributor', false)).toBe('terms')
    expect(postLoginDestination('sme', false)).toBe('terms')
    expect(postLoginDestination('contributor', true)).toBe('dashboard')
    expect(postLoginDestination('sme', true)).toBe('home')
  })
})

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

describe('unread-message rule (spec 3)', () => {
  const msg = (id: number | string, body: string | null, status: number) => ({ user: { id }, body, status })

  it('counts a message as unread only when from someone else, non-empty and not status 2', () => {
    expect(isUnreadMessage(msg(2, 'مرحبا', 1), 7)).toBe(true)
    expect(isUnreadMessage(msg(7, 'مرحبا', 1), 7)).toBe(false)
    expect(isUnreadMessage(msg('7', 'hi', 1), 7)).toBe(false)
    expect(isUnreadMessage(msg(2, '', 1), 7)).toBe(false)
    expect(isUnreadMessage(msg(2, '   ', 1), 7)).toBe(false)
    expect(isUnreadMessage(msg(2, null, 1), 7)).toBe(false)
    expect(isUnreadMessage(msg(2, 'hi', 2), 7)).toBe(false)
    expect(isUnreadMessage(null, 7)).toBe(false)
  })

  it('finds unread across conversations', () => {
    expect(hasUnreadMessages([{ id: 'a', lastMessage: msg(7, 'x', 1) }, { id: 'b' }], 7)).toBe(false)
    expect(
      hasUnreadMessages(
        [
          { id: 'a', lastMessage: msg(7, 'x', 1) },
          { id: 'b', lastMessage: msg(3, 'y', 0) },
        ],
        7,
      ),
    ).toBe(true)
    expect(hasUnreadMessages([], 7)).toBe(false)
  })
})

describe('state labels and lifecycle (spec 4)', () => {
  it('names every session and request state', () => {
    expect(SESSION_STATES).toEqual(['booked', 'ongoing', 'ended', 'cancelled', 'sme_absent'])
    expect(REQUEST_STATES).toEqual(['waiting', 'accepted', 'rejected', 'expired'])
    expect(sessionStateLabelKey('sme_absent')).toBe('sessions.status.smeAbsent')
    expect(requestStateLabelKey('waiting')).toBe('requests.status.waiting')
    // Every label exists in both catalogs.
    for (const key of [
      ...SESSION_STATES.map(sessionStateLabelKey),
      ...REQUEST_STATES.map(requestStateLabelKey),
    ]) {
      expect(isMessageKey(key), key).toBe(true)
    }
    expect(REQUEST_STATES.map(requestStateIcon)).toEqual(['pending', 'accepted', 'rejected', 'expired'])
  })
})

describe('error catalogue rules (spec 8)', () => {
  it('reads error.message, else a nested message', () => {
    expect(errorMessageFromBody({ error: { code: 'x', message: 'الموعد محجوز' } })).toBe('الموعد محجوز')
    expect(errorMessageFromBody({ message: 'top' })).toBe('top')
    expect(errorMessageFromBody({ error: 'plain' })).toBe('plain')
    expect(errorMessageFromBody({ data: { message: 'nested' } })).toBe('nested')
    expect(errorMessageFromBody({ errors: { detail: { message: 'deep' } } })).toBe('deep')
    expect(errorMessageFromBody('text body')).toBe('text body')
    expect(errorMessageFromBody({})).toBeNull()
    expect(errorMessageFromBody(null)).toBeNull()
    expect(errorMessageFromBody({ error: { message: '' } })).toBeNull()
  })

  it('reads already-rated from 400 on validate and 422 on submit only', () => {
    expect(isAlreadyRated('validate', 400)).toBe(true)
    expect(isAlreadyRated('validate', 422)).toBe(false)
    expect(isAlreadyRated('submit', 422)).toBe(true)
    expect(isAlreadyRated('submit', 400)).toBe(false)
  })

  it('sends session-details 403/404 home, and hides voice-note 500 messages', () => {
    expect([401, 403, 404, 500].map(sessionDetailsRedirectsHome)).toEqual([false, true, true, false])
    expect(voiceNoteErrorShown(500)).toBe(false)
    expect(voiceNoteErrorShown(413)).toBe(true)
  })
})

describe('constants (spec 9)', () => {
  it('match the spec', () => {
    expect(COMMUNICATION_WAYS).toEqual({
      online: { id: 0, availability: 2 },
      office: { id: 1, availability: 1 },
    })
    expect(availabilityForCommunicationWay(0)).toBe(2)
    expect(availabilityForCommunicationWay(1)).toBe(1)
    expect(SUBJECT_TYPES).toEqual({ consulting: 1, guidance: 2, partnerships: 4 })
    expect([1, 2, 3, 4, '1'].map(isSubjectType)).toEqual([true, true, false, true, false])
    expect(PUSH_DEVICE_TYPE).toBe(3)
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 })
    expect(COLORS).toEqual({ primary: '#3084b2', secondary: '#2d1a47' })
  })
})

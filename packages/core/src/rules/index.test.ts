import { describe, expect, it } from 'vitest'
import { isMessageKey } from '../i18n/index.ts'
import {
  availabilityForCommunicationWay,
  BREAKPOINTS,
  COLORS,
  COMMUNICATION_WAYS,
  hasUnreadMessages,
  isSubjectType,
  isUnreadMessage,
  PUSH_DEVICE_TYPE,
  postLoginDestination,
  REQUEST_STATES,
  roleFromContributorId,
  SESSION_STATES,
  SUBJECT_TYPES,
  sessionStateLabelKey,
} from './index.ts'

describe('role rule (spec 4, 6)', () => {
  it('is contributor only when a stored contributor id exists and is not the string null', () => {
    expect(roleFromContributorId('17')).toBe('contributor')
    expect(roleFromContributorId('null')).toBe('sme')
    expect(roleFromContributorId(null)).toBe('sme')
    expect(roleFromContributorId(undefined)).toBe('sme')
    expect(roleFromContributorId('')).toBe('sme')
  })

  it('routes after login to the dashboard or home (the terms popup is the server’s to ask, issue 34)', () => {
    expect(postLoginDestination('contributor')).toBe('dashboard')
    expect(postLoginDestination('sme')).toBe('home')
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
    expect(REQUEST_STATES).toEqual(['waiting', 'accepted', 'rejected', 'expired', 'withdrawn'])
    expect(sessionStateLabelKey('sme_absent')).toBe('sessions.status.smeAbsent')
    // Every label exists in both catalogs.
    for (const key of SESSION_STATES.map(sessionStateLabelKey)) expect(isMessageKey(key), key).toBe(true)
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

import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '@mashura/core/contract'
import { describe, expect, it } from 'vitest'
import {
  DELIVERY_STATES,
  endpointState,
  orderedEvents,
  prettyBody,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_LIMIT,
  webhookFormProblems,
} from './webhooks.ts'

describe("the back office's webhooks (issue 36)", () => {
  it('offers the contract’s events, delivery states and address limit', () => {
    expect([...WEBHOOK_EVENTS]).toEqual([...WEBHOOK_EVENT_TYPES])
    expect([...DELIVERY_STATES]).toEqual([...WEBHOOK_DELIVERY_STATES])
    expect(WEBHOOK_URL_LIMIT).toBe(WEBHOOK_URL_MAX)
  })

  it('tells an active endpoint from one paused by hand and one paused for failing', () => {
    expect(endpointState({ paused_at: null, pause_reason: null })).toBe('active')
    expect(endpointState({ paused_at: '2026-11-28T10:00:00Z', pause_reason: 'admin' })).toBe('paused')
    expect(endpointState({ paused_at: '2026-11-28T10:00:00Z', pause_reason: 'failing' })).toBe('failing')
  })

  it('asks for a key, a whole http(s) address and at least one event', () => {
    expect(webhookFormProblems({ api_key: ' ', url: '', events: [] })).toEqual({
      api_key: 'admin.form.required',
      url: 'admin.form.required',
      events: 'admin.webhooks.eventsRequired',
    })
    expect(
      webhookFormProblems({ api_key: 'k', url: 'ftp://example.sa/x', events: ['booking.created'] }),
    ).toEqual({
      url: 'admin.webhooks.urlInvalid',
    })
    expect(
      webhookFormProblems({ api_key: 'k', url: 'partner.sa/hooks', events: ['booking.created'] }),
    ).toEqual({
      url: 'admin.webhooks.urlInvalid',
    })
    expect(
      webhookFormProblems({
        api_key: 'k',
        url: `https://p.sa/${'a'.repeat(2000)}`,
        events: ['booking.created'],
      }),
    ).toEqual({ url: 'admin.form.tooLong' })
    expect(
      webhookFormProblems({ api_key: 'k', url: 'https://partner.sa/hooks', events: ['booking.created'] }),
    ).toEqual({})
  })

  it('keeps the chosen events in the contract’s order and shows a body indented', () => {
    expect(orderedEvents(['rating.submitted', 'booking.created', 'nonsense'])).toEqual([
      'booking.created',
      'rating.submitted',
    ])
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(prettyBody('not json')).toBe('not json')
  })
})

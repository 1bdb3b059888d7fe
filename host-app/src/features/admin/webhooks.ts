import type { AdminMessageKey } from './i18n.ts'

/**
 * The events an endpoint can hear, in the contract's order (`WEBHOOK_EVENT_TYPES` of the contract's
 * `webhooks.ts`, which the back office's chunk does not load with TypeBox; `webhooks.test.ts` holds them equal).
 */
export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.cancelled',
  'booking.rescheduled',
  'request.created',
  'request.accepted',
  'request.rejected',
  'request.expired',
  'request.withdrawn',
  'request.moved',
  'session.started',
  'session.ended',
  'session.owner_absent',
  'rating.submitted',
] as const

/** The longest address (the contract's `WEBHOOK_URL_MAX`). */
export const WEBHOOK_URL_LIMIT = 2000

/** The states a delivery can be in, for the log's filter (the contract's `WEBHOOK_DELIVERY_STATES`). */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const

/** An endpoint's state as the back office shows it: sending, paused by hand, or paused after a day of failures. */
export type WebhookEndpointState = 'active' | 'paused' | 'failing'

/** The state of an endpoint from its `paused_at` and `pause_reason`. */
export function endpointState(endpoint: {
  paused_at: string | null
  pause_reason: string | null
}): WebhookEndpointState {
  if (!endpoint.paused_at) return 'active'
  return endpoint.pause_reason === 'failing' ? 'failing' : 'paused'
}

/** The new-endpoint form's values. */
export interface WebhookFormValues {
  api_key: string
  url: string
  events: string[]
}

/** The form's problems, by field; empty when it can be sent (the server checks the address's host). */
export function webhookFormProblems(
  values: WebhookFormValues,
): Partial<Record<keyof WebhookFormValues, AdminMessageKey>> {
  const problems: Partial<Record<keyof WebhookFormValues, AdminMessageKey>> = {}
  if (!values.api_key.trim()) problems.api_key = 'admin.form.required'
  else if (values.api_key.trim().length > 200) problems.api_key = 'admin.form.tooLong'
  const url = values.url.trim()
  if (!url) problems.url = 'admin.form.required'
  else if (url.length > WEBHOOK_URL_LIMIT) problems.url = 'admin.form.tooLong'
  else if (!isHttpUrl(url)) problems.url = 'admin.webhooks.urlInvalid'
  if (values.events.length === 0) problems.events = 'admin.webhooks.eventsRequired'
  return problems
}

/** Whether `text` is a whole http(s) address. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The chosen events in the contract's order, whatever order they were ticked in. */
export function orderedEvents(chosen: readonly string[]): string[] {
  return WEBHOOK_EVENTS.filter((event) => chosen.includes(event))
}

/** A delivery's body, indented for reading; the text as sent when it is not JSON. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

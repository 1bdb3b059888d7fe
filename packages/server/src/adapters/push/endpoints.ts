/**
 * Which Web Push endpoints the server will call. A subscription is a URL the browser
 * hands us; without a check anyone could make the server POST to an address of their
 * choosing (SSRF). Endpoints are accepted only over https, on the default port, on a
 * host of the allow-list, and never as an IP literal.
 *
 * `PUSH_HOSTS` (comma-separated; `*.example.com` matches any subdomain) replaces the
 * default list. Tests may pass `insecureForTests` to reach a local http stand-in.
 */
import { isIP } from 'node:net'

/** The push services of the major browsers. */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
] as const

/** Where pushes may go. */
export interface EndpointPolicy {
  /** Host names, exact or `*.suffix`. */
  hosts: readonly string[]
  /** Tests only: also allow http, any port and listed IP literals (a local stand-in push service). */
  insecureForTests?: boolean
}

/** The policy for the configured hosts (`PUSH_HOSTS`, split by config.ts), else the default list. */
export function endpointPolicy(hosts: readonly string[] | null): EndpointPolicy {
  return { hosts: hosts ? [...hosts] : [...DEFAULT_PUSH_HOSTS] }
}

function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(1)
    return host.endsWith(suffix) && host.length > suffix.length
  }
  return host === pattern
}

/** Whether the server may send to this endpoint. */
export function endpointAllowed(endpoint: string, policy: EndpointPolicy): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  const ipLiteral = isIP(host) !== 0 || host.startsWith('[')
  if (policy.insecureForTests) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  } else if (url.protocol !== 'https:' || url.port !== '' || ipLiteral) {
    return false
  }
  return policy.hosts.some((p) => hostMatches(host, p.toLowerCase()))
}

/** A browser's push subscription (`PushSubscription.toJSON()`), as stored. */
export interface WebPushSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

function keyOfLength(value: unknown, bytes: number): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 200 &&
    BASE64URL.test(value) &&
    Buffer.from(value, 'base64url').length === bytes
  )
}

/**
 * Reads a subscription (JSON text or an object); null when it is malformed or its
 * endpoint is not allowed. Only the fields Web Push needs are kept.
 */
export function parseSubscription(input: unknown, policy: EndpointPolicy): WebPushSubscription | null {
  let value = input
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  if (typeof value !== 'object' || value === null) return null
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } }
  if (typeof endpoint !== 'string' || endpoint.length > 2048 || !endpointAllowed(endpoint, policy))
    return null
  if (typeof keys !== 'object' || keys === null) return null
  // p256dh: an uncompressed P-256 point (65 bytes); auth: a 16-byte secret (RFC 8291).
  if (!keyOfLength(keys.p256dh, 65) || !keyOfLength(keys.auth, 16)) return null
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }
}

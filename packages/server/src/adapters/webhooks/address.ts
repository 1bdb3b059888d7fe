/**
 * Where a webhook may go (issue 36): a partner's address is someone else's input, and a request from our server
 * to it must not reach what only our server can reach. In production only `https:`; never an address that is
 * private, loopback, link-local, shared (CGNAT), unspecified, multicast or reserved, unless its host is named in
 * `WEBHOOK_ALLOWED_HOSTS`; development allows loopback too, so a receiver on the developer's machine works. The
 * check is made on the address the connection actually uses (a `lookup` of our own for the socket), so a name
 * that resolves to an allowed address when saved and to a private one when sent is refused all the same.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/** What an address may be. */
export interface WebhookAddressPolicy {
  /** Production: https only, and no loopback. */
  production: boolean
  /** Host names (lower case) allowed whatever they resolve to. */
  allowedHosts: readonly string[]
}

/** Why an address was refused: a code for the log and the admin, and words for people. */
export class WebhookAddressError extends Error {
  readonly code: 'webhook_url_invalid' | 'webhook_url_not_https' | 'webhook_address_forbidden'
  constructor(code: WebhookAddressError['code'], message: string) {
    super(message)
    this.code = code
  }
}

const forbidden = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(net, prefix, 'ipv6')

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`), as IPv4. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return match ? match[1]! : address
}

/** Whether the policy lets a connection to `address` (an IP) go, for a URL of host `host`. */
export function addressAllowed(address: string, host: string, policy: WebhookAddressPolicy): boolean {
  if (policy.allowedHosts.includes(host.toLowerCase())) return true
  const ip = unmapped(address)
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4'
  if (!policy.production && loopback.check(ip, family)) return true
  return !forbidden.check(ip, family)
}

/**
 * Checks a webhook address as written (scheme, form, a literal IP's range); the name's addresses are checked
 * when it is sent. Answers the URL.
 */
export function checkWebhookUrl(raw: string, policy: WebhookAddressPolicy): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new WebhookAddressError('webhook_url_invalid', `"${raw}" is not an address`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookAddressError('webhook_url_invalid', 'a webhook address is http(s)')
  if (url.username || url.password)
    throw new WebhookAddressError('webhook_url_invalid', 'a webhook address carries no user or password')
  if (url.hash) throw new WebhookAddressError('webhook_url_invalid', 'a webhook address has no fragment (#…)')
  if (
    policy.production &&
    url.protocol !== 'https:' &&
    !policy.allowedHosts.includes(url.hostname.toLowerCase())
  )
    throw new WebhookAddressError('webhook_url_not_https', 'in production a webhook address is https')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !addressAllowed(host, url.hostname, policy))
    throw new WebhookAddressError(
      'webhook_address_forbidden',
      `${host} is a private, loopback or reserved address (WEBHOOK_ALLOWED_HOSTS can allow its host)`,
    )
  return url
}

/**
 * A `lookup` for `http.request` that resolves the host and refuses the connection when an address it would use
 * is not allowed: the check happens where the socket connects, so DNS cannot change the answer in between.
 */
export function checkedLookup(host: string, policy: WebhookAddressPolicy) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const refused = addresses.find((a) => !addressAllowed(a.address, host, policy))
      if (refused)
        return callback(
          new WebhookAddressError(
            'webhook_address_forbidden',
            `${hostname} resolves to ${refused.address}, a private, loopback or reserved address`,
          ),
          [],
        )
      if (options.all) return callback(null, addresses)
      const first = addresses[0]!
      callback(null, first.address, first.family)
    })
  }
}

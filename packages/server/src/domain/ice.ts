/**
 * The STUN and TURN servers of the built-in WebRTC calls (a reference-server extension). Two browsers on one
 * machine or LAN connect with host candidates alone; across home routers and mobile networks they need STUN,
 * and behind strict firewalls a TURN relay. TURN credentials are never static in a page: they are minted per
 * person with coturn's REST API scheme (`use-auth-secret`): the username is `<expiry>:<person id>` and the
 * password base64(HMAC-SHA1(secret, username)), so the relay checks them with the shared secret alone and
 * they stop working at the expiry.
 */
import { createHmac } from 'node:crypto'
import type { IceServer, IceServers } from '@mashura/core'
import type { IceConfig } from '../config.ts'

/** The ICE settings of the server, declared with the rest of the configuration. */
export type { IceConfig }

/** The servers for one person's call, with TURN credentials valid for `turnTtlSeconds` from `now`. */
export function iceServersFor(ice: IceConfig, personId: number, now = new Date()): IceServers {
  const servers: IceServer[] = []
  if (ice.stunUrls.length) servers.push({ urls: ice.stunUrls })
  let expiresAt: string | null = null
  if (ice.turnUrls.length && ice.turnSecret) {
    const expiry = Math.floor(now.getTime() / 1000) + ice.turnTtlSeconds
    const username = `${expiry}:${personId}`
    const credential = createHmac('sha1', ice.turnSecret).update(username).digest('base64')
    servers.push({ urls: ice.turnUrls, username, credential })
    expiresAt = new Date(expiry * 1000).toISOString()
  }
  return { ice_servers: servers, ice_transport_policy: ice.transportPolicy, expires_at: expiresAt }
}

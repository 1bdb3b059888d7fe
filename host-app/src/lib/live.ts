/**
 * Drives the site's stores from the live sources: the realtime store (expert record, notification count,
 * conversations), push messages, and the browser going offline. Only the site listens to these (the widgets
 * do not), so this lives here rather than in core.
 */
import {
  $auth,
  $expert,
  $hasUnreadChat,
  $notificationCount,
  getStorage,
  isUnreadMessage,
  type PushClient,
  type PushMessage,
  type RealtimeClient,
  roleFromContributorId,
  STORAGE_KEYS,
  type Unsubscribe,
} from '@mashura/core'
import type { HostAppMessageKey } from '../i18n/index.ts'
import { showApiError, showSnackbar } from './notices.ts'
import { type PushLinkData, pushLink } from './push-link.ts'

/** Catalog keys of the snackbar messages of spec section 8. */
export const PUSH_NOTICE_KEYS = {
  unsupported: 'snackbar.browserUnsupported',
  offline: 'snackbar.offline',
  tokenUnavailable: 'snackbar.pushTokenUnavailable',
  allowNotifications: 'snackbar.allowNotifications',
  permissionDenied: 'snackbar.notificationPermissionDenied',
  listenFailed: 'snackbar.pushListenFailed',
} as const satisfies Record<string, HostAppMessageKey>

/**
 * The link a push message offers (core's `pushLink`: the request, else the session, else the chat), and none
 * when the current address already contains `/session` (spec section 4).
 */
export function pushMessageLink(data: PushLinkData, currentPath: string): string | null {
  if (currentPath.includes('/session')) return null
  return pushLink(data)
}

/**
 * Listens to the signed-in expert's live documents and keeps `$expert`,
 * `$notificationCount`, `$hasUnreadChat` and the instant-availability flags current.
 * Returns one function that stops all three listeners.
 */
export function bindRealtime(realtime: RealtimeClient, contributorId: string): Unsubscribe {
  const stops = [
    realtime.watchExpert(contributorId, (record) => {
      $expert.set(record)
      $auth.setKey('instantAvailabilityByAdmin', record?.join_now_enabled === true)
      $auth.setKey('instantAvailabilityByContributer', record?.available_for_instant === true)
    }),
    realtime.watchNotificationCount(contributorId, (count) => $notificationCount.set(Math.max(0, count))),
    realtime.watchConversations(contributorId, (list) =>
      $hasUnreadChat.set(list.some((c) => isUnreadMessage(c.lastMessage, contributorId))),
    ),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}

/** Shows a foreground push message in the snackbar, with the link the spec allows. */
export function showPushMessage(message: PushMessage, currentPath: string): void {
  const text = message.notification?.body || message.data.title || message.notification?.title || ''
  showSnackbar({ kind: 'info', text, link: pushMessageLink(message.data, currentPath) })
}

/** What {@link enablePush} needs from the host. */
export interface EnablePushOptions {
  /** The push client. */
  push: PushClient
  /** The public (VAPID) key. */
  publicKey: string
  /** Sends the token to the server (`POST /profile/contributor/fcm-token`, device type 3). */
  saveToken: (token: string) => Promise<unknown>
  /** The current address, read when a message arrives. */
  currentPath: () => string
}

/** How {@link enablePush} ended; after a failed token, foreground messages are still heard (`stop`). */
export type EnablePushResult =
  | { ok: true; token: string; stop: Unsubscribe }
  | { ok: false; reason: keyof typeof PUSH_NOTICE_KEYS; stop?: Unsubscribe }

/**
 * Turns on push for a signed-in expert: asks permission, listens to foreground messages, obtains a
 * token with the public key, stores it as `fcmToken` and sends it to the server. Each failure shows its
 * snackbar message of spec section 8. Listening comes before the token, and goes on when only the token
 * fails: a subscription the browser already holds still delivers, as Firebase's separate `onMessage`
 * and `getToken` calls behaved.
 */
export async function enablePush(
  options: EnablePushOptions,
  storage = getStorage(),
): Promise<EnablePushResult> {
  const fail = (reason: keyof typeof PUSH_NOTICE_KEYS, stop?: Unsubscribe): EnablePushResult => {
    showSnackbar({ kind: 'error', key: PUSH_NOTICE_KEYS[reason] })
    return stop ? { ok: false, reason, stop } : { ok: false, reason }
  }
  const { push } = options
  if (!(await push.isSupported().catch(() => false))) return fail('unsupported')
  const permission = push.permission() === 'granted' ? 'granted' : await push.requestPermission()
  if (permission !== 'granted') return fail('permissionDenied')
  let stop: Unsubscribe
  try {
    stop = push.onMessage((m) => showPushMessage(m, options.currentPath()))
  } catch {
    return fail('listenFailed')
  }
  let token: string | null
  try {
    token = await push.getToken(options.publicKey)
  } catch {
    return fail('allowNotifications', stop)
  }
  if (!token) return fail('tokenUnavailable', stop)
  storage.setItem(STORAGE_KEYS.fcmToken, token)
  // The browser holds the subscription either way; a failed save shows the server's message.
  await Promise.resolve()
    .then(() => options.saveToken(token))
    .catch(showApiError)
  return { ok: true, token, stop }
}

/** Shows the no-connection message whenever the browser goes offline; returns a function that stops watching. */
export function watchConnectivity(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
): Unsubscribe {
  const onOffline = () => showSnackbar({ kind: 'error', key: PUSH_NOTICE_KEYS.offline })
  target.addEventListener('offline', onOffline)
  return () => target.removeEventListener('offline', onOffline)
}

/** Returns whether the browser should be asked for notification permission: signed in with a contributor id (spec 5). */
export function shouldAskNotificationPermission(
  signedIn: boolean,
  contributorId: string | null | undefined,
): boolean {
  return signedIn && roleFromContributorId(contributorId) === 'contributor'
}

/**
 * The site's service worker (design section 5: standard Web Push with VAPID), served at `/sw.js`.
 *
 * A push carries the contract's `PushPayload` as JSON: `{ data: { title, request_id, session_id[, chat_with] },
 * notification: { title, body } }` (the server's `pushPayload`); the pages hear it as core's `PushMessage`.
 * - Foreground: when a window of the site is visible, the message is posted to the windows
 *   (`{ type: 'mashura-push', message }`) and the page shows it in its snackbar; no system notification.
 * - Background: with no visible window, a system notification shows the title and body; clicking it
 *   focuses an open tab of the site on the right page, or opens one (the link rule of spec section 4:
 *   the request first, else the session).
 *
 * It caches nothing: the site always loads from the network. Built by host-app/vite.config.ts into one
 * classic script at `/sw.js`, with core's page addresses (`sitePaths`) bundled in.
 */
import { sitePaths } from '@mashura/core/site-paths'
import { pushLink } from './lib/push-link.ts'

const MESSAGE_TYPE = 'mashura-push'
const OPEN_MESSAGE_TYPE = 'mashura-open'
const ICON = '/icons/push-icon.png'

self.addEventListener('install', () => {
  // A new version takes over at once: it only relays pushes, there is no cache to keep consistent.
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

/** @typedef {import('@mashura/core/contract').PushPayload} PushPayload What the server's Web Push sends. */
/** @typedef {import('@mashura/core/contract').PushMessage} PushMessage What a page hears. */

/**
 * The message a push carries (a `PushPayload`), or a minimal one when its payload is not our JSON.
 * @returns {PushMessage}
 */
function readMessage(event) {
  if (!event.data) return { data: {} }
  try {
    const value = event.data.json()
    if (value && typeof value === 'object')
      return { data: value.data ?? {}, notification: value.notification }
  } catch {
    // Plain text: show it as the body.
  }
  return { data: {}, notification: { body: event.data.text() } }
}

/** Spec section 4's link: the request first, else the session; the site's home otherwise. */
function linkOf(data) {
  return pushLink(data) ?? sitePaths.home.to()
}

async function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true })
}

async function onPush(message) {
  const visible = (await windows()).filter((c) => c.visibilityState === 'visible')
  if (visible.length > 0) {
    for (const client of visible) client.postMessage({ type: MESSAGE_TYPE, message })
    return
  }
  const title = message.notification?.title || message.data.title || ''
  await self.registration.showNotification(title, {
    body: message.notification?.body || '',
    icon: ICON,
    badge: ICON,
    lang: 'ar',
    dir: 'auto',
    tag:
      message.data.request_id || message.data.session_id || message.data.chat_with
        ? `mashura-${linkOf(message.data)}`
        : undefined,
    data: { link: linkOf(message.data) },
  })
}

self.addEventListener('push', (event) => {
  event.waitUntil(onPush(readMessage(event)))
})

/** Focuses a tab of the site on the link (moving it there), or opens one. */
async function open(link) {
  const target = new URL(link, self.location.origin).href
  const tabs = await windows()
  const tab =
    tabs.find((c) => c.url === target) ?? tabs.find((c) => c.visibilityState === 'visible') ?? tabs[0]
  if (!tab) return self.clients.openWindow(target)
  if (tab.url !== target) {
    // navigate() works for tabs this worker controls; any other tab is asked to move by the page itself.
    const moved = 'navigate' in tab ? await tab.navigate(target).catch(() => null) : null
    if (moved) return moved.focus()
    tab.postMessage({ type: OPEN_MESSAGE_TYPE, link })
  }
  return tab.focus()
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const home = sitePaths.home.to()
  const link = typeof event.notification.data?.link === 'string' ? event.notification.data.link : home
  // Only addresses of this site: the link is built above, but a stored notification is data all the same.
  event.waitUntil(open(link.startsWith('/') && !link.startsWith('//') ? link : home))
})

/**
 * The site's navigation bar (spec section 2): which items a visitor, a business owner or an expert sees, with
 * their links and dots. Only the site has this bar (the widgets and partner pages have none), so its rule lives
 * here rather than in core; `components/layout/use-shell.ts` feeds it the live session.
 */
import type { ContributorKind, UserRole } from '@mashura/core'
import { paths } from '../config/paths.ts'

/** What the navigation rules look at. */
export interface NavigationContext {
  /** Whether a request token exists. */
  signedIn: boolean
  /** The stored role. */
  role: UserRole
  /** The expert's kind from the live expert record, when known. */
  expertKind?: ContributorKind | null
  /** The expert's chat status from the live expert record. */
  chatStatus?: boolean
  /** Whether any chat conversation is unread (core's `$hasUnreadChat`). */
  hasUnreadChat?: boolean
  /** The live notification count. */
  notificationCount?: number
  /**
   * The signed-in expert's own profile address (`/profile/{kind}/{subjectId}/{contributorId}`), where their
   * week view adds slots; the bar links it as `week` once it is known.
   */
  ownProfilePath?: string | null
}

/** Navigation bar item ids, in display order. */
export type NavigationItemId =
  | 'home'
  | 'sessions'
  | 'week'
  | 'messages'
  | 'notifications'
  | 'dashboard'
  | 'requests'
  | 'faq'
  | 'search'
  | 'signIn'
  | 'profileMenu'

/** A visible navigation bar item. */
export interface NavigationItem {
  /** Which item. */
  id: NavigationItemId
  /** The route it goes to, when it is a link. */
  path?: string
  /** Whether its dot is active (messages: unread chat; notifications: count above zero). */
  dot?: boolean
}

/**
 * Lists the navigation bar items visible in a context, in order, with their links and dots (spec 2). Besides
 * the spec's items, an expert finds their sessions (`/sessions/upcoming`, as a business owner does) and their
 * week of slots (`week`: their own profile, once its address is known) in the bar.
 */
export function navigationItems(ctx: NavigationContext): NavigationItem[] {
  const items: NavigationItem[] = [{ id: 'home', path: paths.home.to() }]
  const expert = ctx.signedIn && ctx.role === 'contributor'
  const sme = ctx.signedIn && ctx.role === 'sme'
  if (sme || expert) items.push({ id: 'sessions', path: paths.sessions.to('upcoming') })
  if (expert && ctx.ownProfilePath) items.push({ id: 'week', path: ctx.ownProfilePath })
  if (expert && ctx.chatStatus === true)
    items.push({ id: 'messages', path: paths.chat.to(), dot: ctx.hasUnreadChat === true })
  if (expert)
    items.push({
      id: 'notifications',
      path: paths.notifications.to(),
      dot: (ctx.notificationCount ?? 0) > 0,
    })
  if (expert) items.push({ id: 'dashboard', path: paths.dashboard.to() })
  if (sme || (expert && ctx.expertKind === 'advisor'))
    items.push({ id: 'requests', path: paths.requests.to() })
  items.push({ id: 'faq', path: paths.faq.to() })
  items.push({ id: 'search' })
  items.push(ctx.signedIn ? { id: 'profileMenu' } : { id: 'signIn' })
  return items
}

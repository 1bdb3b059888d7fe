import { $auth, $notificationCount } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { NavLink, useMatch } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import type { NavigationItem, NavigationItemId } from '../../lib/navigation-items.ts'
import { HeaderSearch } from './header-search.tsx'
import { BellIcon, ChatIcon, DashboardIcon, QuestionIcon, RequestsIcon } from './icons.tsx'
import { type NavEntry, SHARED_NAV_ENTRIES } from './nav-entries.ts'
import { ProfileMenu } from './profile-menu.tsx'
import { SignInButton } from './sign-in-button.tsx'
import { useNavigationItems } from './use-shell.ts'

/** The label and icon of each navigation link. */
const LINKS: Partial<Record<NavigationItemId, NavEntry>> = {
  ...SHARED_NAV_ENTRIES,
  messages: { label: 'nav.messages', Icon: ChatIcon },
  notifications: { label: 'nav.notifications', Icon: BellIcon },
  dashboard: { label: 'nav.dashboard', Icon: DashboardIcon },
  requests: { label: 'nav.myRequests', Icon: RequestsIcon },
  faq: { label: 'nav.faq', Icon: QuestionIcon },
}

/** A link's active dot: unread messages, or the count of new notifications as a badge (seen, not read out). */
function Dot({ item }: { item: NavigationItem }) {
  const t = useT()
  const count = useStore($notificationCount)
  if (!item.dot) return null
  if (item.id === 'notifications')
    return (
      <span className="nav-badge" data-dot aria-hidden="true">
        {count > 99 ? t.t('shell.nav.manyNotifications') : t.intl.formatNumber(count)}
      </span>
    )
  return <span className="nav-dot" data-dot aria-hidden="true" />
}

/** What the dot means, for screen readers, after the link's name. */
function DotText({ item }: { item: NavigationItem }) {
  const t = useT()
  const count = useStore($notificationCount)
  if (!item.dot) return null
  return (
    <span className="visually-hidden">
      {item.id === 'notifications' ? t.t('nav.newNotifications', { count }) : t.t('nav.unreadMessages')}
    </span>
  )
}

/** One link of the bar: icon and label (the label is visually hidden on narrow screens, never for readers). */
function NavItemLink({ item }: { item: NavigationItem }) {
  const t = useT()
  const link = LINKS[item.id]
  if (!link || !item.path) return null
  const label = t.t(link.label)
  return (
    <NavLink to={item.path} end={item.id === 'home'} className="nav-link" title={label}>
      <span className="nav-icon">
        <link.Icon />
        <Dot item={item} />
      </span>
      <span className="nav-label">{label}</span>
      <DotText item={item} />
    </NavLink>
  )
}

/**
 * The main navigation of spec section 2: one `<li data-nav-item>` per visible item in core's order: the
 * links, the search box, then sign-in or the profile menu. An expert's bar carries `data-viewer="expert"`:
 * on a narrow phone their sessions and week of slots leave it for the side menu, so that it keeps one row.
 * On the pages with their own search box (the expert lists and results) it carries `data-page-search`, and
 * phones show only the page's box.
 */
export function MainNav() {
  const t = useT()
  const items = useNavigationItems()
  const auth = useStore($auth)
  const expert = auth.token !== null && auth.userRole === 'contributor'
  // The expert lists and search results have a search box of their own: on phones the header's leaves.
  const onList = useMatch(paths.contributors.pattern) !== null
  const onSubjectOrSearch = useMatch(paths.contributorsBySubject.pattern) !== null
  const ownSearch = onList || onSubjectOrSearch
  return (
    <nav className="main-nav" aria-label={t.t('nav.mainMenu')}>
      <ul
        className="main-nav-list"
        data-viewer={expert ? 'expert' : undefined}
        data-page-search={ownSearch ? '' : undefined}
      >
        {items.map((item) => (
          <li key={item.id} data-nav-item={item.id} className={`main-nav-item main-nav-${item.id}`}>
            {item.id === 'search' ? (
              <HeaderSearch />
            ) : item.id === 'signIn' ? (
              <SignInButton />
            ) : item.id === 'profileMenu' ? (
              <ProfileMenu />
            ) : (
              <NavItemLink item={item} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

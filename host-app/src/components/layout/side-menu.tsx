// The shared menu rules first: the side menu's own come after and refine them.
import './menu.css'
import './side-menu.css'
import { $auth, type MessageKey } from '@mashura/core'
import { ModalDialog } from '@mashura/widgets/react'
import { useStore } from '@nanostores/react'
import { type ComponentType, useEffect, useId } from 'react'
import { Link, useLocation } from 'react-router'
import { ABOUT_URL } from '../../config/env.ts'
import { paths } from '../../config/paths.ts'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { useT } from '../../lib/i18n.ts'
import { signOut } from '../../lib/session.ts'
import {
  $activeMenuItem,
  type SideMenuItemId,
  setActiveMenuItem,
  sideMenuItems,
} from '../../lib/side-menu.ts'
import { ExternalLink } from '../ui/external-link.tsx'
import { CloseIcon, ExternalIcon, type IconProps, InfoIcon, LogoutIcon, UserIcon } from './icons.tsx'
import { SHARED_NAV_ENTRIES } from './nav-entries.ts'
import { useExpertProfilePath } from './use-own-profile-path.ts'

/** The props of {@link SideMenu}. */
export interface SideMenuProps {
  /** Whether the drawer is open. */
  open: boolean
  /** Closes it. */
  onClose: () => void
}

/** The label and icon of each side menu item. */
const ITEMS: Record<
  SideMenuItemId,
  { label: MessageKey | HostAppMessageKey; Icon: ComponentType<IconProps> }
> = {
  ...SHARED_NAV_ENTRIES,
  profile: { label: 'nav.profile', Icon: UserIcon },
  about: { label: 'nav.about', Icon: InfoIcon },
  logout: { label: 'nav.logout', Icon: LogoutIcon },
}

/** Which side menu item a page belongs to, so the highlight follows the address too. */
function itemForPath(pathname: string, weekPath: string | null): SideMenuItemId | null {
  if (pathname === paths.home.to()) return 'home'
  if (pathname.startsWith(paths.sessions.to(''))) return 'sessions'
  if (weekPath && pathname === weekPath) return 'week'
  if (pathname === paths.myProfile.to()) return 'profile'
  return null
}

/**
 * The side menu of spec section 2, a drawer on the native `<dialog>` (focus stays inside, Escape and a click
 * outside close it): home, sessions, profile, about and log out, and for an expert their week of slots (their
 * public profile with the add-slots form) after sessions; signed out, only home and about. The active item
 * is kept in a store and in storage (`lib/side-menu.ts`) and marked with `aria-current`.
 */
export function SideMenu({ open, onClose }: SideMenuProps) {
  const t = useT()
  const auth = useStore($auth)
  const active = useStore($activeMenuItem)
  const { pathname } = useLocation()
  const visible = sideMenuItems(auth.token !== null, auth.userRole)
  const weekPath = useExpertProfilePath(open && visible.includes('week'))
  const titleId = useId()

  useEffect(() => {
    const item = itemForPath(pathname, weekPath)
    if (item && item !== $activeMenuItem.get()) setActiveMenuItem(item)
  }, [pathname, weekPath])
  const entry = (id: SideMenuItemId) => {
    const { label, Icon } = ITEMS[id]
    const common = {
      'data-side-item': id,
      className: 'menu-entry side-menu-item',
      'aria-current': active === id ? ('page' as const) : undefined,
    }
    const content = (
      <>
        <Icon size={22} className={id === 'logout' ? 'icon-directional' : undefined} />
        <span>{t.t(label)}</span>
      </>
    )
    const choose = () => {
      setActiveMenuItem(id)
      onClose()
    }
    if (id === 'logout')
      return (
        <button type="button" {...common} onClick={() => void signOut()}>
          {content}
        </button>
      )
    if (id === 'about')
      return (
        <ExternalLink {...common} href={ABOUT_URL} onClick={onClose}>
          {content}
          <ExternalIcon size={16} className="side-menu-external" />
          <span className="visually-hidden">{t.t('shell.newTab')}</span>
        </ExternalLink>
      )
    const to =
      id === 'home'
        ? paths.home.to()
        : id === 'sessions'
          ? paths.sessions.to('upcoming')
          : // Until the expert's public profile is read, their own page links on to it.
            id === 'week'
            ? (weekPath ?? paths.myProfile.to())
            : paths.myProfile.to()
    return (
      <Link {...common} to={to} onClick={choose}>
        {content}
      </Link>
    )
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      className="side-menu"
      data-region="side-menu"
      labelledBy={titleId}
      // Drawn with its entries while closed: on the pages the server draws, the script without React opens
      // it as drawn (islands.ts, issue 37).
      keepContent
    >
      <div className="side-menu-inner">
        <div className="side-menu-head">
          <h2 id={titleId} className="side-menu-title">
            {t.t('shell.sideMenu.title')}
          </h2>
          <button
            type="button"
            className="icon-button"
            data-action="close-side-menu"
            onClick={onClose}
            title={t.t('nav.closeMenu')}
          >
            <CloseIcon />
            <span className="visually-hidden">{t.t('nav.closeMenu')}</span>
          </button>
        </div>
        <ul className="menu-list side-menu-list">
          {visible.map((id) => (
            <li key={id}>{entry(id)}</li>
          ))}
        </ul>
      </div>
    </ModalDialog>
  )
}

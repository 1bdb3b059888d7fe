// The shared menu rules first: the profile menu's own come after and refine them.
import './menu.css'
import './profile-menu.css'
import { $auth, getStorage, STORAGE_KEYS, switchProfile } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import { profileMenu, storedBackOfficeRole } from '../../lib/profile-menu.ts'
import { afterProfileSwitch, signOut } from '../../lib/session.ts'
import { Avatar } from './avatar.tsx'
import { BellIcon, DashboardIcon, LogoutIcon, SwitchIcon, UserIcon } from './icons.tsx'
import { InstantToggle } from './instant-toggle.tsx'

/**
 * The signed-in person's menu (spec section 2): a disclosure button with avatar and name; the panel holds the
 * business-owner/expert switch, the instant-sessions toggle and log out. It closes on an outside click, when
 * focus leaves it (Tab) and on Escape.
 */
export function ProfileMenu() {
  const t = useT()
  const navigate = useNavigate()
  const auth = useStore($auth)
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const entries = profileMenu({
    contributorId: getStorage().getItem(STORAGE_KEYS.contributorID),
    role: auth.userRole,
    instantEnabledByAdmin: auth.instantAvailabilityByAdmin,
  })
  // The back office (issue 33): only for an admin or an analyst; read again whenever the session changes.
  const backOffice = auth.token !== null && storedBackOfficeRole() !== null

  useEffect(() => {
    const root = rootRef.current
    if (!open || !root) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      setOpen(false)
      buttonRef.current?.focus()
    }
    // Tab out of the menu (focus moving to something outside it) closes it, as the spec asks; a click on
    // the panel's plain text blurs to nothing and must not.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null
      if (next && !root.contains(next)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    root.addEventListener('keydown', onKeyDown)
    root.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      root.removeEventListener('keydown', onKeyDown)
      root.removeEventListener('focusout', onFocusOut)
    }
  }, [open])

  const switchRole = () => {
    setOpen(false)
    if (switchProfile() === null) return
    afterProfileSwitch()
    void navigate(paths.home.to())
  }

  return (
    <div ref={rootRef} className="profile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu-button"
        data-action="open-profile-menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={auth.userName} role={auth.userRole} size={36} />
        <span className="profile-menu-button-name">{auth.userName ?? t.t('nav.profile')}</span>
        <span className="visually-hidden">{t.t('profileMenu.label')}</span>
      </button>
      <div id={panelId} className="profile-menu-panel" data-region="profile-menu" hidden={!open}>
        <div className="profile-menu-person">
          <Avatar name={auth.userName} role={auth.userRole} size={48} />
          <span data-field="full-name" className="profile-menu-name">
            {auth.userName}
          </span>
        </div>
        <ul className="menu-list profile-menu-entries">
          {entries.switchProfile ? (
            <li>
              <button
                type="button"
                className="menu-entry profile-menu-entry"
                data-profile-item="switch"
                onClick={switchRole}
              >
                <SwitchIcon size={20} />
                {t.t(
                  entries.switchTo === 'contributor'
                    ? 'profileMenu.switchToExpert'
                    : 'profileMenu.switchToBusinessOwner',
                )}
              </button>
            </li>
          ) : null}
          {entries.instantToggle ? (
            <li>
              <InstantToggle />
            </li>
          ) : null}
          {backOffice ? (
            <li>
              <Link
                to={paths.admin.to()}
                className="menu-entry profile-menu-entry"
                data-profile-item="back-office"
                onClick={() => setOpen(false)}
              >
                <DashboardIcon size={20} />
                {t.t('profileMenu.backOffice')}
              </Link>
            </li>
          ) : null}
          <li>
            <Link
              to={paths.mailPreferences.to()}
              className="menu-entry profile-menu-entry"
              data-profile-item="mail-preferences"
              onClick={() => setOpen(false)}
            >
              <BellIcon size={20} />
              {t.t('mailPreferences.menu')}
            </Link>
          </li>
          <li>
            <Link
              to={paths.myData.to()}
              className="menu-entry profile-menu-entry"
              data-profile-item="my-data"
              onClick={() => setOpen(false)}
            >
              <UserIcon size={20} />
              {t.t('myData.menu')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="menu-entry profile-menu-entry"
              data-profile-item="logout"
              onClick={() => void signOut()}
            >
              <LogoutIcon size={20} className="icon-directional" />
              {t.t('profileMenu.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}

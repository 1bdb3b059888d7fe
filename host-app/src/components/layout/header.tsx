import './layout.css'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import { MenuIcon } from './icons.tsx'
import { LanguageToggle } from './language-toggle.tsx'
import { MainNav } from './main-nav.tsx'
import { SideMenu } from './side-menu.tsx'

/**
 * The site header (spec section 2): a top bar with the side-menu button, the logo and name, and the language
 * toggle; below it the main navigation with the search box and sign-in or the profile menu.
 */
export function Header() {
  const t = useT()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <header className="site-header" data-region="header">
      <div className="header-top">
        <div className="header-top-inner">
          <button
            type="button"
            className="icon-button header-menu-button"
            data-action="open-side-menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            title={t.t('nav.openMenu')}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
            <span className="visually-hidden">{t.t('nav.openMenu')}</span>
          </button>
          <Link to={paths.home.to()} className="brand">
            <img src="/favicon.svg" alt="" width={36} height={36} className="brand-logo" />
            <span className="brand-name">{t.t('app.name')}</span>
          </Link>
          <span className="brand-tagline">{t.t('app.tagline')}</span>
          <LanguageToggle />
        </div>
      </div>
      <div className="header-nav">
        <MainNav />
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  )
}

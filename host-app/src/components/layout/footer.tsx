import './footer.css'
import { $signedIn } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ABOUT_URL } from '../../config/env.ts'
import { paths } from '../../config/paths.ts'
import {
  type DeletionDialogEvent,
  type DeletionDialogState,
  deletionDialog,
} from '../../lib/account-deletion.ts'
import { useT } from '../../lib/i18n.ts'
import { startSignIn } from '../../lib/session.ts'
import { ExternalLink } from '../ui/external-link.tsx'
import { DeletionDialog } from './deletion-dialog.tsx'
import { FooterApps, FooterSocial } from './footer-external.tsx'
import { ExternalIcon } from './icons.tsx'

/**
 * The site footer (spec section 2): about, contact, terms and the account-deletion request; the app stores,
 * the five social networks, and the copyright with the current year. Signed out, the deletion request first
 * signs the visitor in (there is no account to delete without it).
 */
export function Footer() {
  const t = useT()
  const signedIn = useStore($signedIn)
  const [deletion, setDeletion] = useState<DeletionDialogState>('closed')
  const dispatch = (event: DeletionDialogEvent) => setDeletion((state) => deletionDialog(state, event))
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer" data-region="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <p className="footer-name">{t.t('app.name')}</p>
            <p className="footer-tagline">{t.t('app.tagline')}</p>
          </div>
        </div>
        <nav className="footer-links" aria-label={t.t('shell.footer.links')}>
          <ul>
            <li>
              <ExternalLink data-footer-item="about" href={ABOUT_URL}>
                {t.t('footer.about')}
                <ExternalIcon size={14} className="footer-external" />
                <span className="visually-hidden">{t.t('shell.newTab')}</span>
              </ExternalLink>
            </li>
            <li>
              <Link data-footer-item="contact" to={paths.info.to('contact_us')}>
                {t.t('footer.contactUs')}
              </Link>
            </li>
            <li>
              <Link data-footer-item="terms" to={paths.info.to('terms_and_conditions')}>
                {t.t('footer.terms')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="footer-link-button"
                data-footer-item="deletion"
                aria-haspopup={signedIn ? 'dialog' : undefined}
                title={signedIn ? undefined : t.t('shell.deletion.signInFirst')}
                onClick={() => (signedIn ? dispatch('open') : void startSignIn())}
              >
                {t.t('footer.requestAccountDeletion')}
              </button>
            </li>
          </ul>
        </nav>
        <FooterApps />
        <FooterSocial />
      </div>
      <div className="footer-bottom">
        <p data-field="copyright">{t.t('footer.copyright', { year })}</p>
      </div>
      <DeletionDialog state={deletion} dispatch={dispatch} />
    </footer>
  )
}

import type { HostAppMessageKey } from '@mashura/core/i18n/host-app'
import type { ComponentType } from 'react'
import { APP_STORE_URLS, SOCIAL_URLS } from '../../config/env.ts'
import { useT } from '../../lib/i18n.ts'
import {
  AppleIcon,
  GooglePlayIcon,
  InstagramIcon,
  LinkedInIcon,
  SnapchatIcon,
  XIcon,
  YouTubeIcon,
} from './brand-icons.tsx'
import type { IconProps } from './icons.tsx'

/** The five social networks, in the order shown, with their icon and accessible name. */
const SOCIAL: { id: keyof typeof SOCIAL_URLS; label: HostAppMessageKey; Icon: ComponentType<IconProps> }[] = [
  { id: 'x', label: 'footer.social.x', Icon: XIcon },
  { id: 'instagram', label: 'footer.social.instagram', Icon: InstagramIcon },
  { id: 'linkedin', label: 'footer.social.linkedin', Icon: LinkedInIcon },
  { id: 'youtube', label: 'footer.social.youtube', Icon: YouTubeIcon },
  { id: 'snapchat', label: 'footer.social.snapchat', Icon: SnapchatIcon },
]

/** The mobile apps' store badges (text and mark, so they translate and stay readable). */
export function FooterApps() {
  const t = useT()
  return (
    <section className="footer-apps" aria-labelledby="footer-apps-title">
      <h2 id="footer-apps-title" className="footer-heading">
        {t.t('footer.downloadApp')}
      </h2>
      <ul>
        <li>
          <a
            className="store-badge"
            data-footer-item="app-store"
            href={APP_STORE_URLS.appStore}
            target="_blank"
            rel="noopener noreferrer"
          >
            <AppleIcon size={24} />
            <span>{t.t('footer.appStore')}</span>
            <span className="visually-hidden">{t.t('shell.newTab')}</span>
          </a>
        </li>
        <li>
          <a
            className="store-badge"
            data-footer-item="google-play"
            href={APP_STORE_URLS.googlePlay}
            target="_blank"
            rel="noopener noreferrer"
          >
            <GooglePlayIcon size={24} />
            <span>{t.t('footer.googlePlay')}</span>
            <span className="visually-hidden">{t.t('shell.newTab')}</span>
          </a>
        </li>
      </ul>
    </section>
  )
}

/** The five fixed social networks as icon links named for screen readers. */
export function FooterSocial() {
  const t = useT()
  return (
    <section className="footer-social" aria-labelledby="footer-social-title">
      <h2 id="footer-social-title" className="footer-heading">
        {t.t('footer.followUs')}
      </h2>
      <ul>
        {SOCIAL.map(({ id, label, Icon }) => (
          <li key={id}>
            <a
              className="social-link"
              data-footer-item={`social-${id}`}
              href={SOCIAL_URLS[id]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t.t(label)} ${t.t('shell.newTab')}`}
              title={t.t(label)}
            >
              <Icon size={22} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

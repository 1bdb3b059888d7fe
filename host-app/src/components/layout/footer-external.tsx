import type { ComponentType, ReactNode } from 'react'
import { APP_STORE_URLS, SOCIAL_URLS } from '../../config/env.ts'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { useT } from '../../lib/i18n.ts'
import { ExternalLink } from '../ui/external-link.tsx'
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

/** The mobile apps' stores, in the order shown, with their mark and name. */
const STORES: {
  id: keyof typeof APP_STORE_URLS
  item: string
  label: HostAppMessageKey
  Icon: ComponentType<IconProps>
}[] = [
  { id: 'appStore', item: 'app-store', label: 'footer.appStore', Icon: AppleIcon },
  { id: 'googlePlay', item: 'google-play', label: 'footer.googlePlay', Icon: GooglePlayIcon },
]

/** A section of the footer's outside links (`footer-{name}`) under its heading. */
function FooterSection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className={`footer-${name}`} aria-labelledby={`footer-${name}-title`}>
      <h2 id={`footer-${name}-title`} className="footer-heading">
        {title}
      </h2>
      <ul>{children}</ul>
    </section>
  )
}

/** The mobile apps' store badges (text and mark, so they translate and stay readable). */
export function FooterApps() {
  const t = useT()
  return (
    <FooterSection name="apps" title={t.t('footer.downloadApp')}>
      {STORES.map(({ id, item, label, Icon }) => (
        <li key={id}>
          <ExternalLink className="store-badge" data-footer-item={item} href={APP_STORE_URLS[id]}>
            <Icon size={24} />
            <span>{t.t(label)}</span>
            <span className="visually-hidden">{t.t('shell.newTab')}</span>
          </ExternalLink>
        </li>
      ))}
    </FooterSection>
  )
}

/** The five fixed social networks as icon links named for screen readers. */
export function FooterSocial() {
  const t = useT()
  return (
    <FooterSection name="social" title={t.t('footer.followUs')}>
      {SOCIAL.map(({ id, label, Icon }) => (
        <li key={id}>
          <ExternalLink
            className="social-link"
            data-footer-item={`social-${id}`}
            href={SOCIAL_URLS[id]}
            aria-label={`${t.t(label)} ${t.t('shell.newTab')}`}
            title={t.t(label)}
          >
            <Icon size={22} />
          </ExternalLink>
        </li>
      ))}
    </FooterSection>
  )
}

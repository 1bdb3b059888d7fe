import type { HostAppMessageKey } from '../../i18n/index.ts'
import { useT } from '../../lib/i18n.ts'

/** The four fixed feature images of the home page (spec section 2), served from `public/features/`. */
const FEATURES: { id: string; src: string; prefix: 'experts' | 'booking' | 'remote' | 'followUp' }[] = [
  { id: 'experts', src: '/features/experts.svg', prefix: 'experts' },
  { id: 'booking', src: '/features/booking.svg', prefix: 'booking' },
  { id: 'remote', src: '/features/remote.svg', prefix: 'remote' },
  { id: 'follow-up', src: '/features/follow-up.svg', prefix: 'followUp' },
]

/** The feature cards: image (sized, lazy: they sit below the fold on a phone), title and a line of text. */
export function Features() {
  const t = useT()
  const key = (prefix: string, part: string) => `home.features.${prefix}.${part}` as HostAppMessageKey
  return (
    <section className="home-section" aria-labelledby="home-features" data-region="features">
      <h2 id="home-features">{t.t('home.features.title')}</h2>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.id} className="feature-card">
            <img
              src={feature.src}
              alt={t.t(key(feature.prefix, 'alt'))}
              width={320}
              height={200}
              loading="lazy"
              decoding="async"
            />
            <h3>{t.t(key(feature.prefix, 'title'))}</h3>
            <p className="muted">{t.t(key(feature.prefix, 'text'))}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { Link } from 'react-router'
import { LanguageToggle } from '../../components/layout/language-toggle.tsx'
import { RateFormWidget } from '../../components/widgets/rate-form-widget.tsx'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import './sme-rate.css'

/**
 * The rating page (`/smeRate?token=…`), without header or footer: a small brand bar with the language
 * toggle, then the rating form for the link's token. A link without a token says so plainly.
 */
export function SmeRatePage({ token }: { token: string | null }) {
  const t = useT()
  return (
    <div data-page="sme-rate" className="rate-page">
      <header className="rate-bar">
        <Link to={paths.home.to()} className="rate-brand" aria-label={t.t('smeRatePage.brand')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t.t('app.name')}</span>
        </Link>
        <LanguageToggle />
      </header>
      {/* The form carries its own visible title; the page's heading names the page for assistive tech. */}
      <h1 className={token ? 'visually-hidden' : undefined}>{t.t('rating.title')}</h1>
      {token ? (
        <RateFormWidget token={token} />
      ) : (
        <p className="rate-missing card" role="alert">
          {t.t('smeRatePage.missingToken')}
        </p>
      )}
    </div>
  )
}

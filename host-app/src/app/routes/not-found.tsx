import { Link } from 'react-router'
import '../../components/layout/not-found.css'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'

/** The page for any address the site does not know, with the way back home. */
export default function NotFoundPage() {
  const t = useT()
  return (
    <section className="not-found" data-page="not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        {t.intl.formatNumber(404, { useGrouping: false })}
      </p>
      <h1 id="not-found-title">{t.t('notFound.title')}</h1>
      <p className="muted">{t.t('notFound.body')}</p>
      <Link className="button button-primary" to={paths.home.to()}>
        {t.t('notFound.backHome')}
      </Link>
    </section>
  )
}

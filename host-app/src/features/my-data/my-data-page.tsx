import { useT } from '../../lib/i18n.ts'
import { AccessList } from './access-list.tsx'
import { ExportCard } from './export-card.tsx'
import './my-data.css'

/**
 * `/my-data`: a signed-in person's own data (issue 34), for both roles: a copy of everything the platform holds
 * about them (asked for, prepared in the background, downloaded), and who read their contact details.
 */
export function MyDataPage() {
  const t = useT()
  return (
    <section className="my-data-page" data-page="my-data">
      <h1>{t.t('myData.title')}</h1>
      <p className="muted">{t.t('myData.intro')}</p>
      <ExportCard />
      <AccessList />
    </section>
  )
}

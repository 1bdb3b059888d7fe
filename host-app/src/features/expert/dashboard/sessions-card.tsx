import '../../../lib/more-messages.ts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'

/**
 * A dashboard card of sessions: its heading (`id` names the card) with the link to that tab of the sessions
 * page beside it, then its content.
 */
export function SessionsCard({
  id,
  title,
  tab,
  region,
  className,
  children,
}: {
  id: string
  title: string
  /** The tab of the sessions page that lists them all. */
  tab: string
  region: string
  className?: string
  children: ReactNode
}) {
  const t = useT()
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id} data-region={region}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        <Link to={paths.sessions.to(tab)}>{t.t('dashboardPage.allSessions')}</Link>
      </div>
      {children}
    </section>
  )
}

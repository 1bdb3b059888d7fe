import '../../../lib/more-messages.ts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import '../recommendations.css'

/**
 * The frame of the recommendations pages: the page's region (`data-page`, `data-session-id`), the way back
 * (to the session, unless `back` says otherwise) above its heading, then the page's content.
 */
export function RecsPage({
  page,
  sessionId,
  back,
  title,
  children,
}: {
  page: string
  sessionId: number
  /** Where the back link goes, and its text. */
  back?: { to: string; label: string }
  title: string
  children: ReactNode
}) {
  const t = useT()
  const { to, label } = back ?? { to: paths.session.to(sessionId), label: t.t('recs.backToSession') }
  return (
    <section className="recs-page" data-page={page} data-session-id={sessionId}>
      <Link className="back-link" to={to}>
        {label}
      </Link>
      <h1>{title}</h1>
      {children}
    </section>
  )
}

import '../../lib/more-messages.ts'
import type { PageMeta } from '@mashura/core'
import { Link, useLocation } from 'react-router'
import { useT } from '../../lib/i18n.ts'
import './pager.css'

/** The address of `page` of the current list: `?page=` set, the rest of the address kept. */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search)
  if (page <= 1) params.delete('page')
  else params.set('page', String(page))
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * Previous and next links of a paged list, with "page x of y". Pages are links (`?page=`), so the back
 * button and a shared address keep the page. Shows nothing for a single page.
 */
export function Pager({ meta }: { meta: PageMeta }) {
  const t = useT()
  const { pathname, search } = useLocation()
  if (meta.last_page <= 1) return null
  return (
    <nav className="pager" aria-label={t.t('smePages.pagination')}>
      {meta.page > 1 ? (
        <Link className="button" to={pageHref(pathname, search, meta.page - 1)} rel="prev">
          {t.t('common.previous')}
        </Link>
      ) : null}
      <span className="pager-status">
        {t.t('common.pagination', { page: meta.page, total: meta.last_page })}
      </span>
      {meta.page < meta.last_page ? (
        <Link className="button" to={pageHref(pathname, search, meta.page + 1)} rel="next">
          {t.t('common.next')}
        </Link>
      ) : null}
    </nav>
  )
}

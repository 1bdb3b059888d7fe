import { useT } from '../../lib/i18n.ts'

/** What a page shows while its data or its code loads: a visible and announced "loading". */
export function PageLoading() {
  const t = useT()
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t.t('common.loading')}</span>
    </div>
  )
}

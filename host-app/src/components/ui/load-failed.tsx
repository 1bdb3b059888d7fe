import '../../lib/more-messages.ts'
import { useT } from '../../lib/i18n.ts'

/** What a list shows when its load failed (spec 8: logged only): a plain message and a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <div className="empty-state" data-state="load-failed">
      <p>{t.t('smePages.loadFailed')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t.t('common.retry')}
      </button>
    </div>
  )
}

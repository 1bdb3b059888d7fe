import '../../lib/more-messages.ts'
import { useState } from 'react'
import { LoadFailed } from '../../components/ui/load-failed.tsx'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { useT } from '../../lib/i18n.ts'
import { NotificationItem } from './notification-item.tsx'
import { PushCard } from './push-card.tsx'
import { useNotifications } from './use-notifications.ts'
import './notifications.css'

/**
 * `/notifications`: the expert's notifications, newest first, a server page at a time ("show more"), each
 * opening its request or session and marked read there or by its button; browser notifications on top.
 */
export function NotificationsPage() {
  const t = useT()
  const { items, meta, loading, failed, loadMore, markRead } = useNotifications(t.lang)
  const [announce, setAnnounce] = useState(0)
  const more = meta !== null && meta.page < meta.last_page
  const onRead = (id: number) =>
    void markRead(id).then((ok) => {
      if (ok) setAnnounce((n) => n + 1)
    })
  return (
    <section className="notifications-page" data-page="notifications">
      <h1>{t.t('notifications.title')}</h1>
      <PushCard />
      <p className="muted" role="status" data-region="notifications-count">
        {meta ? t.t('notificationsPage.count', { count: meta.total }) : null}
        {announce > 0 ? (
          <span className="visually-hidden"> {t.t('notificationsPage.markedRead')}</span>
        ) : null}
      </p>
      {meta && items.length === 0 && !loading ? (
        <div className="empty-state" data-state="empty">
          <p className="empty-title">{t.t('empty.notifications')}</p>
          <p>{t.t('notificationsPage.emptyHint')}</p>
        </div>
      ) : (
        <ul
          className="notification-items"
          data-region="notification-list"
          aria-busy={loading && items.length === 0}
        >
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onRead={onRead} />
          ))}
        </ul>
      )}
      {loading ? <PageLoading /> : null}
      {failed ? <LoadFailed onRetry={loadMore} /> : null}
      {more && !loading && !failed ? (
        <button
          type="button"
          className="button notifications-more"
          data-action="load-more"
          onClick={loadMore}
        >
          {t.t('notifications.loadMore')}
        </button>
      ) : null}
    </section>
  )
}

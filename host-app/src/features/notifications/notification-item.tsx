import { type AppNotification, formatDateTime, timeZoneLabel } from '@mashura/core'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'

/** Where a notification leads: its request before its session (as push messages do, spec 4). */
export function notificationLink(notification: AppNotification): string | null {
  if (notification.data.request_id) return paths.request.to(notification.data.request_id)
  if (notification.data.session_id) return paths.session.to(notification.data.session_id)
  return null
}

/** One notification: title, text, time (Riyadh), unread mark, open (marking it read) and mark-read. */
export function NotificationItem({ item, onRead }: { item: AppNotification; onRead: (id: number) => void }) {
  const t = useT()
  const unread = item.read_at === null
  const link = notificationLink(item)
  const titleId = `notification-${item.id}`
  return (
    <li
      className={`card notification-item${unread ? ' notification-item-unread' : ''}`}
      data-notification-id={item.id}
      data-state={unread ? 'unread' : 'read'}
      aria-labelledby={titleId}
    >
      <div className="notification-item-head">
        <h2 id={titleId}>{item.title}</h2>
        <span className={unread ? 'notification-badge' : 'notification-badge notification-badge-read'}>
          {t.t(unread ? 'notificationsPage.unread' : 'notificationsPage.readState')}
        </span>
      </div>
      <p>{item.body}</p>
      <p className="muted notification-item-time">
        <time dateTime={item.created_at}>{formatDateTime(item.created_at, t.lang)}</time> (
        {timeZoneLabel(t.lang)})
      </p>
      {link || unread ? (
        <div className="notification-item-actions">
          {link ? (
            <Link
              className="button button-primary"
              to={link}
              data-action="open-notification"
              onClick={() => unread && onRead(item.id)}
            >
              {t.t('notificationsPage.open')}
            </Link>
          ) : null}
          {unread ? (
            <button type="button" className="button" onClick={() => onRead(item.id)} data-action="mark-read">
              {t.t('notificationsPage.markRead')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

import '../../lib/more-messages.ts'
import { type AppNotification, formatDateTime, timeZoneLabel } from '@mashura/core'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import { pushMessageLink } from '../../lib/live.ts'

/** Where a notification leads: its request before its session, by spec 4's push-message rule. */
export function notificationLink(notification: AppNotification): string | null {
  return pushMessageLink(notification.data, paths.notifications.to())
}

/**
 * One notification: its title, a link to what it is about when it names a request or a session (opening it
 * marks it read), its text, when it came (the Gregorian date, with the Hijri date in Arabic, and the time, in
 * Riyadh time), an unread mark, and mark-read.
 */
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
        <h2 id={titleId}>
          {link ? (
            <Link
              className="notification-item-link"
              to={link}
              data-action="open-notification"
              onClick={() => unread && onRead(item.id)}
            >
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h2>
        <span className={unread ? 'notification-badge' : 'notification-badge notification-badge-read'}>
          {t.t(unread ? 'notificationsPage.unread' : 'notificationsPage.readState')}
        </span>
      </div>
      <p>{item.body}</p>
      <p className="muted notification-item-time">
        <time dateTime={item.created_at} data-field="notification-date">
          {formatDateTime(item.created_at, t.lang)}
        </time>{' '}
        {timeZoneLabel(t.lang)}
      </p>
      {unread ? (
        <div className="notification-item-actions">
          <button type="button" className="button" onClick={() => onRead(item.id)} data-action="mark-read">
            {t.t('notificationsPage.markRead')}
          </button>
        </div>
      ) : null}
    </li>
  )
}

import '../../../lib/more-messages.ts'
import { canOwnerChange, formatDate, formatTime, type SessionRequest, timeZoneLabel } from '@mashura/core'
import { useId } from 'react'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { useT } from '../../../lib/i18n.ts'

/** A change the business owner makes to her own waiting request. */
export type RequestChange = 'withdraw' | 'move'

/** The cut-off in whole hours before the request's time (24 by default), read from `changeable_until`. */
export function cutoffHoursOf(request: SessionRequest & { changeable_until: string }): number {
  return Math.round((Date.parse(request.slot.start) - Date.parse(request.changeable_until)) / 3_600_000)
}

/**
 * The business owner's Withdraw and Move buttons for her own waiting request (issue 34) and until when they
 * work. After the cut-off both stay, `aria-disabled` and described by why and since when they are closed, so
 * that keyboard and screen-reader users reach the reason from the button itself.
 */
export function OwnerRequestChanges({
  request,
  busy,
  onChange,
}: {
  request: SessionRequest & { changeable_until: string }
  busy: boolean
  onChange: (change: RequestChange) => void
}) {
  const t = useT()
  const noteId = useId()
  const open = canOwnerChange(request, new Date())
  const lang = t.lang
  const values = {
    date: formatDate(request.changeable_until, lang),
    time: formatTime(request.changeable_until, lang),
    zone: timeZoneLabel(lang),
    hours: cutoffHoursOf(request),
  }
  const button = (change: RequestChange, label: string) => (
    <ActionButton
      action={`${change}-request`}
      aria-disabled={busy || !open}
      aria-describedby={noteId}
      data-closed={open ? undefined : ''}
      onClick={() => {
        if (!busy && open) onChange(change)
      }}
    >
      {label}
    </ActionButton>
  )
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a form; a labelled group is the pattern
    <div
      className="owner-request-changes"
      role="group"
      aria-label={t.t('myBookings.changes')}
      data-region="owner-changes"
    >
      <div className="request-actions">
        {button('move', t.t('myBookings.move'))}
        {button('withdraw', t.t('myBookings.withdraw'))}
      </div>
      <p id={noteId} className="muted" data-region={open ? 'changes-until' : 'changes-closed'}>
        {t.t(open ? 'myBookings.changesUntil' : 'myBookings.changesClosed', values)}
      </p>
    </div>
  )
}

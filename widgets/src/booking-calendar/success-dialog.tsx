import type { Translator } from '@mashura/core'
import { useEffect, useId, useState } from 'react'
import { ModalDialog } from '../shared/modal-dialog.tsx'

/** What the success modal says: a booked session, or for an advisor a request awaiting an answer. */
export interface BookingOutcome {
  /** True for an advisor's request. */
  pending: boolean
  /** The expert's name. */
  name: string
  /** The session's date, formatted. */
  date: string
  /** The session's time, formatted and labelled as Saudi Arabia time. */
  time: string
  /** The new session's (or request's) page, or null when the host gave no address for it. */
  href: string | null
  /** The iCalendar file offered for download. */
  calendar: { fileName: string; content: string }
}

/** The props of {@link SuccessDialog}. */
export interface SuccessDialogProps {
  t: Translator<string>
  /** The outcome to show; the dialog is closed when null. */
  outcome: BookingOutcome | null
  onClose: () => void
}

/**
 * The success modal of spec section 4: booked with date and time, or (advisors) awaiting the expert's answer;
 * with the link to the session (or request) when the host gave its address, and the session as an `.ics` file.
 */
export function SuccessDialog({ t, outcome, onClose }: SuccessDialogProps) {
  const titleId = useId()
  const [fileUrl, setFileUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!outcome) return
    const url = URL.createObjectURL(
      new Blob([outcome.calendar.content], { type: 'text/calendar;charset=utf-8' }),
    )
    setFileUrl(url)
    return () => {
      URL.revokeObjectURL(url)
      setFileUrl(null)
    }
  }, [outcome])
  if (!outcome) return null
  const values = { name: outcome.name, date: outcome.date, time: outcome.time }
  return (
    <ModalDialog labelledBy={titleId} role="alertdialog" onClose={onClose}>
      <div part="success-dialog" className="dialog-body" data-pending={outcome.pending}>
        <h2 id={titleId} className="dialog-title">
          {outcome.pending ? t.t('booking.requestSentTitle') : t.t('booking.successTitle')}
        </h2>
        <p className="success-text">
          {outcome.pending
            ? t.t('bookingCalendar.requestAwaits', values)
            : t.t('booking.successBody', values)}
        </p>
        <div className="dialog-actions">
          {/* biome-ignore lint/a11y/noAutofocus: closing is the dialog's first action and takes focus, as a modal's should */}
          <button type="button" part="close" className="m-button" autoFocus onClick={onClose}>
            {t.t('common.close')}
          </button>
          {outcome.href && (
            <a part="session-link" className="m-button m-button-quiet" href={outcome.href}>
              {t.t(outcome.pending ? 'requests.details' : 'sessions.details')}
            </a>
          )}
          {fileUrl && (
            <a
              part="add-to-calendar"
              className="m-button m-button-quiet"
              href={fileUrl}
              download={outcome.calendar.fileName}
            >
              {t.t('bookingCalendar.addToCalendar')}
            </a>
          )}
        </div>
      </div>
    </ModalDialog>
  )
}

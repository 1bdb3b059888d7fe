import type { Translator } from '@mashura/core'
import { useId } from 'react'
import { ModalDialog } from './modal-dialog.tsx'

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
}

/** The props of {@link SuccessDialog}. */
export interface SuccessDialogProps {
  t: Translator<string>
  /** The outcome to show; the dialog is closed when null. */
  outcome: BookingOutcome | null
  onClose: () => void
}

/** The success modal of spec section 4: booked with date and time, or (advisors) awaiting the expert's answer. */
export function SuccessDialog({ t, outcome, onClose }: SuccessDialogProps) {
  const titleId = useId()
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
          {/* biome-ignore lint/a11y/noAutofocus: the dialog's one action takes focus, as a modal should */}
          <button type="button" part="close" className="m-button" autoFocus onClick={onClose}>
            {t.t('common.close')}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}

import type { Slot, Subject, Translator } from '@mashura/core'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { IsolatedMessage } from '../shared/isolated-message.tsx'
import { ModalDialog } from '../shared/modal-dialog.tsx'
import { RadioOption } from '../shared/radio-option.tsx'
import { slotDate, slotSpanWithZone } from './format.ts'
import type { Way } from './ways.ts'

/** The props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  t: Translator<string>
  /** The slot being booked; the dialog is closed when null. */
  slot: Slot | null
  /** The expert's name. */
  expertName: string
  /** Whether confirming sends a request the expert accepts or not (advisors) rather than booking outright. */
  request: boolean
  /** The ways the slot allows, in the order offered. */
  ways: Way[]
  /** The chosen way. */
  way: Way
  onWayChange: (way: Way) => void
  /** The subjects to choose from; no choice is shown for fewer than two. */
  subjects: Subject[]
  /** The chosen subject's id. */
  subjectId: number | null
  onSubjectChange: (subjectId: number) => void
  /** Whether the booking call is under way. */
  busy: boolean
  /** Why the booking failed, shown in the dialog (focused and announced), or null. */
  refusal?: { message: string; retry: boolean; key: number } | null | undefined
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The confirmation step (for an advisor, sending the request the expert answers): the slot's date (with the
 * Hijri date in Arabic), its start, end and length in Riyadh time, the server's refusal when booking failed
 * (focused, announced, kept until the dialog closes or the next try), the way to hold the session (only those
 * the slot allows; the office is the slot's own), the subject when the expert covers several, then confirm or
 * cancel ("Choose another time" after a refusal that trying again cannot change), in a modal dialog.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t, slot, expertName, request, ways, way, subjects, subjectId, busy } = props
  const titleId = useId()
  const wayName = useId()
  const subjectName = useId()
  const refusal = props.refusal ?? null
  const refusalRef = useRef<HTMLDivElement>(null)
  // Each new refusal takes the focus, so it is read out and seen where the person is (a phone's dialog).
  useEffect(() => {
    if (refusal) refusalRef.current?.focus()
  }, [refusal])
  if (!slot) return null
  const final = refusal !== null && !refusal.retry
  return (
    <ModalDialog labelledBy={titleId} onClose={props.onCancel} dismissable={!busy}>
      <form
        part="confirm-dialog"
        className="dialog-body"
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) props.onConfirm()
        }}
      >
        <h2 id={titleId} className="dialog-title">
          {t.t(request ? 'bookingCalendar.requestTitle' : 'bookingCalendar.confirmTitle')}
        </h2>
        {request && (
          <p part="request-note" className="request-note">
            <IsolatedMessage t={t} id="bookingCalendar.requestExplained" isolated={{ name: expertName }} />
          </p>
        )}
        <dl className="facts">
          <dt>{t.t('bookingCalendar.expert')}</dt>
          <dd>
            <bdi>{expertName}</bdi>
          </dd>
          <dt>{t.t('bookingCalendar.date')}</dt>
          <dd>{slotDate(t, slot)}</dd>
          <dt>{t.t('bookingCalendar.time')}</dt>
          <dd>{slotSpanWithZone(t, slot)}</dd>
        </dl>
        {refusal && (
          <div
            key={refusal.key}
            part="refusal"
            className="refusal"
            role="alert"
            tabIndex={-1}
            ref={refusalRef}
          >
            <strong>{t.t('bookingCalendar.refusedTitle')}</strong> <span>{refusal.message}</span>
          </div>
        )}
        {!final && (
          <>
            <Choice label={t.t('booking.communicationWay')}>
              {ways.map((option) => (
                <RadioOption
                  key={option}
                  className="option"
                  name={wayName}
                  value={option}
                  checked={way === option}
                  onChoose={() => props.onWayChange(option)}
                >
                  {option === 'online' ? t.t('booking.online') : t.t('booking.inOffice')}
                </RadioOption>
              ))}
            </Choice>
            {way === 'office' && slot.office && (
              <div part="office" className="office">
                <span className="choice-label">{t.t('bookingCalendar.office')}</span>
                <span className="office-name">{slot.office.name}</span>
                {slot.office.address && <span className="office-address">{slot.office.address}</span>}
              </div>
            )}
            {subjects.length > 1 && (
              <Choice label={t.t('bookingCalendar.subject')}>
                {subjects.map((subject) => (
                  <RadioOption
                    key={subject.id}
                    className="option"
                    name={subjectName}
                    value={subject.id}
                    checked={subjectId === subject.id}
                    onChoose={() => props.onSubjectChange(subject.id)}
                  >
                    {subject.name}
                  </RadioOption>
                ))}
              </Choice>
            )}
          </>
        )}
        <div className="dialog-actions">
          {!final && (
            <button type="submit" part="confirm" className="m-button" aria-disabled={busy}>
              {refusal
                ? t.t('bookingCalendar.tryAgain')
                : request
                  ? t.t(busy ? 'bookingCalendar.sendingRequest' : 'bookingCalendar.sendRequest')
                  : t.t(busy ? 'bookingCalendar.booking' : 'booking.confirm')}
            </button>
          )}
          <button
            type="button"
            part="cancel"
            className={final ? 'm-button' : 'm-button m-button-quiet'}
            disabled={busy}
            onClick={props.onCancel}
          >
            {t.t(final ? 'bookingCalendar.chooseAnother' : 'common.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** A labelled radio group of the dialog; the label is shown, and read once, as the group's name. */
function Choice({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="radiogroup" className="choice" aria-label={label}>
      <span className="choice-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  )
}

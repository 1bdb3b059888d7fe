import { type FormEvent, useId, useRef, useState } from 'react'
import { DialogButtons, ReasonField, RoomDialog, type RoomDialogFrame } from './room-dialog.tsx'

/** The props of {@link EndDialog}: the room's dialog frame (`busy` while the end call runs), and the step. */
export interface EndDialogProps extends RoomDialogFrame {
  /** Ends the session with the reason given. */
  onEnd(reason: string): void
}

/** The end-meeting dialog: a required reason, then End (spec section 4: end with an end reason). */
export function EndDialog({ onEnd, ...frame }: EndDialogProps) {
  const { onClose, busy, t } = frame
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  const hintId = useId()
  const errorId = useId()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (reason.trim() === '') {
      setMissing(true)
      fieldRef.current?.focus()
      return
    }
    onEnd(reason.trim())
  }

  return (
    <RoomDialog {...frame} title={t.t('meeting.end')}>
      <form className="dialog-form" part="end-form" noValidate onSubmit={submit}>
        <p className="hint" id={hintId}>
          {t.t('sessionRoom.endHint')}
        </p>
        <ReasonField
          label={t.t('meeting.endReason')}
          fieldRef={fieldRef}
          rows={4}
          placeholder={t.t('meeting.endReasonPlaceholder')}
          invalid={missing}
          describedBy={missing ? `${hintId} ${errorId}` : hintId}
          value={reason}
          onChange={(value) => {
            setReason(value)
            if (value.trim() !== '') setMissing(false)
          }}
        />
        {missing && (
          <p className="field-error" part="error" id={errorId}>
            {t.t('errors.fieldRequired')}
          </p>
        )}
        <DialogButtons
          confirm={t.t('meeting.end')}
          busy={busy}
          keep={t.t('sessionRoom.keep')}
          onKeep={onClose}
        />
      </form>
    </RoomDialog>
  )
}

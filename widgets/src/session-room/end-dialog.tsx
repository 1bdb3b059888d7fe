import { type FormEvent, useId, useRef, useState } from 'react'
import { DialogButtons, ReasonField, RoomDialog } from './room-dialog.tsx'
import type { RoomTranslator } from './session-details.tsx'
import type { RoomNotice } from './use-room-actions.ts'

/** The props of {@link EndDialog}. */
export interface EndDialogProps {
  /** Whether the dialog is open. */
  isOpen: boolean
  /** Closes the dialog (Escape, outside click, the back button). */
  onClose(): void
  /** Ends the session with the reason given. */
  onEnd(reason: string): void
  /** Whether the end call runs. */
  busy: boolean
  /** An error of the dialog's call. */
  notice?: RoomNotice | null | undefined
  /** Where the dialog renders. */
  portal: Element | null
  /** The translator. */
  t: RoomTranslator
}

/** The end-meeting dialog: a required reason, then End (spec section 4: end with an end reason). */
export function EndDialog({ isOpen, onClose, onEnd, busy, notice, portal, t }: EndDialogProps) {
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
    <RoomDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t.t('meeting.end')}
      portal={portal}
      busy={busy}
      dir={t.dir}
      notice={notice}
    >
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

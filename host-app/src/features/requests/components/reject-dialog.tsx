import { ModalDialog } from '@mashura/widgets/react'
import { useId, useState } from 'react'
import { useT } from '../../../lib/i18n.ts'

/** The props of {@link RejectDialog}. */
export interface RejectDialogProps {
  /** Whether the dialog is open. */
  open: boolean
  /** Whether the rejection is being sent. */
  busy: boolean
  /** Closes without rejecting. */
  onClose: () => void
  /** Rejects with the (trimmed, non-blank) reason. */
  onReject: (reason: string) => void
}

/** Asks an advisor why they reject a request: a required reason; Reject stays disabled while it is blank. */
export function RejectDialog({ open, busy, onClose, onReject }: RejectDialogProps) {
  const t = useT()
  const fieldId = useId()
  const titleId = useId()
  const [reason, setReason] = useState('')
  const blank = reason.trim() === ''
  return (
    <ModalDialog
      open={open}
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop={false}
      className="dialog reject-dialog"
    >
      <h2 id={titleId} className="dialog-title">
        {t.t('requestPage.rejectTitle')}
      </h2>
      <form
        data-region="reject-dialog"
        onSubmit={(event) => {
          event.preventDefault()
          if (!blank) onReject(reason.trim())
        }}
      >
        <label htmlFor={fieldId} className="field-label">
          {t.t('requests.rejectReason')}
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={4}
          required
          className="field"
          placeholder={t.t('requests.rejectReasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} data-action="reject-cancel">
            {t.t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button-danger"
            disabled={blank || busy}
            data-action="reject-send"
          >
            {t.t('requests.reject')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

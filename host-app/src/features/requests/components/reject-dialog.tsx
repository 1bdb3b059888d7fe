import '../../../lib/more-messages.ts'
import { useState } from 'react'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { LabelledTextArea } from '../../../components/ui/labelled-text-area.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
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
  const [reason, setReason] = useState('')
  const blank = reason.trim() === ''
  return (
    <SiteDialog
      open={open}
      onClose={onClose}
      className="reject-dialog"
      title={t.t('requestPage.rejectTitle')}
    >
      <form
        data-region="reject-dialog"
        onSubmit={(event) => {
          event.preventDefault()
          if (!blank) onReject(reason.trim())
        }}
      >
        <LabelledTextArea
          label={t.t('requests.rejectReason')}
          name="reason"
          rows={4}
          required
          className="field"
          placeholder={t.t('requests.rejectReasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <DialogActions
          cancel={{ label: t.t('common.cancel'), action: 'reject-cancel', onClick: onClose }}
          confirm={{
            label: t.t('requests.reject'),
            action: 'reject-send',
            submit: true,
            disabled: blank || busy,
          }}
        />
      </form>
    </SiteDialog>
  )
}

import { DialogButtons, RoomDialog } from './room-dialog.tsx'
import type { RoomTranslator } from './session-details.tsx'
import type { RoomNotice } from './use-room-actions.ts'

/** The props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** Whether the dialog is open. */
  isOpen: boolean
  /** The dialog's title: the step it confirms. */
  title: string
  /** The question it asks. */
  question: string
  /** Closes the dialog (Escape, outside click, the back button). */
  onClose(): void
  /** Takes the step. */
  onConfirm(): void
  /** Whether the call runs. */
  busy: boolean
  /** An error of the dialog's call. */
  notice?: RoomNotice | null | undefined
  /** Where the dialog renders. */
  portal: Element | null
  /** The translator. */
  t: RoomTranslator
}

/**
 * A confirmation before a step that cannot be undone (marking the business owner absent, ending an
 * instant session): the question, Confirm and Go back.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { isOpen, title, question, onClose, onConfirm, busy, notice, portal, t } = props
  return (
    <RoomDialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      portal={portal}
      busy={busy}
      dir={t.dir}
      notice={notice}
    >
      <p className="hint">{question}</p>
      <DialogButtons
        confirm={t.t('common.confirm')}
        onConfirm={onConfirm}
        busy={busy}
        keep={t.t('sessionRoom.keep')}
        onKeep={onClose}
      />
    </RoomDialog>
  )
}

import { DialogButtons, RoomDialog, type RoomDialogFrame } from './room-dialog.tsx'

/** The props of {@link ConfirmDialog}: the room's dialog frame (`busy` while the call runs), and the step. */
export interface ConfirmDialogProps extends RoomDialogFrame {
  /** The dialog's title: the step it confirms. */
  title: string
  /** The question it asks. */
  question: string
  /** Takes the step. */
  onConfirm(): void
}

/**
 * A confirmation before a step that cannot be undone (marking the business owner absent, ending an
 * instant session): the question, Confirm and Go back.
 */
export function ConfirmDialog({ question, onConfirm, ...frame }: ConfirmDialogProps) {
  const { onClose, busy, t } = frame
  return (
    <RoomDialog {...frame}>
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

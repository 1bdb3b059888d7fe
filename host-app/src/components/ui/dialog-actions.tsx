import { ActionButton, type ActionButtonProps } from './action-button.tsx'

/** One button of a dialog's row of actions: its label and what it does. */
export interface DialogButton extends Omit<ActionButtonProps, 'tone' | 'children'> {
  label: string
}

/**
 * A dialog's two actions: the way out (an outlined button) and the act itself, red when it destroys
 * (`danger`, the default) or in the primary colour.
 */
export function DialogActions({
  cancel: { label: cancelLabel, ...cancel },
  confirm: { label: confirmLabel, ...confirm },
  tone = 'danger',
}: {
  cancel: DialogButton
  confirm: DialogButton
  tone?: 'danger' | 'primary'
}) {
  return (
    <div className="dialog-actions">
      <ActionButton {...cancel}>{cancelLabel}</ActionButton>
      <ActionButton {...confirm} tone={tone}>
        {confirmLabel}
      </ActionButton>
    </div>
  )
}

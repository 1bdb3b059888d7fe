import { type DialogHTMLAttributes, type ReactNode, useEffect, useRef } from 'react'

/** The props of {@link Modal}: a native `<dialog>`'s own attributes (data hooks, labels) plus these. */
export interface ModalProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel'> {
  /** Whether the dialog is shown (modally). */
  open: boolean
  /** Called on Escape; leave it out for a dialog that only its own buttons may close. */
  onDismiss?: () => void
  /** Whether a click on the backdrop dismisses it too (drawers). */
  dismissOnBackdrop?: boolean
  children: ReactNode
}

/**
 * A modal on the native `<dialog>` that passes its attributes through, for the shell's dialogs that carry
 * data hooks (`data-region`, `data-state`). The browser traps focus, makes the page inert and gives focus
 * back to the opener when it closes. On opening, an element marked `data-autofocus` gets the focus.
 */
export function Modal({ open, onDismiss, dismissOnBackdrop, children, ...attributes }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const dismissRef = useRef(onDismiss)
  dismissRef.current = onDismiss
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      // A marked element (a heading before long text) takes focus instead of the first button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which keyboards already have
    <dialog
      ref={ref}
      {...attributes}
      onCancel={(event) => {
        // The browser would close the dialog behind React's back; the owner decides instead.
        event.preventDefault()
        dismissRef.current?.()
      }}
      onClick={(event) => {
        // A click whose target is the dialog itself landed on the backdrop (the content fills the box).
        if (dismissOnBackdrop && event.target === event.currentTarget) dismissRef.current?.()
      }}
    >
      {open ? children : null}
    </dialog>
  )
}

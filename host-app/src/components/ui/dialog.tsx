import { type ReactNode, useEffect, useId, useRef } from 'react'

/** The props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is open. */
  open: boolean
  /** The heading, which also names the dialog for screen readers. */
  title: string
  /** Called when the visitor dismisses it (Escape). */
  onClose: () => void
  children: ReactNode
  /** Extra class for the `<dialog>`. */
  className?: string
}

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the page inert, closes on Escape
 * and gives focus back to the opener. Content and buttons come from the caller.
 */
export function Dialog({ open, title, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={['dialog', className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault()
        closeRef.current()
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  )
}

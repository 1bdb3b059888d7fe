import { type ReactNode, useEffect, useRef } from 'react'

/** The props of {@link ModalDialog}. */
export interface ModalDialogProps {
  /** The id of the dialog's heading. */
  labelledBy: string
  /** `dialog`, or `alertdialog` for an outcome that needs acknowledging. */
  role?: 'dialog' | 'alertdialog'
  /** Called on Escape or a click on the backdrop, unless `dismissable` is false. */
  onClose: () => void
  /** Whether Escape and the backdrop close the dialog; false while a call runs. */
  dismissable?: boolean
  children: ReactNode
}

/**
 * A modal dialog on the platform's own `<dialog>`: `showModal()` makes everything else inert, traps focus,
 * moves it in (to the first control or the `autoFocus` one) and closes on Escape; focus goes back to
 * where it was when the dialog closes.
 *
 * Why not React Aria's Modal: inside a shadow root its outside-hiding marks the widget's own host inert
 * and its focus scope reads `document.activeElement` (the host), unless the private `enableShadowDOM`
 * flag is set, which is not part of its public API; the dialog then opened with focus lost to the page.
 */
export function ModalDialog({
  labelledBy,
  role = 'dialog',
  onClose,
  dismissable = true,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const closeRef = useRef({ onClose, dismissable })
  closeRef.current = { onClose, dismissable }

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const root = dialog.getRootNode() as Document | ShadowRoot
    const previous = root.activeElement
    dialog.showModal()
    return () => {
      dialog.close()
      // The element that opened the dialog may be gone (a booked slot); callers then move focus themselves.
      if (previous instanceof HTMLElement && previous.isConnected && !previous.matches(':disabled'))
        previous.focus()
    }
  }, [])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse extra; Escape (onCancel) is its keyboard twin
    <dialog
      ref={ref}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // React state decides whether the dialog is open; the browser must not close it behind its back.
        event.preventDefault()
        if (closeRef.current.dismissable) closeRef.current.onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget && closeRef.current.dismissable) closeRef.current.onClose()
      }}
    >
      {children}
    </dialog>
  )
}

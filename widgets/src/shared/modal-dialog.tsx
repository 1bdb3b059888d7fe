import { type DialogHTMLAttributes, type ReactNode, useEffect, useRef } from 'react'
import css from './modal-dialog.css?inline'
import { tabWrapTarget } from './tab-stops.ts'

/** The styles of {@link ModalDialog}'s `modal` class, for the sheets of the widgets that show one. */
export const modalDialogCss: string = css

/**
 * The props of {@link ModalDialog}; other attributes of `<dialog>` (data hooks such as `data-region`) pass
 * through to it.
 */
export interface ModalDialogProps
  extends Omit<
    DialogHTMLAttributes<HTMLDialogElement>,
    'open' | 'role' | 'onClose' | 'onCancel' | 'onClick' | 'onKeyDown' | 'className' | 'dir' | 'children'
  > {
  /** The id of the dialog's heading. */
  labelledBy: string
  /** `dialog`, or `alertdialog` for an outcome that needs acknowledging. */
  role?: 'dialog' | 'alertdialog'
  /**
   * Whether the dialog is shown; true by default, for callers that mount it only while open. Closed, the
   * `<dialog>` stays in the page, empty, for callers whose page keeps it there.
   */
  open?: boolean | undefined
  /**
   * Called on Escape or a click on the backdrop, unless `dismissable` is false; without it only the dialog's
   * own buttons close it (the host's terms, which only agreeing closes).
   */
  onClose?: (() => void) | undefined
  /** Whether Escape and the backdrop close the dialog; false while a call runs. */
  dismissable?: boolean
  /** Whether a click on the backdrop closes it as Escape does; true by default. */
  closeOnBackdrop?: boolean | undefined
  /** The dialog's `part` names, for widgets whose dialog element itself is a documented part. */
  part?: string | undefined
  /**
   * Whether the closed dialog keeps its content in the page (hidden, as a closed `<dialog>` is): for a dialog
   * the server draws for a script without React to open (the host app's side menu, `host-app/src/islands.ts`).
   */
  keepContent?: boolean | undefined
  /** The dialog's class; `modal` by default, which {@link modalDialogCss} styles (with its `::backdrop`). */
  className?: string | undefined
  /** The writing direction, when the dialog must state it rather than inherit it. */
  dir?: 'rtl' | 'ltr' | undefined
  children: ReactNode
}

/**
 * A modal dialog on the platform's own `<dialog>`, the one dialog of the widgets and the host app:
 * `showModal()` makes everything else inert, traps focus, moves it in (to the first control, the `autoFocus`
 * one, or an element marked `data-autofocus`, such as a heading before long text) and closes on Escape;
 * focus goes back to where it was when the dialog closes. Tab from the last control wraps to the first
 * (Shift+Tab from the first to the last), where the browser would let it leave the page.
 *
 * Why not React Aria's Modal: inside a shadow root its outside-hiding marks the widget's own host inert
 * and its focus scope reads `document.activeElement` (the host), unless the private `enableShadowDOM`
 * flag is set, which is not part of its public API; the dialog then opened with focus lost to the page.
 */
export function ModalDialog({
  labelledBy,
  role = 'dialog',
  open = true,
  onClose,
  dismissable = true,
  closeOnBackdrop = true,
  keepContent = false,
  part,
  className = 'modal',
  dir,
  children,
  ...attributes
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const closeRef = useRef({ onClose, dismissable })
  closeRef.current = { onClose, dismissable }
  const dismiss = () => {
    if (closeRef.current.dismissable) closeRef.current.onClose?.()
  }

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const root = dialog.getRootNode() as Document | ShadowRoot
    const previous = root.activeElement
    dialog.showModal()
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      dialog.close()
      // The element that opened the dialog may be gone (a booked slot); callers then move focus themselves.
      if (previous instanceof HTMLElement && previous.isConnected && !previous.matches(':disabled'))
        previous.focus()
    }
  }, [open])

  return (
    <dialog
      {...attributes}
      ref={ref}
      part={part}
      className={className}
      dir={dir}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // React state decides whether the dialog is open; the browser must not close it behind its back.
        event.preventDefault()
        dismiss()
      }}
      onKeyDown={(event) => {
        const wrapTo = tabWrapTarget(event.currentTarget, event)
        if (!wrapTo) return
        event.preventDefault()
        wrapTo.focus()
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (closeOnBackdrop && event.target === event.currentTarget) dismiss()
      }}
    >
      {open || keepContent ? children : null}
    </dialog>
  )
}

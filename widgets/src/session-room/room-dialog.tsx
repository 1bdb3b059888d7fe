import { REASON_MAX } from '@mashura/core/contract/limits'
import { type ReactNode, type Ref, useId } from 'react'
import { createPortal } from 'react-dom'
import { ModalDialog } from '../shared/modal-dialog.tsx'
import { ErrorNotice } from '../shared/notice.tsx'
import type { RoomTranslator } from './session-details.tsx'
import type { RoomNotice } from './use-room-actions.ts'

/** What every dialog of the room is given by the room. */
export interface RoomDialogFrame {
  /** Whether the dialog is open. */
  isOpen: boolean
  /** Closes the dialog (Escape, a click outside, the going-back button). */
  onClose(): void
  /** Where the dialog renders: the widget's wrapper, whose `lang` and inherited styles it takes. */
  portal: Element | null
  /** Whether a call runs: the dialog then stays open (no Escape, no outside click). */
  busy: boolean
  /** An error of the dialog's call, shown inside it where focus is. */
  notice?: RoomNotice | null | undefined
  /** The translator; its `dir` is repeated on the dialog, which the top layer shows outside the wrapper's box. */
  t: RoomTranslator
}

/** The props of {@link RoomDialog}. */
export interface RoomDialogProps extends RoomDialogFrame {
  /** The dialog's title, which also names it. */
  title: string
  /** The dialog's content. */
  children: ReactNode
}

/**
 * A modal dialog of the room, on the platform's `<dialog>` (shared/modal-dialog.tsx): `showModal()` moves
 * focus in and keeps it there, makes the page behind inert (hidden from assistive technology too), and
 * Escape or a click on the backdrop closes it (not while a call runs). Focus goes back to the opener
 * through the caller, which knows the opener.
 */
export function RoomDialog(props: RoomDialogProps) {
  const { isOpen, onClose, title, portal, busy, notice, t, children } = props
  const titleId = useId()
  if (!portal || !isOpen) return null
  return createPortal(
    <ModalDialog labelledBy={titleId} onClose={onClose} dismissable={!busy} part="dialog" dir={t.dir}>
      {/* Under the room's own title, its h2. */}
      <h3 className="dialog-title" id={titleId}>
        {title}
      </h3>
      <ErrorNotice key={notice?.id} message={notice?.text ?? null} />
      {children}
    </ModalDialog>,
    portal,
  )
}

/** The props of {@link DialogButtons}. */
export interface DialogButtonsProps {
  /** The confirming button's label; no confirming button without it (while the form cannot be sent). */
  confirm?: string | undefined
  /** Whether confirming is destructive (cancelling a session). */
  danger?: boolean | undefined
  /** Confirms outside a form; without it, the confirming button submits the dialog's form. */
  onConfirm?: (() => void) | undefined
  /** Whether a call runs: the confirming button then does nothing (it stays focusable, `aria-disabled`). */
  busy: boolean
  /** The label of the button that closes the dialog and keeps the session as it is. */
  keep: string
  /** Closes the dialog. */
  onKeep(): void
}

/** A room dialog's buttons: confirm (parts `confirm`) and keep (part `dismiss`). */
export function DialogButtons({ confirm, danger, onConfirm, busy, keep, onKeep }: DialogButtonsProps) {
  return (
    <div className="dialog-buttons">
      {confirm !== undefined && (
        <button
          type={onConfirm ? 'button' : 'submit'}
          className={danger ? 'm-button m-button-danger' : 'm-button'}
          part="confirm"
          aria-disabled={busy}
          onClick={
            onConfirm
              ? () => {
                  if (!busy) onConfirm()
                }
              : undefined
          }
        >
          {confirm}
        </button>
      )}
      <button type="button" className="m-button m-button-quiet" part="dismiss" onClick={onKeep}>
        {keep}
      </button>
    </div>
  )
}

/** The props of {@link ReasonField}. */
export interface ReasonFieldProps {
  /** The field's label. */
  label: string
  /** The text. */
  value: string
  /** Called with the new text. */
  onChange(value: string): void
  /** Whether it was left empty when required: `aria-invalid`, and the error is read with it. */
  invalid: boolean
  /** The ids that describe it (a hint, the error), space-separated, or undefined. */
  describedBy?: string | undefined
  /** Visible lines. */
  rows: number
  /** A placeholder, when the label needs an example. */
  placeholder?: string | undefined
  /** The textarea, for focus. */
  fieldRef: Ref<HTMLTextAreaElement>
}

/** A labelled, required free-text reason of at most 1000 characters (end reason, cancel details). */
export function ReasonField(props: ReasonFieldProps) {
  const { label, value, onChange, invalid, describedBy, rows, placeholder, fieldRef } = props
  const id = useId()
  return (
    <>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={fieldRef}
        part="textarea"
        className="textarea"
        rows={rows}
        maxLength={REASON_MAX}
        required
        placeholder={placeholder}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  )
}

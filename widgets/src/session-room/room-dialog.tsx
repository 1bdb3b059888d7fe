import { type ReactNode, useId } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { ErrorNotice } from '../shared/notice.tsx'
import type { RoomNotice } from './use-room-actions.ts'

/** The props of {@link RoomDialog}. */
export interface RoomDialogProps {
  /** Whether the dialog is open. */
  isOpen: boolean
  /** Called with false when Escape or a click outside closes it. */
  onOpenChange(isOpen: boolean): void
  /** The dialog's title, which also names it. */
  title: string
  /** Where the dialog renders: inside the widget's shadow root, so that its styles apply. */
  portal: Element | null
  /** Whether a call runs: the dialog then stays open (no Escape, no outside click). */
  busy: boolean
  /** The `dir` of the widget, repeated because the dialog renders outside the wrapper's flow. */
  dir: 'rtl' | 'ltr'
  /** An error of the dialog's call, shown inside it where focus is. */
  notice?: RoomNotice | null | undefined
  /** The dialog's content. */
  children: ReactNode
}

/**
 * A modal dialog of the room, on react-aria's ModalOverlay, Modal and Dialog: focus moves in and is
 * trapped, Escape and a click outside close it (not while a call runs), and the page behind is hidden from
 * assistive technology. Focus goes back to the opener through the caller, which knows the opener.
 */
export function RoomDialog(props: RoomDialogProps) {
  const { isOpen, onOpenChange, title, portal, busy, dir, notice, children } = props
  const titleId = useId()
  if (!portal) return null
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="overlay"
      // The default portal is the page's body, outside the shadow root and its styles.
      UNSTABLE_portalContainer={portal}
    >
      <Modal className="modal" data-part="dialog">
        {/* Named explicitly: react-aria looks the title up with document.getElementById, which cannot see
            into a shadow root. */}
        <Dialog className="dialog" dir={dir} aria-labelledby={titleId}>
          <Heading className="dialog-title" id={titleId}>
            {title}
          </Heading>
          <ErrorNotice key={notice?.id} message={notice?.text ?? null} />
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

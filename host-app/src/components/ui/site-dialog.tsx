import { ModalDialog, type ModalDialogProps } from '@mashura/widgets/react'
import { type ReactNode, useId } from 'react'

/**
 * A dialog of the site (styles/base.css `.dialog`) under its heading, which names it. Only its own buttons
 * and Escape close it: a stray click beside it keeps what was typed.
 */
export function SiteDialog({
  title,
  className,
  children,
  ...dialog
}: Omit<ModalDialogProps, 'labelledBy' | 'closeOnBackdrop'> & {
  title: string
  /** A class beside `dialog`. */
  className?: string | undefined
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <ModalDialog
      {...dialog}
      closeOnBackdrop={false}
      className={className ? `dialog ${className}` : 'dialog'}
      labelledBy={titleId}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </ModalDialog>
  )
}

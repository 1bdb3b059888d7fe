/**
 * The account-deletion dialog's rules (spec sections 2, 5, 9): its steps and its reason. Only the site's
 * footer offers the dialog, so this lives here rather than in core, whose bundles every widget carries; the
 * reason's limit is the server's (`DELETION_REASON_MAX`, from core's contract).
 */
import { DELETION_REASON_MAX } from '@mashura/core'

/** Rows of the account-deletion reason textarea (spec section 9). */
export const DELETION_REASON_ROWS = 4

/** The account-deletion reason as typed, cut to 300 characters, and whether Send is enabled. */
export interface DeletionReason {
  /** The reason cut to {@link DELETION_REASON_MAX} characters (whole code points, so no broken emoji). */
  value: string
  /** False while the reason is empty or only white space: Send stays disabled. */
  valid: boolean
}

/** Applies the account-deletion reason rule: required, cut to 300 characters. */
export function deletionReason(input: string): DeletionReason {
  const chars = Array.from(input ?? '')
  const value =
    chars.length > DELETION_REASON_MAX ? chars.slice(0, DELETION_REASON_MAX).join('') : (input ?? '')
  return { value, valid: value.trim().length > 0 }
}

/** The account-deletion dialog's steps: closed, then confirm, then reason, then request sent. */
export type DeletionDialogState = 'closed' | 'confirm' | 'reason' | 'sent'
/** What can happen in the account-deletion dialog. */
export type DeletionDialogEvent = 'open' | 'yes' | 'no' | 'cancel' | 'sent' | 'close'

/** Moves the account-deletion dialog one step; events that do not apply leave it where it is. */
export function deletionDialog(state: DeletionDialogState, event: DeletionDialogEvent): DeletionDialogState {
  switch (state) {
    case 'closed':
      return event === 'open' ? 'confirm' : state
    case 'confirm':
      return event === 'yes' ? 'reason' : event === 'no' || event === 'close' ? 'closed' : state
    case 'reason':
      return event === 'sent' ? 'sent' : event === 'cancel' || event === 'close' ? 'closed' : state
    case 'sent':
      return event === 'close' ? 'closed' : state
  }
}

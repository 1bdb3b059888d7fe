import { modalDialogCss } from '../shared/modal-dialog.tsx'
import { sharedCss } from '../shared/notice.tsx'
import css from './session-room.css?inline'

/**
 * The styles of `<session-room>`'s shadow root (the shared notice and dialog styles, then its own); React hosts
 * adopt them too.
 */
export const sessionRoomSheet = `${sharedCss}\n${modalDialogCss}\n${css}`

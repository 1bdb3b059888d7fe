import { modalDialogCss } from '../shared/modal-dialog.tsx'
import { liveStatusCss, sharedCss } from '../shared/notice.tsx'
import css from './session-room.css?inline'

/**
 * The styles of `<session-room>`'s shadow root (the shared notice, status and dialog styles, then its own);
 * React hosts adopt them too.
 */
export const sessionRoomSheet = `${sharedCss}\n${liveStatusCss}\n${modalDialogCss}\n${css}`

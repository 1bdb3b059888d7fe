import { liveStatusCss } from '../shared/notice.tsx'
import css from './rate-form.css?inline'

/** The styles of `<rate-form>`'s shadow root (the live status line's, then its own); React hosts adopt them too. */
export const rateFormSheet = `${liveStatusCss}\n${css}`

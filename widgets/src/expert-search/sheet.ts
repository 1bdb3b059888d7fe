import { sharedCss } from '../shared/notice.tsx'
import css from './expert-search.css?inline'

/** The styles of `<expert-search>`'s shadow root (the shared notice styles, then its own); React hosts adopt them too. */
export const expertSearchSheet = `${sharedCss}\n${css}`

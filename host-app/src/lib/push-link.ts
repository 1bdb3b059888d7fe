/**
 * The page a push message opens, shared by the site's pages (snackbar, notifications list) and its service
 * worker (`src/service-worker.js`, which bundles this module on its own, so it imports only core's plain
 * address table).
 */
import { sitePaths } from '@mashura/core/site-paths'

/** What a push message's link is made from: the ids its data fields carry (spec section 7). */
export interface PushLinkData {
  /** The request it is about. */
  request_id?: string | number | null
  /** The session it is about. */
  session_id?: string | number | null
  /** A chat message's conversation: the other party as the recipient's chat page names them. */
  chat_with?: string | number | null
}

/**
 * The page a push message opens (spec section 4): `/request/{request_id}`, else `/session/{session_id}`, else a
 * chat message's conversation `/Chat/{chat_with}` (issue 31); null when it names none. The service worker
 * opens it from a system notification; the site's snackbar and notifications list offer it.
 */
export function pushLink(data: PushLinkData): string | null {
  const id = (value: string | number) => encodeURIComponent(String(value))
  if (present(data.request_id)) return sitePaths.request.to(id(data.request_id))
  if (present(data.session_id)) return sitePaths.session.to(id(data.session_id))
  if (present(data.chat_with)) return sitePaths.chatWith.to(id(data.chat_with))
  return null
}

function present(value: string | number | null | undefined): value is string | number {
  return value !== undefined && value !== null && value !== ''
}

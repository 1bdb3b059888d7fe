/**
 * The site's snackbar and error notice (spec sections 4, 8, 9): one message each, hiding itself after a
 * while. Only the site shows them (the widgets have their own notice), so they live here rather than in core,
 * whose bundles every widget carries. Logic lives in the stores; `components/layout/notices.tsx` subscribes.
 */
import { errorMessageFromBody, type MessageKey } from '@mashura/core'
import { atom } from 'nanostores'
import type { HostAppMessageKey } from '../i18n/index.ts'

/** How long the snackbar shows a message: 4 seconds (spec section 9). */
export const SNACKBAR_MS = 4000
/** How long the error notice shows a message: 10 seconds (spec section 9). */
export const ERROR_NOTICE_MS = 10_000

/** A message to show: a catalog key (with values) for our own texts, or server text as is. */
export interface Notice {
  /** Success, error or neutral information. */
  kind: 'success' | 'error' | 'info'
  /** A message catalog key. */
  key?: MessageKey | HostAppMessageKey
  /** Values for the key's ICU arguments. */
  values?: Record<string, string | number>
  /** Text to show as is (a server message). */
  text?: string
  /** A route the notice links to (push messages). */
  link?: string | null
}

/** A notice on screen, with the id that its timer hides. */
export type ShownNotice = Notice & { id: number }

let noticeId = 0

function timedNotice(ms: number) {
  const $store = atom<ShownNotice | null>(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  const hide = () => {
    clearTimeout(timer)
    $store.set(null)
  }
  const show = (notice: Notice): ShownNotice => {
    clearTimeout(timer)
    const shown = { ...notice, id: ++noticeId }
    $store.set(shown)
    timer = setTimeout(() => {
      if ($store.get()?.id === shown.id) $store.set(null)
    }, ms)
    return shown
  }
  return { $store, show, hide }
}

const snackbar = timedNotice(SNACKBAR_MS)
const errorNotice = timedNotice(ERROR_NOTICE_MS)

/** The snackbar: one success or error message that hides itself after 4 seconds. */
export const $snackbar = snackbar.$store
/** Shows a snackbar message; a newer one replaces it and restarts the 4-second timer. */
export const showSnackbar = snackbar.show
/** Hides the snackbar now. */
export const hideSnackbar = snackbar.hide

/** The shared error notice: disappears after 10 seconds. */
export const $errorNotice = errorNotice.$store
/** Shows the error notice. */
export const showErrorNotice = errorNotice.show
/** Hides the error notice now. */
export const hideErrorNotice = errorNotice.hide

/**
 * Shows an API failure in the error notice: the error's message (read from
 * `error.message` or a nested `message`), or the generic message key.
 */
export function showApiError(error: unknown): ShownNotice {
  const e = error as { message?: unknown; body?: unknown } | null
  const text =
    errorMessageFromBody(e?.body) ?? (typeof e?.message === 'string' && e.message ? e.message : null)
  return showErrorNotice(text ? { kind: 'error', text } : { kind: 'error', key: 'common.error' })
}

/**
 * The site's snackbar and error notice (spec sections 4, 8, 9): one message each, hiding itself after a
 * while. Only the site shows them (the widgets have their own notice), so they live here rather than in core,
 * whose bundles every widget carries. Logic lives in the stores; `components/layout/notices.tsx` subscribes.
 */
import type { MessageKey } from '@mashura/core'
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
 * Reads the message of an error body (spec 8): `error.message`, or a nested `message`
 * (`{ message }`, `{ error: "…" }`, `{ data: { message } }`); null when none.
 */
export function errorMessageFromBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body.trim() ? body : null
  const b = body as Record<string, unknown>
  const err = b.error
  if (err && typeof err === 'object' && typeof (err as Record<string, unknown>).message === 'string') {
    return (err as Record<string, string>).message || null
  }
  if (typeof err === 'string' && err.trim()) return err
  if (typeof b.message === 'string' && b.message.trim()) return b.message
  for (const value of Object.values(b)) {
    if (value && typeof value === 'object') {
      const nested = errorMessageFromBody(value)
      if (nested) return nested
    }
  }
  return null
}

/**
 * The text of a failed call: the message of its body (see {@link errorMessageFromBody}), else the error's own
 * message; null when neither says anything.
 */
export function apiErrorText(error: unknown): string | null {
  const e = error as { message?: unknown; body?: unknown } | null
  return errorMessageFromBody(e?.body) ?? (typeof e?.message === 'string' && e.message ? e.message : null)
}

/**
 * Shows an API failure in the error notice: the error's message (read from
 * `error.message` or a nested `message`), or the generic message key.
 */
export function showApiError(error: unknown): ShownNotice {
  const text = apiErrorText(error)
  return showErrorNotice(text ? { kind: 'error', text } : { kind: 'error', key: 'common.error' })
}

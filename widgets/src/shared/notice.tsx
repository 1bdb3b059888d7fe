import { type ReactNode, type Ref, useEffect, useState } from 'react'

/** How long an error notice stays (spec §9: 10 seconds). */
export const ERROR_NOTICE_MS = 10_000

/** The props of {@link ErrorNotice}. */
export interface ErrorNoticeProps {
  /** The message to show (the server's `error.message`, or a catalog message); nothing when null. */
  message: string | null
  /** A label for the retry button; no button when absent. */
  retryLabel?: string | undefined
  /** Called by the retry button. */
  onRetry?: (() => void) | undefined
  /** Called when the notice hides itself after {@link ERROR_NOTICE_MS}. */
  onHide?: (() => void) | undefined
  /** Overrides the time the notice stays (tests). */
  hideAfterMs?: number | undefined
}

/**
 * The shared error display of spec §8: an alert that disappears after 10 seconds, with an optional retry
 * button. A new message (even the same text again) restarts the timer, because callers pass a fresh
 * string each time an error happens.
 */
export function ErrorNotice({
  message,
  retryLabel,
  onRetry,
  onHide,
  hideAfterMs = ERROR_NOTICE_MS,
}: ErrorNoticeProps) {
  const [shown, setShown] = useState(message)
  useEffect(() => {
    setShown(message)
    if (message === null) return
    const timer = setTimeout(() => {
      setShown(null)
      onHide?.()
    }, hideAfterMs)
    return () => clearTimeout(timer)
  }, [message, hideAfterMs, onHide])
  return (
    <div className="m-notice" part="notice" role="alert">
      {shown !== null && (
        <>
          <span>{shown}</span>
          {onRetry && retryLabel && (
            <button type="button" className="m-button m-button-quiet" part="retry" onClick={onRetry}>
              {retryLabel}
            </button>
          )}
        </>
      )}
    </div>
  )
}

/**
 * A widget's live status line (`part="status"`): always rendered, so that what appears in it is announced,
 * and focusable from code, so that an outcome can take the focus of a button that went away.
 */
export function LiveStatus({
  state,
  ref,
  children,
}: {
  state: string
  ref: Ref<HTMLParagraphElement>
  children: ReactNode
}) {
  return (
    <p
      part="status"
      className="status"
      data-state={state}
      role="status"
      aria-live="polite"
      tabIndex={-1}
      ref={ref}
    >
      {children}
    </p>
  )
}

/**
 * The styles of {@link LiveStatus}, for the widgets that use it: hidden while empty, else set off by a bar
 * in the widget's accent, which its `:host` names as `--m-status-accent`.
 */
export const liveStatusCss = `
.status:empty{display:none}
.status{margin-block:0 var(--mashura-space-3);padding:var(--mashura-space-2) var(--mashura-space-3);border-radius:var(--mashura-radius);border-inline-start:4px solid var(--m-status-accent)}
`

/** A loading placeholder block (skeletons, not spinners); `lines` bars of text height. */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="m-skeleton" part="skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are identical and never reorder
        <span key={i} className="m-skeleton-bar" />
      ))}
    </div>
  )
}

/** The styles of the shared pieces: notices, skeletons and buttons; widgets prepend them to their own. */
export const sharedCss = `
.m-notice:empty{display:none}
.m-notice{display:flex;gap:var(--mashura-space-2);align-items:center;justify-content:space-between;margin-block:var(--mashura-space-2);padding:var(--mashura-space-2) var(--mashura-space-3);border-radius:var(--mashura-radius);border-inline-start:4px solid var(--mashura-color-danger);background:color-mix(in srgb,var(--mashura-color-danger) 8%,var(--mashura-color-surface));color:var(--mashura-color-text)}
.m-skeleton{display:grid;gap:var(--mashura-space-2);padding-block:var(--mashura-space-2)}
.m-skeleton-bar{display:block;block-size:1em;border-radius:var(--mashura-radius);background:var(--mashura-color-skeleton);animation:m-pulse 1.2s var(--mashura-ease) infinite alternate}
.m-skeleton-bar:nth-child(3n+2){inline-size:80%}
.m-skeleton-bar:nth-child(3n){inline-size:60%}
@keyframes m-pulse{from{opacity:1}to{opacity:.45}}
@media (prefers-reduced-motion:reduce){.m-skeleton-bar{animation:none}}
.m-button{font:inherit;cursor:pointer;min-block-size:2.5rem;padding:var(--mashura-space-1) var(--mashura-space-3);border:1px solid var(--mashura-color-primary-strong);border-radius:var(--mashura-radius);background:var(--mashura-color-primary-strong);color:var(--mashura-color-on-primary)}
.m-button:disabled{cursor:not-allowed;opacity:.6}
.m-button-quiet{background:transparent;color:var(--mashura-color-primary-strong)}
.m-button:focus-visible,button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid var(--mashura-color-primary);outline-offset:2px}
`

/**
 * Where Tab goes at the ends of a modal dialog: the platform lets it leave the page from the last control, a
 * modal dialog of ours wraps it to the first (Shift+Tab from the first to the last). Without React, so that
 * the host app's script for drawn pages (`host-app/src/islands.ts`) wraps its side menu the way
 * {@link ModalDialog} (`modal-dialog.tsx`) does.
 */

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]'

/** Whether `a` and `b` are the same Tab stop: the same element, or radios of one group (one stop). */
function sameStop(a: Element | null, b: HTMLElement): boolean {
  if (a === b) return true
  return (
    a instanceof HTMLInputElement &&
    b instanceof HTMLInputElement &&
    a.type === 'radio' &&
    b.type === 'radio' &&
    a.name !== '' &&
    a.name === b.name
  )
}

/** The dialog's Tab stops in order; a radio group counts once, by its checked radio or its first. */
function tabStops(dialog: HTMLDialogElement): HTMLElement[] {
  const stops: HTMLElement[] = []
  for (const element of dialog.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (element.tabIndex < 0 || !element.checkVisibility()) continue
    const index = stops.findIndex((stop) => sameStop(element, stop))
    if (index === -1) stops.push(element)
    else if ((element as HTMLInputElement).checked) stops[index] = element
  }
  return stops
}

/** What a Tab press needs to know: its key and modifiers. */
export interface TabPress {
  key: string
  shiftKey: boolean
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
}

/**
 * The control a Tab press in `dialog` should wrap to, or null when the browser's own move is right (not
 * Tab, or not at either end). The caller prevents the default and focuses it.
 */
export function tabWrapTarget(dialog: HTMLDialogElement, press: TabPress): HTMLElement | null {
  if (press.key !== 'Tab' || press.altKey || press.ctrlKey || press.metaKey) return null
  const stops = tabStops(dialog)
  const [first, last] = [stops[0], stops.at(-1)]
  if (!first || !last) return null
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement
  if (press.shiftKey) return sameStop(active, first) || active === dialog ? last : null
  return sameStop(active, last) ? first : null
}

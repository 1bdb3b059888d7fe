import { html, LitElement, nothing, type PropertyValues, unsafeCSS } from 'lit'
import baseCss from '../shared/base.css?inline'
import { placeholderLanguage, placeholderMessages } from './messages.ts'
import css from './placeholder.css?inline'

/** How long the load-failure message stays (spec §9: an error notice shows for 10 seconds). */
export const FAILURE_NOTICE_MS = 10_000

/** What the placeholder shows: a skeleton while the module loads, a notice and a retry button after a failure. */
export type PlaceholderState = 'loading' | 'failed'

/** Skeleton bars per widget, after the heading bar: about the number of lines its first screen has. */
const BARS: Record<string, number> = {
  'expert-search': 6,
  'booking-calendar': 9,
  'session-room': 7,
  'rate-form': 7,
}

/**
 * The stand-in the loader puts inside a widget element until that widget's module has loaded: a skeleton of
 * about the widget's size, so the page does not jump, or, when the module could not be fetched, an error
 * notice and a retry button. It sits in the widget's light DOM, so the widget's shadow root hides it the
 * moment the widget is defined, and it removes itself then. Its language follows the widget's `lang`.
 * Pages never write it themselves; the loader inserts it only into widget elements that have no content
 * of their own.
 *
 * @tag mashura-placeholder
 *
 * @attr widget - The widget it stands in for (`expert-search`, `booking-calendar`, `session-room`,
 *   `rate-form`, without a prefix): picks the size and the number of skeleton lines.
 * @attr state - `loading` (the default) or `failed`.
 *
 * @prop retry - Called by the retry button; the loader sets it.
 *
 * @csspart base - The wrapper; carries `dir` and `lang`.
 * @csspart skeleton - The loading placeholder (a live region that says it is loading).
 * @csspart notice - The load-failure message (an alert; the message goes after 10 seconds).
 * @csspart retry - The retry button, which stays after the message has gone.
 *
 * @cssproperty --mashura-placeholder-block-size - The reserved height (default per widget, 22–30rem).
 * @cssproperty --mashura-color-skeleton - The skeleton bars (default `#e6e4ea`); also the widgets' tokens
 *   `--mashura-color-surface`, `--mashura-color-border`, `--mashura-color-text`, `--mashura-color-secondary`,
 *   `--mashura-color-danger`, `--mashura-font-family`, `--mashura-radius`, `--mashura-space-*`.
 */
export class MashuraPlaceholderElement extends LitElement {
  static override styles = [unsafeCSS(baseCss), unsafeCSS(css)]

  static override properties = {
    widget: { reflect: true },
    state: { reflect: true },
    noticeShown: { state: true },
  }

  /** The widget it stands in for. */
  declare widget: string
  /** Loading, or failed to load. */
  declare state: PlaceholderState
  declare private noticeShown: boolean

  /** Called by the retry button; the loader sets it. */
  retry: (() => void) | undefined

  #timer: ReturnType<typeof setTimeout> | undefined

  constructor() {
    super()
    this.widget = ''
    this.state = 'loading'
    this.noticeShown = false
  }

  override connectedCallback(): void {
    super.connectedCallback()
    const host = this.parentElement
    if (!host) return
    // The widget's shadow root hides light DOM once it is defined; removing ourselves also frees the memory
    // and leaves the page's DOM as the page wrote it.
    customElements
      .whenDefined(host.localName)
      .then(() => {
        if (this.parentElement === host) this.remove()
      })
      // Not a custom element name: nothing will ever define it, so there is nothing to wait for.
      .catch(() => undefined)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.#timer)
  }

  /** Shows the load-failure notice (again), for 10 seconds; the retry button stays. */
  fail(): void {
    this.state = 'failed'
    this.noticeShown = true
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.noticeShown = false
    }, FAILURE_NOTICE_MS)
    // A fresh alert each time: drop the old text first so screen readers announce the repeat.
    this.requestUpdate()
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('state') && this.state === 'loading') {
      clearTimeout(this.#timer)
      this.noticeShown = false
    }
  }

  #onRetry = () => {
    // The message goes while the module is fetched again; `fail()` brings it back if that fails too.
    // The button stays where it is, so keyboard focus is not lost between attempts.
    clearTimeout(this.#timer)
    this.noticeShown = false
    this.retry?.()
  }

  protected override render() {
    const lang = placeholderLanguage(this.parentElement?.getAttribute('lang'))
    const t = placeholderMessages[lang]
    const content =
      this.state === 'failed'
        ? html`<div part="notice" class="notice" role="alert">${this.noticeShown ? html`<span>${t.failed}</span>` : nothing}</div>
            <button part="retry" class="retry" type="button" @click=${this.#onRetry}>${t.retry}</button>`
        : html`<div part="skeleton" class="skeleton" role="status">
            <span class="visually-hidden">${t.loading}</span>
            <span class="bar heading"></span>
            ${Array.from({ length: BARS[this.widget] ?? 5 }, () => html`<span class="bar"></span>`)}
          </div>`
    return html`<div part="base" class="base" dir=${lang === 'ar' ? 'rtl' : 'ltr'} lang=${lang}>${content}</div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mashura-placeholder': MashuraPlaceholderElement
  }
}

/** Registers `<mashura-placeholder>` (guarded: a second loader on the page reuses the first one's). */
export function definePlaceholder(tag = 'mashura-placeholder'): void {
  if (customElements.get(tag)) return
  customElements.define(tag, MashuraPlaceholderElement)
}

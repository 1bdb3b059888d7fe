import r2wc from '@r2wc/react-to-web-component'
import { createElement } from 'react'
import { emit } from '../events.ts'
import { resolveConfig, type SharedAttributes, sharedProps } from '../shared/config.ts'
import { defineElement } from '../shared/define-element.ts'
import { adoptStyles } from '../shared/styles.ts'
import { RateForm } from './rate-form.tsx'
import { rateFormSheet } from './sheet.ts'

/** The attributes of `<rate-form>`, as r2wc hands them over. */
interface RateFormAttributes extends SharedAttributes {
  token?: string
  ratingKey?: string
  doneHref?: string
  container?: HTMLElement
}

/** Reads `?token=` from the page address, for rating links that open the embedding page directly. */
function tokenFromAddress(): string | undefined {
  return new URLSearchParams(globalThis.location?.search ?? '').get('token') ?? undefined
}

function RateFormHost({ container, token, ratingKey, doneHref, ...shared }: RateFormAttributes) {
  // r2wc renders into the shadow root and passes it as `container`.
  const host = (container as unknown as ShadowRoot | undefined)?.host
  return createElement(RateForm, {
    ...resolveConfig(shared),
    token: token || tokenFromAddress(),
    ratingKey,
    doneHref,
    onSubmitted: (detail) => {
      if (host) emit(host, 'rating-submitted', detail)
    },
  })
}

const Base = r2wc(RateFormHost, {
  shadow: 'open',
  props: { ...sharedProps, token: 'string', ratingKey: 'string', doneHref: 'string' },
})

/**
 * The session rating form: opens a rating link, asks the session's questionnaires and submits the answers.
 *
 * @tag rate-form
 *
 * @attr token - The rating link's token; read from `?token=` in the page address when absent.
 * @attr rating-key - The passphrase that decrypts the link's rating access token.
 * @attr done-href - Where the link shown after a rating goes (also for a link already used); the page's site
 *   root (`/`) by default.
 * @attr api-base - The API base (default `/api`, or the page-wide value from `configureWidgets`).
 * @attr api-key - The embedding site's API key.
 * @attr lang - `ar` (default, right to left) or `en` (left to right).
 *
 * @event rating-submitted - Emitted when the server accepted the rating; `detail: { sessionId: number }`.
 *
 * @csspart base - The wrapper; carries `dir` and `lang`.
 * @csspart title - The heading.
 * @csspart done-link - The link onwards after a rating, or on a link already used.
 * @csspart status - The live region announcing outcomes (already rated, sent, error).
 * @csspart skeleton - The loading placeholder.
 * @csspart form - The form.
 * @csspart summary - What is rated, at the top of the form: the expert, the session's date and its subject
 *   (when the server names them; the names in `<bdi>`).
 * @csspart questionnaire - One questionnaire's section.
 * @csspart stars - A 1–5 star radio group.
 * @csspart star - A star's SVG (style `fill` and `stroke`).
 * @csspart star-count - The stars chosen, «٣ من ٥» or "3 of 5".
 * @csspart choices - A yes/no radio group.
 * @csspart textarea - A text answer or the comment.
 * @csspart character-count - A text answer's or the comment's characters of the most it takes.
 * @csspart error - A field's error message.
 * @csspart submit - The submit button.
 *
 * @cssproperty --rate-form-max-inline-size - The form's maximum width (default `40rem`).
 * @cssproperty --rate-form-accent - Buttons, focus rings, chosen options (default `--mashura-color-primary`).
 * @cssproperty --rate-form-star-color - Lit stars' fill and outline (default `--mashura-color-star`, `#b88000`:
 *   3.4:1 on white; keep 3:1 against your surface).
 * @cssproperty --rate-form-star-outline - Unlit stars' outline (default `--mashura-color-muted`; keep 3:1).
 * @cssproperty --mashura-color-primary - The brand primary (`#3084b2`); also `--mashura-color-secondary`,
 *   `--mashura-color-text`, `--mashura-color-surface`, `--mashura-color-border`, `--mashura-font-family`.
 */
export class RateFormElement extends Base {
  constructor() {
    super()
    if (this.shadowRoot) adoptStyles(this.shadowRoot, 'rate-form', rateFormSheet)
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'rate-form': RateFormElement
  }
}

/** Registers the form under `tag` (guarded); each extra tag gets its own subclass, as the registry requires. */
export function defineRateForm(tag = 'rate-form'): void {
  defineElement(tag, 'rate-form', RateFormElement)
}

import borders from 'open-props/src/borders'
import easing from 'open-props/src/easing'
import fonts from 'open-props/src/fonts'
import sizes from 'open-props/src/sizes'

/**
 * The global theme tokens, the only place that references Open Props. Values are copied in (not `var()`s
 * to Open Props) because a third-party page won't load Open Props. Embedders override any token on the
 * widget element, e.g. `rate-form { --mashura-color-primary: #0a7 }`.
 */
const tokens: Record<string, string> = {
  '--mashura-color-primary': '#3084b2',
  // The brand primary on white is 4.14:1, under WCAG AA's 4.5:1 for text: text and filled buttons use this
  // shade of it (5.16:1 with white); the brand colour stays for borders, rings and large surfaces.
  '--mashura-color-primary-strong': '#28749c',
  '--mashura-color-secondary': '#2d1a47',
  '--mashura-color-on-primary': '#ffffff',
  '--mashura-color-text': '#1f1a2b',
  '--mashura-color-muted': '#5f5a6b',
  '--mashura-color-surface': '#ffffff',
  '--mashura-color-border': '#c9c6d1',
  '--mashura-color-skeleton': '#e6e4ea',
  '--mashura-color-danger': '#b3261e',
  '--mashura-color-success': '#1e7a3c',
  // A lit rating star's fill and outline: 3.4:1 on white, over the 3:1 WCAG 1.4.11 asks of graphics.
  '--mashura-color-star': '#b88000',
  '--mashura-font-family': "'IBM Plex Sans Arabic', 'Noto Sans Arabic', system-ui, sans-serif",
  '--mashura-font-size-1': fonts['--font-size-1'],
  '--mashura-font-size-2': fonts['--font-size-2'],
  '--mashura-font-size-3': fonts['--font-size-3'],
  '--mashura-space-1': sizes['--size-1'],
  '--mashura-space-2': sizes['--size-2'],
  '--mashura-space-3': sizes['--size-3'],
  '--mashura-space-5': sizes['--size-5'],
  '--mashura-radius': borders['--radius-2'],
  '--mashura-radius-round': borders['--radius-round'],
  '--mashura-ease': easing['--ease-3'],
}

/** The tokens sheet: declared on `:host`, so every widget carries them into its own shadow root. */
export const tokensCss = `:host{${Object.entries(tokens)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`

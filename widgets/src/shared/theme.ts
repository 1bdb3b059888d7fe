/**
 * Where the scale tokens come from in Open Props, the only place that names it: each value is copied in
 * (not a `var()` to Open Props, which a third-party page won't load), and only the values used, not Open
 * Props' whole tables, which cost every widget about 3 KB gzip. `scripts/theme-tokens.test.ts` checks
 * every copied value against Open Props itself.
 */
export const OPEN_PROPS_SOURCES: Readonly<
  Record<string, readonly [table: string, prop: string, value: string]>
> = {
  '--mashura-font-size-1': ['fonts', '--font-size-1', '1rem'],
  '--mashura-font-size-2': ['fonts', '--font-size-2', '1.1rem'],
  '--mashura-font-size-3': ['fonts', '--font-size-3', '1.25rem'],
  '--mashura-space-1': ['sizes', '--size-1', '.25rem'],
  '--mashura-space-2': ['sizes', '--size-2', '.5rem'],
  '--mashura-space-3': ['sizes', '--size-3', '1rem'],
  '--mashura-space-5': ['sizes', '--size-5', '1.5rem'],
  '--mashura-radius': ['borders', '--radius-2', '5px'],
  '--mashura-radius-round': ['borders', '--radius-round', '1e5px'],
  '--mashura-ease': ['easing', '--ease-3', 'cubic-bezier(.25, 0, .3, 1)'],
}

/**
 * The global theme tokens. Embedders override any token on the widget element, e.g.
 * `rate-form { --mashura-color-primary: #0a7 }`.
 */
export const tokens: Record<string, string> = {
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
  ...Object.fromEntries(Object.entries(OPEN_PROPS_SOURCES).map(([name, [, , value]]) => [name, value])),
}

/** The tokens sheet: declared on `:host`, so every widget carries them into its own shadow root. */
export const tokensCss = `:host{${Object.entries(tokens)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`

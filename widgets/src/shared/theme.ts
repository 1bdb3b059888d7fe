import paletteCss from './palette.css?inline'

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

/** The scale tokens, Open Props' values under Mashura's names; the colours are in palette.css. */
export const tokens: Record<string, string> = Object.fromEntries(
  Object.entries(OPEN_PROPS_SOURCES).map(([name, [, , value]]) => [name, value]),
)

/**
 * The tokens sheet: the palette and the scale, declared on `:host`, so every widget carries them into its own
 * shadow root. Embedders override any token on the widget element, e.g. `rate-form { --mashura-color-primary: #0a7 }`.
 */
export const tokensCss = `${paletteCss}\n:host{${Object.entries(tokens)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`

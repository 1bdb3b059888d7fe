import palette from '@mashura/widgets/palette.css?raw'

/**
 * Where the live demos find a reference server. Build time: `PUBLIC_MASHURA_API_BASE` and
 * `PUBLIC_MASHURA_API_KEY` (defaults: what `npm start` runs). Run time: the demo page's "server" field, or
 * `?api-base=` in the page address, kept in localStorage under `API_BASE_STORAGE_KEY`.
 */
export const DEFAULT_API_BASE = import.meta.env.PUBLIC_MASHURA_API_BASE || 'http://localhost:8080/api'
export const DEFAULT_API_KEY = import.meta.env.PUBLIC_MASHURA_API_KEY || 'mashura-dev-key'
/** The rating-link passphrase of the reference server (its `RATING_PASSPHRASE`; the development value). */
export const DEFAULT_RATING_KEY = import.meta.env.PUBLIC_MASHURA_RATING_KEY || 'mashura-dev-passphrase'
export const API_BASE_STORAGE_KEY = 'mashura-docs:api-base'
/** The copied widget bundle (`scripts/copy-widgets.mjs` puts `widgets/dist/` under `public/widgets/`). */
export const WIDGETS_BUNDLE = '/widgets/index.js'

/** A colour of the widgets' one palette (`widgets/src/shared/palette.css`), so the docs never restate one. */
function paletteColour(name: string): string {
  const value = palette.match(new RegExp(`${name}:\\s*(#[0-9a-f]{6})\\s*;`, 'i'))?.[1]
  if (!value) throw new Error(`palette.css has no ${name}`)
  return value
}

/** The CSS custom properties the theming playground offers, with their defaults from the palette. */
export const THEME_COLORS = (
  [
    '--mashura-color-primary',
    '--mashura-color-secondary',
    '--mashura-color-text',
    '--mashura-color-surface',
  ] as const
).map((name) => [name, paletteColour(name)] as const)
/** `hex` mixed with black as CSS `color-mix(in srgb, hex share, black)` does. */
function withBlack(hex: string, share: number): string {
  const channels = hex.slice(1).match(/../g) ?? []
  return `#${channels
    .map((c) =>
      Math.round(Number.parseInt(c, 16) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

const PRIMARY = paletteColour('--mashura-color-primary')
/**
 * The widgets' accent defaults as a colour picker can show them (the widgets' CSS derives them from the
 * primary: the search and the room darken it by a fifth for text contrast).
 */
export const ACCENT_DEFAULTS: Record<string, string> = {
  'expert-search': withBlack(PRIMARY, 0.8),
  'booking-calendar': PRIMARY,
  'session-room': withBlack(PRIMARY, 0.8),
  'rate-form': PRIMARY,
}
export const DEFAULT_RADIUS_PX = 5
/** Open Props' font sizes 1–3 in rem, which `--mashura-font-size-1…3` copy. */
export const FONT_SIZES_REM = [1, 1.1, 1.25] as const

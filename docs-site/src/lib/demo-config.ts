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

/** The CSS custom properties the theming playground offers, with their defaults (widgets/src/shared/theme.ts). */
export const THEME_COLORS = [
  ['--mashura-color-primary', '#3084b2'],
  ['--mashura-color-secondary', '#2d1a47'],
  ['--mashura-color-text', '#1f1a2b'],
  ['--mashura-color-surface', '#ffffff'],
] as const
/** The widgets' accent defaults as a colour picker can show them (the CSS derives them from the primary). */
export const ACCENT_DEFAULTS: Record<string, string> = {
  'expert-search': '#266a8e',
  'booking-calendar': '#3084b2',
  'session-room': '#266a8e',
  'rate-form': '#3084b2',
}
export const DEFAULT_RADIUS_PX = 5
/** Open Props' font sizes 1–3 in rem, which `--mashura-font-size-1…3` copy. */
export const FONT_SIZES_REM = [1, 1.1, 1.25] as const

import type { SignInConfig } from '@mashura/core'

/**
 * The site's configuration, fixed at build time from `VITE_*` variables. Every default fits `npm start`:
 * the API, the development sign-in provider and this site on one origin, with the development API key.
 * A production build sets them (see the README's configuration table).
 */
const env = import.meta.env
/**
 * The site's origin: the page's own in the browser; in the server's renderer (`entry-server.tsx`, which
 * draws public pages signed out and loads their data from the API here) the site's public address the
 * server set (`packages/server/src/web/site-render.ts`), else a placeholder.
 */
const origin =
  typeof window === 'undefined'
    ? ((globalThis as { MASHURA_SITE_ORIGIN?: string }).MASHURA_SITE_ORIGIN ?? 'http://localhost')
    : window.location.origin

/** Reads a build-time variable, falling back when it is unset or blank. */
function read(name: string, fallback: string): string {
  const value = env[name]
  return typeof value === 'string' && value.trim() ? value.trim() : fallback
}

/** The API base every call goes to. */
export const API_BASE = read('VITE_API_BASE', `${origin}/api`)
/** This site's API key (public by design: it names the site, it grants nothing). */
export const API_KEY = read('VITE_API_KEY', 'mashura-dev-key')
/** The passphrase that decrypts rating links' access tokens (shared with the server; obfuscation only). */
export const RATING_PASSPHRASE = read('VITE_RATING_PASSPHRASE', 'mashura-dev-passphrase')

/** The sign-in provider as the browser sees it. */
export const SIGN_IN: SignInConfig = {
  authorizeUrl: read('VITE_OIDC_AUTHORIZE_URL', `${origin}/oidc/auth`),
  clientId: read('VITE_OIDC_CLIENT_ID', 'mashura-web'),
  redirectUri: `${origin}/redirectauth`,
  logoutUrl: read('VITE_OIDC_LOGOUT_URL', `${origin}/oidc/session/end`),
  postLogoutRedirectUri: `${origin}/`,
}

/** The agency's own site, where the footer's and side menu's "about" link goes. */
export const ABOUT_URL = read('VITE_ABOUT_URL', 'https://www.monshaat.gov.sa/ar/about')

/** The mobile apps' store pages. */
export const APP_STORE_URLS = {
  appStore: read('VITE_APP_STORE_URL', 'https://apps.apple.com/sa/app/id1527493519'),
  googlePlay: read('VITE_GOOGLE_PLAY_URL', 'https://play.google.com/store/apps/details?id=sa.gov.monshaat'),
} as const

/** The five social networks of the footer, in the order shown. */
export const SOCIAL_URLS = {
  x: read('VITE_SOCIAL_X_URL', 'https://x.com/monshaat'),
  instagram: read('VITE_SOCIAL_INSTAGRAM_URL', 'https://www.instagram.com/monshaat/'),
  linkedin: read('VITE_SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/company/monshaat/'),
  youtube: read('VITE_SOCIAL_YOUTUBE_URL', 'https://www.youtube.com/@monshaat'),
  snapchat: read('VITE_SOCIAL_SNAPCHAT_URL', 'https://www.snapchat.com/add/monshaat'),
} as const

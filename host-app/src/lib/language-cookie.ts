import type { Language } from '@mashura/core'

/**
 * Writes the `mashura_lang` cookie, which the server reads to draw the next page in that language
 * (`packages/server/src/web/site-render.ts`): by the app (`lib/i18n.ts`) and by the drawn pages' script
 * without React (`islands.ts`).
 */
export function writeLanguageCookie(lang: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; Cookie Store is not in every browser
  document.cookie = `mashura_lang=${lang}; path=/; max-age=31536000; samesite=lax`
}

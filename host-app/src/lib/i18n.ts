import { $direction, $language, createTranslator, type Translator } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { type HostAppMessageKey, hostAppMessages } from '../i18n/index.ts'

/**
 * The translator of the site's current language: shared catalogs plus the host app's own messages (a subpath
 * of core, so that widgets and partner pages never carry the site's texts).
 */
export function useT(): Translator<HostAppMessageKey> {
  const lang = useStore($language)
  return createTranslator(lang, hostAppMessages)
}

/**
 * Keeps `<html lang dir>` on the store's language (Arabic right to left, English left to right), and the
 * `mashura_lang` cookie with it, so the server draws the next page in that language (`site-render.ts`).
 */
export function syncDocumentLanguage(): () => void {
  const apply = () => {
    const lang = $language.get()
    document.documentElement.lang = lang
    document.documentElement.dir = $direction.get()
    // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; Cookie Store is not in every browser
    document.cookie = `mashura_lang=${lang}; path=/; max-age=31536000; samesite=lax`
  }
  apply()
  return $language.listen(apply)
}

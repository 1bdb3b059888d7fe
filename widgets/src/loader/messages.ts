/**
 * The placeholder's three messages, in the two widget languages. They live here rather than in core's
 * catalogs on purpose: the loader is the one script a partner page loads up front, and core's translator
 * (the ICU runtime and both full catalogs, about 30 KB gzip) would cost ten times the loader itself for
 * three plain sentences without arguments.
 */

/** A language the widgets speak. */
export type PlaceholderLanguage = 'ar' | 'en'

/** The placeholder's messages in one language. */
export interface PlaceholderMessages {
  /** Announced while the widget's module loads. */
  loading: string
  /** Shown when the widget's module failed to load. */
  failed: string
  /** The retry button. */
  retry: string
}

/** The messages by language, Arabic first. */
export const placeholderMessages: Record<PlaceholderLanguage, PlaceholderMessages> = {
  ar: {
    loading: 'جارٍ التحميل…',
    failed: 'تعذّر تحميل هذا القسم. تحقّق من اتصالك بالإنترنت ثم أعد المحاولة.',
    retry: 'إعادة المحاولة',
  },
  en: {
    loading: 'Loading…',
    failed: 'This section could not be loaded. Check your internet connection and try again.',
    retry: 'Try again',
  },
}

/** The language a widget's `lang` attribute asks for: English for `en`/`en-*`, Arabic otherwise (spec §9). */
export function placeholderLanguage(lang: string | null | undefined): PlaceholderLanguage {
  return lang?.toLowerCase().startsWith('en') ? 'en' : 'ar'
}

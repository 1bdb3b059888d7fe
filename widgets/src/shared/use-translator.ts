import { type CatalogExtension, createTranslator, type MessageKey, type Translator } from '@mashura/core'
import { useMemo } from 'react'

/**
 * The translator for a language hint (`ar` by default), knowing the shared catalogs plus a widget's own
 * messages when given (core's `expertSearchMessages` and so on); core caches translators, so this is cheap.
 */
export function useTranslator(lang?: string | null): Translator
export function useTranslator<K extends string>(
  lang: string | null | undefined,
  extension: CatalogExtension<K>,
): Translator<K>
export function useTranslator<K extends string>(
  lang?: string | null,
  extension?: CatalogExtension<K>,
): Translator<K> | Translator<MessageKey> {
  return useMemo(
    () => (extension ? createTranslator(lang ?? undefined, extension) : createTranslator(lang ?? undefined)),
    [lang, extension],
  )
}

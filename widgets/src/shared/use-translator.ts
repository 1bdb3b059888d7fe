import { createTranslator, type Translator } from '@mashura/core'
import { useMemo } from 'react'

/** The translator for a language hint (`ar` by default); core caches translators, so this is cheap. */
export function useTranslator(lang?: string | null): Translator {
  return useMemo(() => createTranslator(lang ?? undefined), [lang])
}

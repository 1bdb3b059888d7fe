import { $language, type CatalogExtension, createTranslator, type Translator } from '@mashura/core'
import { useStore } from '@nanostores/react'
import * as admin from '../../i18n/admin.ts'
import * as adminWebhooks from '../../i18n/admin-webhooks.ts'
import { type HostAppMessageKey, hostAppMessages } from '../../i18n/index.ts'

/** A key of the back office's own messages (`i18n/admin.ts`, `i18n/admin-webhooks.ts`). */
export type AdminMessageKey = keyof typeof admin.ar | keyof typeof adminWebhooks.ar

/**
 * The site's messages with the back office's on top. The back office's catalog is imported here only, so it
 * ships in the back office's chunk and never in the public pages' scripts (the site's own catalog is one
 * bundle that every page loads).
 */
export const adminMessages: CatalogExtension<HostAppMessageKey | AdminMessageKey> = {
  ar: { ...hostAppMessages.ar, ...admin.ar, ...adminWebhooks.ar },
  en: { ...hostAppMessages.en, ...admin.en, ...adminWebhooks.en },
}

/** The back office's catalog alone, for its test. */
export const adminCatalog = {
  ar: { ...admin.ar, ...adminWebhooks.ar },
  en: { ...admin.en, ...adminWebhooks.en },
}

/** The translator of the current language for the back office's screens. */
export function useAdminT(): Translator<HostAppMessageKey | AdminMessageKey> {
  const lang = useStore($language)
  return createTranslator(lang, adminMessages)
}

/** The back office's translator type. */
export type AdminTranslator = Translator<HostAppMessageKey | AdminMessageKey>

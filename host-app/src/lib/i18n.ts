import {
  $direction,
  $language,
  type CatalogExtension,
  createTranslator,
  type Translator,
} from '@mashura/core'
import { useStore } from '@nanostores/react'
import * as expertSessions from '../i18n/expert-sessions.ts'
import * as expertWorkspace from '../i18n/expert-workspace.ts'
import type { HostAppMessageKey } from '../i18n/index.ts'
import * as mailPreferences from '../i18n/mail-preferences.ts'
import * as myData from '../i18n/my-data.ts'
import * as publicPages from '../i18n/public-pages.ts'
import * as shell from '../i18n/shell.ts'
import * as site from '../i18n/site.ts'
import { writeLanguageCookie } from './language-cookie.ts'

/**
 * The parts of the site's own catalog (`i18n/index.ts`) that the public pages and the frame name: every
 * page's first load carries them. The other parts (the business owner's pages, recommendations, chat,
 * bookings, calendar feeds) join through `lib/more-messages.ts`, which each module naming their keys imports,
 * so they load with those pages' chunks only (issue 37: per-route catalogs).
 */
const firstParts = [site, shell, publicPages, expertSessions, expertWorkspace, myData, mailPreferences]

/**
 * The host app's own messages known so far, one object per language that later parts are merged into (the
 * translators look keys up in these objects, so what joins later is found by translators made before).
 */
export const siteMessages = {
  ar: Object.assign({}, ...firstParts.map((part) => part.ar)),
  en: Object.assign({}, ...firstParts.map((part) => part.en)),
} as CatalogExtension<HostAppMessageKey>

/** Adds catalog parts to the site's messages (`lib/more-messages.ts`). */
export function addSiteMessages(parts: readonly Partial<CatalogExtension<string>>[]): void {
  for (const part of parts) {
    Object.assign(siteMessages.ar, part.ar)
    Object.assign(siteMessages.en, part.en)
  }
}

/**
 * The translator of the site's current language: shared catalogs plus the host app's own messages (a subpath
 * of core, so that widgets and partner pages never carry the site's texts).
 */
export function useT(): Translator<HostAppMessageKey> {
  const lang = useStore($language)
  return createTranslator(lang, siteMessages)
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
    writeLanguageCookie(lang)
  }
  apply()
  return $language.listen(apply)
}

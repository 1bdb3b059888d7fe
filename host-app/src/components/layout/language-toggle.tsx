import { createTranslator, setLanguage } from '@mashura/core'
import { siteMessages, useT } from '../../lib/i18n.ts'
import { GlobeIcon } from './icons.tsx'

/**
 * Switches between Arabic and English (remembered in storage). The button names the other language in that
 * language ("English" on the Arabic site, "العربية" on the English one), marked with its `lang`.
 */
export function LanguageToggle() {
  const t = useT()
  const other = t.lang === 'ar' ? 'en' : 'ar'
  return (
    <button
      type="button"
      className="language-toggle"
      data-action="toggle-language"
      title={t.t('language.switch')}
      onClick={() => setLanguage(other)}
    >
      <GlobeIcon size={20} />
      <span lang={other}>{createTranslator(other, siteMessages).t('language.nativeName')}</span>
    </button>
  )
}

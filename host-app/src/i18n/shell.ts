/**
 * Host app messages: shell. Arabic first; both languages hold the same keys (tested in
 * `i18n/index.test.ts`). Words the widgets show too stay in the shared catalogs; the site's own words
 * under shared namespaces (`nav.about`, `footer.*`, …) are in `site.ts`.
 */
export const ar = {
  'shell.search.placeholder': 'ابحث عن مستشار أو مرشد',
  'shell.nav.manyNotifications': '+٩٩',
  'shell.newTab': '(يفتح في علامة تبويب جديدة)',
  'shell.sideMenu.title': 'القائمة',
  'shell.footer.links': 'روابط الموقع',
  'shell.deletion.signInFirst': 'سجّل الدخول أولًا لطلب حذف حسابك',
  'shell.deletion.sending': 'جارٍ الإرسال…',
  'shell.terms.loadFailed': 'تعذّر تحميل الشروط والأحكام.',
} as const satisfies Record<string, string>

/** The English of {@link ar}, key for key. */
export const en: Record<keyof typeof ar, string> = {
  'shell.search.placeholder': 'Search for an expert',
  'shell.nav.manyNotifications': '99+',
  'shell.newTab': '(opens in a new tab)',
  'shell.sideMenu.title': 'Menu',
  'shell.footer.links': 'Site links',
  'shell.deletion.signInFirst': 'Sign in first to request the deletion of your account',
  'shell.deletion.sending': 'Sending…',
  'shell.terms.loadFailed': 'We could not load the terms and conditions.',
}

// The core playground: @mashura/core running in a browser with no UI framework.
// It shows the language rule, Riyadh and Hijri dates, the navigation rules per role,
// and rating-link tokens. Playground-only labels live in `labels` below; the
// platform's own messages come from core's catalogs.
import {
  $direction,
  $language,
  createTranslator,
  currentWeekRange,
  decryptRatingToken,
  encryptRatingToken,
  formatDateWithHijri,
  formatTime,
  type MessageKey,
  type NavigationContext,
  type NavigationItemId,
  navigationItems,
  RatingTokenError,
  setLanguage,
  timeZoneLabel,
} from '@mashura/core'

const labels = {
  ar: {
    title: 'مشورة · ساحة تجربة النواة',
    time: 'الوقت الآن',
    week: 'الأسبوع الحالي بثواني يونكس',
    nav: 'شريط التنقل حسب الدور',
    who: 'الزائر',
    visitor: 'زائر غير مسجل',
    sme: 'صاحب منشأة',
    advisor: 'خبير (مرشد)',
    consultant: 'خبير (مستشار)',
    chat: 'المحادثة مفعلة وتوجد رسائل غير مقروءة',
    rating: 'رمز رابط التقييم',
    value: 'الرمز',
    passphrase: 'عبارة المرور',
    encrypt: 'تشفير',
    encrypted: 'الرمز المشفر (JSON)',
    decryptWith: 'فك التشفير بعبارة المرور',
    decrypt: 'فك التشفير',
    decrypted: 'الرمز بعد فك التشفير:',
    failed: 'تعذّر فك التشفير:',
  },
  en: {
    title: 'Mashura · core playground',
    time: 'Time now',
    week: 'Current week in Unix seconds',
    nav: 'Navigation bar by role',
    who: 'Visitor',
    visitor: 'Signed-out visitor',
    sme: 'Business owner',
    advisor: 'Expert (advisor)',
    consultant: 'Expert (consultant)',
    chat: 'Chat on, with unread messages',
    rating: 'Rating-link token',
    value: 'Token',
    passphrase: 'Passphrase',
    encrypt: 'Encrypt',
    encrypted: 'Encrypted token (JSON)',
    decryptWith: 'Decrypt with passphrase',
    decrypt: 'Decrypt',
    decrypted: 'Decrypted token:',
    failed: 'Could not decrypt:',
  },
} as const
type Label = keyof (typeof labels)['ar']

const navLabel: Record<NavigationItemId, MessageKey> = {
  home: 'nav.home',
  sessions: 'nav.sessions',
  messages: 'nav.messages',
  notifications: 'nav.notifications',
  dashboard: 'nav.dashboard',
  requests: 'nav.myRequests',
  faq: 'nav.faq',
  search: 'nav.searchSubmit',
  signIn: 'nav.signIn',
  profileMenu: 'nav.profile',
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

function navContext(): NavigationContext {
  const who = $<HTMLSelectElement>('who').value
  const chat = $<HTMLInputElement>('chat').checked
  if (who === 'visitor') return { signedIn: false, role: 'sme' }
  if (who === 'sme') return { signedIn: true, role: 'sme' }
  return {
    signedIn: true,
    role: 'contributor',
    expertKind: who === 'advisor' ? 'advisor' : 'consultant',
    chatStatus: chat,
    hasUnreadChat: chat,
    notificationCount: 2,
  }
}

function render() {
  const lang = $language.get()
  const { t } = createTranslator(lang)
  const l = (k: Label) => labels[lang][k]
  document.documentElement.lang = lang
  document.documentElement.dir = $direction.get()
  $('title').textContent = l('title')
  $('lang-toggle').textContent = lang === 'ar' ? 'English' : 'العربية'
  $('lang-toggle').setAttribute('lang', lang === 'ar' ? 'en' : 'ar')
  for (const el of document.querySelectorAll<HTMLElement>('[data-l]'))
    el.textContent = l(el.dataset.l as Label)
  for (const opt of $<HTMLSelectElement>('who').options) opt.textContent = l(opt.value as Label)
  const now = new Date()
  $('now').textContent =
    `${formatDateWithHijri(now, lang)} · ${formatTime(now, lang)} (${timeZoneLabel(lang)})`
  const week = currentWeekRange(now)
  $('week').textContent = `${l('week')}: start_date=${week.start_date} end_date=${week.end_date}`
  const list = $('nav-items')
  list.replaceChildren(
    ...navigationItems(navContext()).map((item) => {
      const li = document.createElement('li')
      li.dataset.item = item.id
      li.textContent = t(navLabel[item.id])
      if (item.dot) li.classList.add('dot')
      return li
    }),
  )
}

async function encrypt() {
  const value = $<HTMLInputElement>('rating-value').value
  const enc = await encryptRatingToken(value, $<HTMLInputElement>('rating-pass').value)
  $<HTMLTextAreaElement>('rating-json').value = JSON.stringify(enc, null, 1)
}

async function decrypt(event: Event) {
  event.preventDefault()
  const out = $('rating-out')
  const l = (k: Label) => labels[$language.get()][k]
  try {
    const input = JSON.parse($<HTMLTextAreaElement>('rating-json').value)
    const token = await decryptRatingToken(input, $<HTMLInputElement>('decrypt-pass').value)
    out.className = 'ok'
    out.textContent = `${l('decrypted')} ${token}`
  } catch (error) {
    out.className = 'error'
    const reason = error instanceof RatingTokenError ? `${error.code}: ${error.message}` : String(error)
    out.textContent = `${l('failed')} ${reason}`
  }
}

$('lang-toggle').addEventListener('click', () => setLanguage($language.get() === 'ar' ? 'en' : 'ar'))
$('who').addEventListener('change', render)
$('chat').addEventListener('change', render)
$('encrypt').addEventListener('click', () => void encrypt())
$('rating-form').addEventListener('submit', (e) => void decrypt(e))
$language.subscribe(render)
void encrypt()

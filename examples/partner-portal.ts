/**
 * The partner portal example's own script: the partner's language toggle and the glue between Mashura's
 * widgets. It never imports the widgets: `/widgets/loader.js` loads each one when its tag appears. It
 * only listens to their events and sets their attributes, as any page would.
 */
import type {
  BookingCreatedDetail,
  ExpertSelectedDetail,
  SignInRequiredDetail,
} from '@mashura/widgets/events'

type Lang = 'ar' | 'en'

/** The partner's own texts (the widgets bring theirs). */
const texts: Record<Lang, Record<string, string>> = {
  ar: {
    skip: 'انتقل إلى المحتوى',
    brand: 'مركز ريادة للأعمال',
    nav: 'الرئيسية',
    navHome: 'الرئيسية',
    navPrograms: 'البرامج',
    navExperts: 'الخبراء',
    navContact: 'تواصل معنا',
    title: 'احجز جلسة مع خبير',
    intro:
      'استشارات مجانية لأعضاء المركز مع خبراء معتمدين في التسويق والمالية والتشغيل. اختر خبيرًا ثم موعدًا يناسبك.',
    n1: '١',
    n2: '٢',
    step1: 'اختر خبيرًا',
    step2: 'اختر موعدًا',
    kind: 'نوع الخبير',
    consultant: 'مستشار',
    advisor: 'مرشد',
    bsa: 'مختص دعم أعمال',
    partner: 'شريك',
    hint: 'اختر خبيرًا من القائمة أعلاه لتظهر مواعيده المتاحة هنا.',
    footer: 'مركز ريادة للأعمال · الرياض · الحجوزات تقدمها منصة مشورة',
    confirmedTitle: 'تم الحجز، نراك قريبًا',
    pendingTitle: 'أُرسل طلبك إلى الخبير',
    confirmedBody:
      'جلستك {way} يوم {when} بتوقيت السعودية. أرسلنا التفاصيل إلى بريدك، ويمكنك متابعتها من حسابك.',
    pendingBody: 'طلبت جلسة {way} يوم {when} بتوقيت السعودية، وسنبلغك حين يرد الخبير على طلبك.',
    online: 'عن بُعد',
    office: 'في المكتب',
    toggle: 'English',
    toggleLang: 'en',
    pageTitle: 'ريادة · احجز جلسة مع خبير',
  },
  en: {
    skip: 'Skip to content',
    brand: 'Riyada Business Hub',
    nav: 'Main',
    navHome: 'Home',
    navPrograms: 'Programmes',
    navExperts: 'Experts',
    navContact: 'Contact us',
    title: 'Book a session with an expert',
    intro:
      'Free advice for Hub members from certified experts in marketing, finance and operations. Choose an expert, then a time that suits you.',
    n1: '1',
    n2: '2',
    step1: 'Choose an expert',
    step2: 'Choose a time',
    kind: 'Kind of expert',
    consultant: 'Consultant',
    advisor: 'Advisor',
    bsa: 'Business support specialist',
    partner: 'Partner',
    hint: 'Choose an expert above to see their free times here.',
    footer: 'Riyada Business Hub · Riyadh · Bookings by Mashura',
    confirmedTitle: 'Booked. See you soon',
    pendingTitle: 'Your request is with the expert',
    confirmedBody:
      'Your {way} session is on {when}, Saudi Arabia time. The details are in your e-mail and your account.',
    pendingBody:
      'You asked for a {way} session on {when}, Saudi Arabia time. We will tell you when the expert answers.',
    online: 'online',
    office: 'in-office',
    toggle: 'العربية',
    toggleLang: 'ar',
    pageTitle: 'Riyada · Book a session with an expert',
  },
}

let lang: Lang = 'ar'
let lastBooking: BookingCreatedDetail | null = null

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!
const search = $('#search')
const bookingSection = $('#booking')
const confirmation = $('#confirmation')

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}

/** The session's time in the page's language, Saudi time, with the Hijri date beside it in Arabic. */
function when(iso: string): string {
  const date = new Date(iso)
  const options: Intl.DateTimeFormatOptions = {
    timeZone: 'Asia/Riyadh',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }
  if (lang === 'en') return new Intl.DateTimeFormat('en-GB', options).format(date)
  const gregorian = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', options).format(date)
  const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura', {
    timeZone: 'Asia/Riyadh',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)
  return `${gregorian} (${hijri})`
}

/** The partner's own confirmation, in place of anything Mashura would show. */
function renderConfirmation(): void {
  if (!lastBooking) return
  const t = texts[lang]
  const values = { way: t[lastBooking.communicationWay] ?? '', when: when(lastBooking.startAt) }
  const title = document.createElement('h2')
  title.textContent = lastBooking.pendingApproval ? t.pendingTitle! : t.confirmedTitle!
  const body = document.createElement('p')
  body.textContent = fill(lastBooking.pendingApproval ? t.pendingBody! : t.confirmedBody!, values)
  confirmation.replaceChildren(title, body)
  confirmation.hidden = false
}

function applyLanguage(next: Lang): void {
  lang = next
  const t = texts[lang]
  document.documentElement.lang = lang
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
  document.title = t.pageTitle!
  for (const element of document.querySelectorAll<HTMLElement>('[data-l]')) {
    element.textContent = t[element.dataset.l!] ?? element.textContent
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-l-label]')) {
    element.setAttribute('aria-label', t[element.dataset.lLabel!] ?? '')
  }
  const toggle = $('#lang-toggle')
  toggle.textContent = t.toggle!
  toggle.lang = t.toggleLang!
  // The widgets follow their own `lang` attribute; the page tells each of them.
  for (const widget of document.querySelectorAll('expert-search, booking-calendar')) {
    widget.setAttribute('lang', lang)
  }
  renderConfirmation()
}

$('#lang-toggle').addEventListener('click', () => applyLanguage(lang === 'ar' ? 'en' : 'ar'))

// The kind of expert listed: `expert-role`, never `role`, which is ARIA's attribute (and deprecated there).
const kind = $<HTMLSelectElement>('#kind')
search.setAttribute('expert-role', kind.value)
kind.addEventListener('change', () => search.setAttribute('expert-role', kind.value))

/** The calendar, created on the first choice so its module is fetched only when someone wants to book. */
function calendar(): HTMLElement {
  let element = bookingSection.querySelector<HTMLElement>('booking-calendar')
  if (!element) {
    element = document.createElement('booking-calendar')
    element.setAttribute('api-key', 'mashura-dev-key')
    element.setAttribute('lang', lang)
    bookingSection.append(element)
    $('#booking-hint').hidden = true
  }
  return element
}

search.addEventListener('expert-selected', (event: CustomEvent<ExpertSelectedDetail>) => {
  const { contributorId, subjectId } = event.detail
  const element = calendar()
  element.setAttribute('contributor-id', String(contributorId))
  if (subjectId === null) element.removeAttribute('subject-id')
  else element.setAttribute('subject-id', String(subjectId))
  confirmation.hidden = true
  lastBooking = null
  // Move the visitor (and keyboard focus) to the next step.
  const heading = $('#step-2')
  heading.scrollIntoView({ behavior: 'smooth', block: 'start' })
  heading.focus({ preventScroll: true })
})

bookingSection.addEventListener('booking-created', (event: CustomEvent<BookingCreatedDetail>) => {
  lastBooking = event.detail
  renderConfirmation()
  confirmation.scrollIntoView({ behavior: 'smooth', block: 'center' })
  confirmation.focus({ preventScroll: true })
})

// sign-in-required is left to the widget: it opens Mashura's sign-in in a popup. A partner that signs its
// members in itself would take over instead, for example:
//
//   bookingSection.addEventListener('sign-in-required', async (event) => {
//     event.preventDefault()                       // no Mashura popup
//     const token = await myPortal.mashuraToken()  // the partner's own sign-in, exchanged for an API token
//     ;(event.target as HTMLElement & { token: string }).token = token   // the widget then books
//   })
bookingSection.addEventListener('sign-in-required', (event: CustomEvent<SignInRequiredDetail>) => {
  console.info('booking-calendar asked for a sign-in; its built-in popup handles it', event.detail)
})

applyLanguage(new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'ar')

// The core playground: @mashura/core running in a browser with no UI framework.
// It shows the language rule, Riyadh and Hijri dates, rating-link tokens, and the API
// called as the signed-in person. Its labels live in `labels` below. (The site's
// navigation bar is the host app's own rule, in host-app/src/lib/navigation-items.ts.)
import {
  $auth,
  $direction,
  $language,
  completeSignIn,
  createSessionClient,
  createSignInUrl,
  currentWeekRange,
  decryptRatingToken,
  encryptRatingToken,
  formatDateTime,
  initAuth,
  logout,
  RatingTokenError,
  type SignInConfig,
  setLanguage,
  timeZoneLabel,
} from '@mashura/core'

const labels = {
  ar: {
    title: 'مشورة · ساحة تجربة النواة',
    time: 'الوقت الآن',
    week: 'الأسبوع الحالي بثواني يونكس',
    rating: 'رمز رابط التقييم',
    value: 'الرمز',
    passphrase: 'عبارة المرور',
    encrypt: 'تشفير',
    encrypted: 'الرمز المشفر (JSON)',
    decryptWith: 'فك التشفير بعبارة المرور',
    decrypt: 'فك التشفير',
    decrypted: 'الرمز بعد فك التشفير:',
    failed: 'تعذّر فك التشفير:',
    session: 'الدخول واستدعاء الواجهة',
    signIn: 'تسجيل الدخول',
    signOut: 'تسجيل الخروج',
    signedOut: 'غير مسجل الدخول',
    signedInAs: 'مسجل الدخول باسم',
    path: 'المسار (GET)',
    call: 'استدعاء',
  },
  en: {
    title: 'Mashura · core playground',
    time: 'Time now',
    week: 'Current week in Unix seconds',
    rating: 'Rating-link token',
    value: 'Token',
    passphrase: 'Passphrase',
    encrypt: 'Encrypt',
    encrypted: 'Encrypted token (JSON)',
    decryptWith: 'Decrypt with passphrase',
    decrypt: 'Decrypt',
    decrypted: 'Decrypted token:',
    failed: 'Could not decrypt:',
    session: 'Sign in and call the API',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signedOut: 'Not signed in',
    signedInAs: 'Signed in as',
    path: 'Path (GET)',
    call: 'Call',
  },
} as const
type Label = keyof (typeof labels)['ar']

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

// The reference server that `npm start` runs serves this page, the API and the dev
// sign-in provider from one origin; the development API key works from localhost.
const origin = window.location.origin
const signIn: SignInConfig = {
  authorizeUrl: `${origin}/oidc/auth`,
  clientId: 'mashura-web',
  redirectUri: `${origin}/redirectauth`,
  logoutUrl: `${origin}/oidc/session/end`,
  postLogoutRedirectUri: `${origin}/`,
}
const client = createSessionClient({
  baseURL: `${origin}/api`,
  apiKey: 'mashura-dev-key',
  onUnauthorized: () => renderSession(),
})

const API_PATHS = [
  '/dashboard/settings',
  '/dashboard/subjects?type=1',
  '/dashboard/common-questions',
  '/center/centers',
  '/center/offices',
  '/profile/contributors?q=%20&per_page=3',
  '/profile/contributors?q=تسويق',
  '/profile/v2/bsa',
  '/profile/contributors/subjects',
  '/profile/contributor',
  '/profile/sme/companies',
  '/schedule/sme/sessions',
  '/schedule/sme/sessions/history',
  '/schedule/requests/sme-session',
  '/schedule/booked-sessions?date_scope=upcoming',
  '/schedule/working-hours',
  '/firebase/auth',
]

function renderSession() {
  const lang = $language.get()
  const auth = $auth.get()
  $('who-am-i').textContent = auth.token
    ? `${labels[lang].signedInAs} ${auth.userName ?? ''} (${auth.userRole}${auth.id ? ` #${auth.id}` : ''})`
    : labels[lang].signedOut
  $('sign-in').hidden = Boolean(auth.token)
  $('sign-out').hidden = !auth.token
}

async function callApi() {
  const out = $('api-out')
  try {
    const res = await client.request($<HTMLInputElement>('api-path').value.replace(/^\/api/, ''))
    out.textContent = JSON.stringify(res, null, 2)
  } catch (error) {
    const e = error as { status?: number; code?: string; message?: string }
    out.textContent = JSON.stringify({ status: e.status, code: e.code, message: e.message }, null, 2)
  }
}

async function finishSignIn() {
  if (window.location.pathname !== '/redirectauth') return
  try {
    await completeSignIn({ client, address: window.location.href, redirectUri: signIn.redirectUri })
  } catch (error) {
    $('api-out').textContent = String(error)
  }
  window.history.replaceState(null, '', '/')
  renderSession()
}

function render() {
  const lang = $language.get()
  const l = (k: Label) => labels[lang][k]
  document.documentElement.lang = lang
  document.documentElement.dir = $direction.get()
  $('title').textContent = l('title')
  $('lang-toggle').textContent = lang === 'ar' ? 'English' : 'العربية'
  $('lang-toggle').setAttribute('lang', lang === 'ar' ? 'en' : 'ar')
  for (const el of document.querySelectorAll<HTMLElement>('[data-l]'))
    el.textContent = l(el.dataset.l as Label)
  const now = new Date()
  $('now').textContent = `${formatDateTime(now, lang)} (${timeZoneLabel(lang)})`
  const week = currentWeekRange(now)
  $('week').textContent = `${l('week')}: start_date=${week.start_date} end_date=${week.end_date}`
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
$('encrypt').addEventListener('click', () => void encrypt())
$('rating-form').addEventListener('submit', (e) => void decrypt(e))
$('sign-in').addEventListener('click', async () => {
  window.location.assign(await createSignInUrl(signIn))
})
$('sign-out').addEventListener('click', async () => {
  window.location.assign(await logout({ config: signIn, client }))
})
$('api-call').addEventListener('click', () => void callApi())
$('api-paths').replaceChildren(
  ...API_PATHS.map((p) => Object.assign(document.createElement('option'), { value: p })),
)
initAuth()
$language.subscribe(() => {
  render()
  renderSession()
})
void encrypt()
void finishSignIn()

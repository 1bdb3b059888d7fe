/**
 * The browser side of the live demos (`Demo.astro`): the server field, the widget's own controls, the
 * language switch, the event log and the theming playground. The widget bundle itself is the copied
 * `/widgets/index.js`, loaded by the page as a module script; this file imports it again (the same
 * module) only for `openSignInPopup`.
 */

interface Messages {
  serverSaved: string
  logEmpty: string
  copied: string
  lowContrast: string
  showIn: { ar: string; en: string }
  loadingExperts: string
  expertsFailed: string
  signedInAs: string
  signInFailed: string
}

interface WidgetsModule {
  openSignInPopup(options: { apiBase: string; apiKey: string; lang: 'ar' | 'en' }): Promise<{
    token: string
    name: string | null
  }>
}

type TokenElement = HTMLElement & { token?: string | null }

const FONT_SIZES_REM = [1, 1.1, 1.25]
const LOG_LIMIT = 30

function $<T extends Element>(root: ParentNode, selector: string): T | null {
  return root.querySelector<T>(selector)
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of a colour on white. */
function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05)
}

function startDemo(shell: HTMLElement): void {
  const widget = shell.dataset.demoShell ?? ''
  const pageLang = (shell.dataset.lang === 'en' ? 'en' : 'ar') as 'ar' | 'en'
  const messages = JSON.parse(shell.dataset.messages ?? '{}') as Messages
  const storageKey = shell.dataset.storageKey ?? ''
  const fallbackBase = shell.dataset.apiBaseDefault ?? ''
  const apiKey = shell.dataset.apiKey ?? ''
  const stage = $<HTMLElement>(shell, '[data-demo]')!
  let token: string | null = null

  const current = () => stage.querySelector<TokenElement>(widget)!
  const apiBase = () => current().getAttribute('api-base') || fallbackBase

  /** Replaces the widget with a fresh copy (same attributes), so a new server or link starts clean. */
  function restart(): void {
    const old = current()
    const fresh = old.cloneNode(false) as TokenElement
    old.replaceWith(fresh)
    if (token) fresh.token = token
  }

  // The server field.
  const serverForm = $<HTMLFormElement>(shell, '[data-server-form]')!
  const serverInput = $<HTMLInputElement>(serverForm, '[data-server-input]')!
  const serverStatus = $<HTMLElement>(serverForm, '[data-server-status]')!
  function useServer(base: string): void {
    try {
      if (base === fallbackBase) window.localStorage.removeItem(storageKey)
      else window.localStorage.setItem(storageKey, base)
    } catch {
      // Not kept across pages without storage; this page still uses it.
    }
    serverInput.value = base
    current().setAttribute('api-base', base)
    token = null
    restart()
    serverStatus.textContent = `${messages.serverSaved} ${base}`
    if (widget === 'booking-calendar') void loadExperts()
  }
  serverForm.addEventListener('submit', (event) => {
    event.preventDefault()
    useServer(serverInput.value.trim().replace(/\/+$/, ''))
  })
  $(serverForm, '[data-server-reset]')?.addEventListener('click', () => useServer(fallbackBase))

  // The language switch: the widget alone, the page stays in its language.
  const langSwitch = $<HTMLButtonElement>(shell, '[data-lang-switch]')!
  langSwitch.addEventListener('click', () => {
    const next = current().getAttribute('lang') === 'en' ? 'ar' : 'en'
    current().setAttribute('lang', next)
    const back = next === 'en' ? 'ar' : 'en'
    langSwitch.textContent = messages.showIn[back]
    langSwitch.lang = back
  })

  // Each widget's own controls.
  const roleSelect = $<HTMLSelectElement>(shell, '[data-control="expert-role"]')
  roleSelect?.addEventListener('change', () => {
    if (roleSelect.value) current().setAttribute('expert-role', roleSelect.value)
    else current().removeAttribute('expert-role')
  })

  const expertSelect = $<HTMLSelectElement>(shell, '[data-control="contributor-id"]')
  const expertsStatus = $<HTMLElement>(shell, '[data-experts-status]')
  async function loadExperts(): Promise<void> {
    if (!expertSelect || !expertsStatus) return
    expertSelect.disabled = true
    expertsStatus.textContent = messages.loadingExperts
    try {
      const res = await fetch(`${apiBase()}/profile/contributors?q=%20&per_page=20`, {
        headers: { 'X-API-Key': apiKey, 'Accept-Language': pageLang },
      })
      if (!res.ok) throw new Error(String(res.status))
      const body = (await res.json()) as {
        data: Array<{ id: number; role: string; sso_user?: { full_name?: string } }>
      }
      const first = body.data[0]
      if (!first) throw new Error('no experts')
      expertSelect.replaceChildren(
        ...body.data.map(
          (c) => new Option(`${c.sso_user?.full_name ?? c.id} · ${c.role} · #${c.id}`, String(c.id)),
        ),
      )
      expertSelect.value = String(first.id)
      expertSelect.disabled = false
      expertsStatus.textContent = ''
      current().setAttribute('contributor-id', String(first.id))
      current().hidden = false
    } catch {
      expertsStatus.textContent = messages.expertsFailed
    }
  }
  expertSelect?.addEventListener('change', () => current().setAttribute('contributor-id', expertSelect.value))
  if (expertSelect) void loadExperts()

  const sessionInput = $<HTMLInputElement>(shell, '[data-control="session-id"]')
  sessionInput?.addEventListener('change', () => current().setAttribute('session-id', sessionInput.value))
  const signIn = $<HTMLButtonElement>(shell, '[data-sign-in]')
  const signOut = $<HTMLButtonElement>(shell, '[data-sign-out]')
  const signInStatus = $<HTMLElement>(shell, '[data-sign-in-status]')
  signIn?.addEventListener('click', async () => {
    if (!signInStatus || !signOut) return
    try {
      const bundle = shell.dataset.bundle ?? '/widgets/index.js'
      const widgets = (await import(/* @vite-ignore */ bundle)) as WidgetsModule
      const result = await widgets.openSignInPopup({ apiBase: apiBase(), apiKey, lang: pageLang })
      token = result.token
      // The person's first upcoming session, if any, so the room has something to show.
      const res = await fetch(`${apiBase()}/schedule/sme/sessions`, {
        headers: { 'X-API-Key': apiKey, Authorization: `Bearer ${token}` },
      })
      const body = res.ok ? ((await res.json()) as { data?: Array<{ id?: number }> }) : null
      const first = Array.isArray(body?.data) ? body.data[0]?.id : undefined
      if (first && sessionInput) {
        sessionInput.value = String(first)
        current().setAttribute('session-id', String(first))
      }
      current().token = token
      signInStatus.textContent = `${messages.signedInAs} ${result.name ?? ''}`
      signOut.hidden = false
    } catch (error) {
      signInStatus.textContent = `${messages.signInFailed} ${(error as Error).message}`
    }
  })
  signOut?.addEventListener('click', () => {
    token = null
    current().token = null
    restart()
    if (signInStatus) signInStatus.textContent = ''
    signOut.hidden = true
  })

  const ratingForm = $<HTMLFormElement>(shell, '[data-rating-form]')
  ratingForm?.addEventListener('submit', (event) => {
    event.preventDefault()
    const value = $<HTMLInputElement>(ratingForm, '[data-control="token"]')!.value.trim()
    current().setAttribute('token', value || 'demo-invalid-link')
    restart()
  })

  // The event log: every event the manifest lists for this widget, as it fires.
  const log = $<HTMLOListElement>(shell, '[data-log]')!
  const empty = $<HTMLLIElement>(log, '[data-log-empty]')!
  for (const name of JSON.parse(shell.dataset.events ?? '[]') as string[]) {
    stage.addEventListener(name, (event) => {
      empty.remove()
      const item = document.createElement('li')
      const time = document.createElement('time')
      const now = new Date()
      time.dateTime = now.toISOString()
      time.textContent = now.toLocaleTimeString(pageLang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB')
      const code = document.createElement('code')
      code.textContent = name
      code.dir = 'ltr'
      const detail = document.createElement('pre')
      detail.dir = 'ltr'
      detail.textContent = JSON.stringify((event as CustomEvent).detail, null, 2)
      item.append(time, ' ', code, detail)
      log.append(item)
      while (log.children.length > LOG_LIMIT) log.firstElementChild?.remove()
    })
  }
  $(shell, '[data-log-clear]')?.addEventListener('click', () => {
    empty.textContent = messages.logEmpty
    log.replaceChildren(empty)
  })

  // The theming playground: inline custom properties on the element, and the same as CSS to copy.
  const theme = $<HTMLElement>(shell, '[data-theme-form]')!
  const colours = [...theme.querySelectorAll<HTMLInputElement>('input[data-property]')]
  const radius = $<HTMLInputElement>(theme, '[data-radius]')!
  const fontScale = $<HTMLInputElement>(theme, '[data-font-scale]')!
  const cssOut = $<HTMLElement>(shell, '[data-css]')!
  const contrast = $<HTMLElement>(shell, '[data-contrast]')!
  const accentProperty = theme.dataset.accentProperty ?? ''

  function changed(): Array<[string, string]> {
    const out: Array<[string, string]> = []
    for (const input of colours) {
      if (input.value !== input.dataset.default) out.push([input.dataset.property ?? '', input.value])
    }
    if (radius.value !== radius.dataset.default) out.push(['--mashura-radius', `${radius.value}px`])
    if (fontScale.value !== fontScale.dataset.default) {
      const scale = Number(fontScale.value) / 100
      FONT_SIZES_REM.forEach((rem, i) => {
        out.push([`--mashura-font-size-${i + 1}`, `${Number((rem * scale).toFixed(3))}rem`])
      })
    }
    return out
  }

  function applyTheme(): void {
    const props = changed()
    const el = current()
    el.removeAttribute('style')
    for (const [name, value] of props) el.style.setProperty(name, value)
    cssOut.textContent =
      props.length === 0
        ? `${widget} {\n  /* ${pageLang === 'ar' ? 'غيّر قيمة أعلاه' : 'change a value above'} */\n}`
        : `${widget} {\n${props.map(([n, v]) => `  ${n}: ${v};`).join('\n')}\n}`
    // Only the reader's own colours: the defaults pair each shade with a stronger one for text.
    const weak = colours
      .filter((input) => input.value !== input.dataset.default)
      .filter((input) => [accentProperty, '--mashura-color-primary'].includes(input.dataset.property ?? ''))
      .map((input) => contrastOnWhite(input.value))
      .filter((ratio) => ratio < 4.5)
    contrast.textContent = weak.length
      ? messages.lowContrast.replace('{ratio}', Math.min(...weak).toFixed(2))
      : ''
  }
  for (const input of [...colours, radius, fontScale]) input.addEventListener('input', applyTheme)
  // The restarted widget keeps the theme: re-apply when the stage's element changes.
  new MutationObserver(applyTheme).observe(stage, { childList: true })

  $(shell, '[data-reset-theme]')?.addEventListener('click', () => {
    for (const input of [...colours, radius, fontScale]) input.value = input.dataset.default ?? ''
    applyTheme()
  })
  const copyStatus = $<HTMLElement>(shell, '[data-copy-status]')!
  $(shell, '[data-copy-css]')?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(cssOut.textContent ?? '')
      copyStatus.textContent = messages.copied
    } catch {
      // No clipboard permission: select the text so the reader can copy it.
      const range = document.createRange()
      range.selectNodeContents(cssOut)
      window.getSelection()?.removeAllRanges()
      window.getSelection()?.addRange(range)
    }
  })
  applyTheme()
}

/** Starts every demo on the page once. */
export function startDemos(): void {
  for (const shell of document.querySelectorAll<HTMLElement>('[data-demo-shell]')) {
    if (shell.dataset.started) continue
    shell.dataset.started = 'true'
    startDemo(shell)
  }
}

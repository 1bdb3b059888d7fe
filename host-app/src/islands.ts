/**
 * The script of the pages the server draws whole for a visitor (issue 37: the site on a phone): home, the FAQ,
 * the subject pages and the information pages. What a visitor does there needs no React: the header's side
 * menu (the server draws its `<dialog>` with its entries, closed), the language toggle, the search boxes,
 * sign-in, the FAQ's filter; links are links. This module wires those to the drawn HTML, a few kilobytes where
 * the app is about 150 KB compressed, so a phone has nothing to evaluate and hydrate before it answers.
 *
 * Everything else loads the app: a press on a button this module does not handle (the home page's video, the
 * footer's deletion request) is held by the page's loader, which loads the app; React hydrates the drawn page
 * and the loader presses the same button again (`afterPaintLoader` in the server's `web/site-render.ts`, which
 * loads this module after the first paint and hands it the app's files). Someone signed in, or a visitor whose
 * stored language the server did not know, gets the app at once, as on every other page.
 */
import { $auth, $language, foldArabic, hydrateStores, setLanguage, sitePaths } from '@mashura/core'
import { tabWrapTarget } from '@mashura/widgets/tab-stops'
import type { HydrateWidget } from './islands/drawn-widget.ts'
import { writeLanguageCookie } from './lib/language-cookie.ts'

/** What this module tells the page's loader (`afterPaintLoader`). */
export interface Islands {
  /** Whether a pressed button is one this module answers (else the loader loads the app for it). */
  handles(button: Element): boolean
  /** Puts what this module changed back as the server drew it, before React hydrates the page. */
  reset(): void
}

declare global {
  interface Window {
    /** Set by the loader: hands it {@link Islands} and presses the buttons it held so far. */
    mashuraIslands?: (islands: Islands) => void
    /** Set by the loader: loads the app. */
    mashuraLoadApp?: () => void
  }
}

/** The buttons this module answers. */
const handled = new WeakSet<Element>()
/** What to undo before the app takes the page over. */
const resets: (() => void)[] = []
/** Removes every listener of this module when the app takes over (React's own handlers answer then). */
const wired = new AbortController()
const { signal } = wired
resets.push(() => wired.abort())

/** Calls `listener` when `button` is pressed, and marks it as answered here. */
function onPress(button: Element | null, listener: (event: Event) => void): void {
  if (!button) return
  handled.add(button)
  button.addEventListener('click', listener, { signal })
}

/**
 * The side menu: `showModal()` on the drawn dialog (Escape closes it, focus goes back to the menu button as
 * the platform does), closed by its close button and a click on the backdrop; Tab wraps inside it; the entry
 * for this address is marked current.
 */
function sideMenu(): void {
  const opener = document.querySelector<HTMLButtonElement>('[data-action="open-side-menu"]')
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-region="side-menu"]')
  if (!opener || !dialog) return
  for (const entry of dialog.querySelectorAll<HTMLAnchorElement>('a[data-side-item]'))
    if (new URL(entry.href, location.href).pathname === location.pathname)
      entry.setAttribute('aria-current', 'page')
  onPress(opener, () => {
    dialog.showModal()
    opener.setAttribute('aria-expanded', 'true')
  })
  onPress(dialog.querySelector('[data-action="close-side-menu"]'), () => dialog.close())
  dialog.addEventListener('close', () => opener.setAttribute('aria-expanded', 'false'), { signal })
  dialog.addEventListener(
    'click',
    (event) => {
      if (event.target === dialog) dialog.close()
    },
    { signal },
  )
  dialog.addEventListener(
    'keydown',
    (event) => {
      const wrapTo = tabWrapTarget(dialog, event)
      if (!wrapTo) return
      event.preventDefault()
      wrapTo.focus()
    },
    { signal },
  )
  resets.push(() => dialog.close())
}

/** The language toggle: the other language, remembered as the app remembers it, then the page drawn in it. */
function languageToggle(): void {
  for (const toggle of document.querySelectorAll('[data-action="toggle-language"]'))
    onPress(toggle, () => {
      const lang = setLanguage(document.documentElement.lang === 'en' ? 'ar' : 'en')
      writeLanguageCookie(lang)
      location.reload()
    })
}

/** The header's and the home page's search boxes: the results page for what was typed. */
function searchBoxes(): void {
  const forms = document.querySelectorAll<HTMLFormElement>(
    'form[data-region="header-search"], [data-region="home-search"] form',
  )
  for (const form of forms) {
    for (const button of form.querySelectorAll('button[type="submit"]')) handled.add(button)
    form.addEventListener(
      'submit',
      (event) => {
        event.preventDefault()
        const text = form.querySelector<HTMLInputElement>('input[name="q"]')?.value ?? ''
        location.assign(sitePaths.search.to(text))
      },
      { signal },
    )
  }
}

/** Sign-in: the same redirect as the app's button, from the module that makes it (loaded when pressed). */
function signIn(): void {
  for (const button of document.querySelectorAll('.sign-in-button'))
    onPress(button, () => {
      void import('./lib/session.ts').then((session) => session.startSignIn())
    })
}

/** The FAQ's filter: hides the questions that do not match, and says how many do (the page's own wording). */
function faqFilter(): void {
  const input = document.querySelector<HTMLInputElement>('[data-page="faq"] .faq-filter input')
  const count = document.querySelector<HTMLElement>('[data-page="faq"] .faq-count')
  if (!input || !count) return
  const items = [...document.querySelectorAll<HTMLDetailsElement>('[data-page="faq"] .faq-item')]
  // Question and answer, as the app filters them.
  const texts = items.map((item) => foldArabic([...item.children].map((part) => part.textContent).join(' ')))
  const wordings = JSON.parse(count.dataset.counts ?? '[]') as string[]
  const drawn = count.textContent
  const apply = (needle: string) => {
    let shown = 0
    items.forEach((item, i) => {
      item.hidden = needle !== '' && !texts[i]?.includes(needle)
      if (!item.hidden) shown++
    })
    count.textContent = needle === '' ? drawn : (wordings[shown] ?? String(shown))
  }
  input.addEventListener('input', () => apply(foldArabic(input.value)), { signal })
  resets.push(() => {
    input.value = ''
    apply('')
  })
}

/** The modules that hydrate a drawn widget without the app, by the widget's name (`data-widget`). */
const WIDGET_ISLANDS: Record<string, () => Promise<{ hydrate: HydrateWidget<never> }>> = {
  'expert-search': () => import('./islands/expert-search.tsx'),
  'booking-calendar': () => import('./islands/booking-calendar.tsx'),
}

/**
 * Hydrates the page's drawn widgets (an expert list's search, a profile's calendar), each in its own root
 * with the props the page drew it with (`data-props`); a widget that cannot be loads the app.
 */
async function widgets(): Promise<void> {
  const hosts = [...document.querySelectorAll<HTMLElement>('[data-widget][data-props]')]
  await Promise.all(
    hosts.map(async (host) => {
      try {
        const island = WIDGET_ISLANDS[host.dataset.widget ?? '']
        const root = island
          ? await (await island()).hydrate(host, JSON.parse(host.dataset.props ?? '{}') as never)
          : null
        if (!root) throw new Error(`the ${host.dataset.widget} widget was not drawn`)
        // The app may have taken the page over while the widget hydrated: it draws the widget itself then.
        if (signal.aborted) root.unmount()
        else resets.push(() => root.unmount())
      } catch (error) {
        console.warn('islands: the app takes the page over', error)
        window.mashuraLoadApp?.()
      }
    }),
  )
}

/** Wires the page, or loads the app for someone signed in. */
async function start(): Promise<void> {
  // Who is signed in and the language chosen, read from storage as the app reads them at start.
  hydrateStores()
  const lang = $language.get()
  // Signed in, or a stored choice of language the server did not know (no cookie yet): the app draws the
  // page as it should be (the cookie is written for the next page).
  if ($auth.get().token || lang !== document.documentElement.lang) {
    writeLanguageCookie(lang)
    window.mashuraLoadApp?.()
    return
  }
  sideMenu()
  languageToggle()
  searchBoxes()
  signIn()
  faqFilter()
  window.mashuraIslands?.({
    handles: (button) => handled.has(button),
    reset: () => {
      for (const reset of resets.splice(0)) reset()
    },
  })
  await widgets()
  // The page answers (the end-to-end tests and the INP benchmark wait for this mark, as the app sets it).
  document.documentElement.setAttribute('data-ready', '')
}

void start()

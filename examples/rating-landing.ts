/**
 * The rating landing page's own script. With `?token=…` the page is the rating form (the widget reads the
 * token from the address). Without one there is nothing to rate: the form would only say "something went
 * wrong", so the page says instead how a real link arrives (by e-mail, after a session ends) and, when the
 * server is in development, offers a real rating link of a seeded ended session (`/examples/dev/`, a 404
 * in production). The page's texts are in its HTML, in both languages, as a partner's page would have them.
 *
 * Its language is the one chosen: `?lang=` in the address, else the site's `mashura_lang` cookie, else Arabic.
 * The page, the widget and the explanation's order follow it (issue 31).
 */

type Lang = 'ar' | 'en'

/** The language chosen for this page: the address's `?lang=`, else the site's cookie, else Arabic. */
function chosenLanguage(): Lang {
  const asked = new URLSearchParams(location.search).get('lang')
  if (asked === 'ar' || asked === 'en') return asked
  return /(?:^|;\s*)mashura_lang=en(?:;|$)/.test(document.cookie) ? 'en' : 'ar'
}

/** Puts the page, the widget and the no-link explanation in `lang`: that language's text comes first. */
function applyLanguage(lang: Lang): void {
  document.documentElement.lang = lang
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
  document.querySelector('rate-form')?.setAttribute('lang', lang)
  const explanation = document.getElementById('no-link')
  const first = explanation?.querySelector<HTMLElement>(`:scope > [lang="${lang}"]`)
  if (!explanation || !first || explanation.firstElementChild === first) return
  // The chosen language leads, with the page's main heading; the other follows as a section of it.
  const other = explanation.firstElementChild as HTMLElement
  explanation.insertBefore(first, other)
  const lead = first.querySelector('h2')
  const follow = other.querySelector('h1')
  if (lead && follow) {
    const h1 = document.createElement('h1')
    h1.id = follow.id
    h1.append(...lead.childNodes)
    const h2 = document.createElement('h2')
    h2.append(...follow.childNodes)
    lead.replaceWith(h1)
    follow.replaceWith(h2)
  }
}

/** What the development server's `/examples/dev/` answers. */
interface DevConveniences {
  rating_link?: string
}

/** Shows the development offer when the server has one; says nothing otherwise (production, no server). */
async function offerDevLink(): Promise<void> {
  let conveniences: DevConveniences
  try {
    const response = await fetch('/examples/dev/', { headers: { Accept: 'application/json' } })
    if (!response.ok) return
    conveniences = (await response.json()) as DevConveniences
  } catch {
    return
  }
  const link = conveniences.rating_link
  if (!link) return
  for (const offer of document.querySelectorAll<HTMLElement>('[data-dev-offer]')) {
    offer.querySelector('a')?.setAttribute('href', link)
    offer.hidden = false
  }
}

applyLanguage(chosenLanguage())

if (!new URLSearchParams(location.search).get('token')) {
  document.querySelector('rate-form')?.remove()
  const explanation = document.getElementById('no-link')
  if (explanation) explanation.hidden = false
  void offerDevLink()
}

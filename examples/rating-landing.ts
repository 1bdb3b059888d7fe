/**
 * The rating landing page's own script. With `?token=…` the page is the rating form (the widget reads the
 * token from the address). Without one there is nothing to rate: the form would only say "something went
 * wrong", so the page says instead how a real link arrives (by e-mail, after a session ends) and, when the
 * server is in development, offers a real rating link of a seeded ended session (`/examples/dev/`, a 404
 * in production). The page's texts are in its HTML, in both languages, as a partner's page would have them.
 */

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

if (!new URLSearchParams(location.search).get('token')) {
  document.querySelector('rate-form')?.remove()
  const explanation = document.getElementById('no-link')
  if (explanation) explanation.hidden = false
  void offerDevLink()
}

import { Suspense, useEffect } from 'react'
import { Outlet, useNavigate, useNavigation } from 'react-router'
import { Footer } from '../components/layout/footer.tsx'
import { Header } from '../components/layout/header.tsx'
import { Notices } from '../components/layout/notices.tsx'
import { TermsPopup } from '../components/layout/terms-popup.tsx'
import { PageLoading } from '../components/ui/page-loading.tsx'
import { useT } from '../lib/i18n.ts'
import { setNavigate } from '../lib/navigation.ts'

/** Lets code outside React (the 401 rule, push messages) move the router. */
function useNavigateBridge() {
  const navigate = useNavigate()
  useEffect(() => setNavigate((to, options) => void navigate(to, options)), [navigate])
}

/**
 * Marks `<html data-ready>` once React runs the page: before that, a page the server drew is on screen but
 * does not answer yet. Drawn after the page inside its Suspense boundary, so that its effect runs once the
 * page itself is hydrated, not only the frame around it: the buttons pressed while the drawn page waited for
 * React are pressed again then (site-render.ts), and a press on a part React had not hydrated yet was lost.
 */
function PageRuns() {
  useEffect(() => {
    document.documentElement.setAttribute('data-ready', '')
    ;(window as { mashuraHydrated?: () => void }).mashuraHydrated?.()
  }, [])
  return null
}

/** The site's frame: skip link, header, the page, footer, the terms popup and the notices. */
export function SiteLayout() {
  useNavigateBridge()
  const t = useT()
  const navigation = useNavigation()
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t.t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <PageRuns />
        </Suspense>
      </main>
      <Footer />
      <TermsPopup />
      <Notices />
    </div>
  )
}

/** A page without header and footer (`/smeRate`): only the page and the notices. */
export function BareLayout() {
  useNavigateBridge()
  return (
    <div className="site site-bare">
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <PageRuns />
        </Suspense>
      </main>
      <Notices />
    </div>
  )
}

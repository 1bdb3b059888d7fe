// Two weights, each split by script (styles/fonts.css): a phone fetches its page's files before its first paint.
import './styles/fonts.css'
import './styles/base.css'
import { $auth, $language } from '@mashura/core'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { createRouter } from './app/router.tsx'
import { syncDocumentLanguage } from './lib/i18n.ts'
import { startPush } from './lib/push.ts'
import { ServerDataContext, takeServerData } from './lib/server-data.ts'
import { bootSession } from './lib/session.ts'
import { startBrowserWatchers } from './lib/watchers.ts'

// The server drew a public page as a visitor who is not signed in sees it, in the language of <html lang>
// (entry-server.tsx); read before syncDocumentLanguage writes the store's language there.
const root = document.getElementById('root')
const drawnIn = root?.hasAttribute('data-ssr') ? document.documentElement.lang : null

bootSession()
syncDocumentLanguage()
startBrowserWatchers()
// After bootSession: push needs to know whether someone is signed in already.
startPush()

const router = createRouter()

/** Resolves once the router has loaded the first page's chunk, so the first render is that page. */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}

if (root) {
  // What the server loaded while drawing (read and removed before React looks at the page).
  const serverData = takeServerData()
  // Rendering only once the page's chunk is here keeps the server's HTML on screen until then, and makes
  // the first render that page (not an empty router) whether it hydrates or replaces the server's HTML.
  void routerReady().then(() => {
    // Hydrate when the browser would draw what the server drew: same language, nobody signed in. Otherwise
    // (a signed-in header, the other language) the first render replaces the server's HTML in one commit.
    const hydrate = drawnIn !== null && drawnIn === $language.get() && !$auth.get().token
    const app = (
      <ServerDataContext value={hydrate ? serverData : null}>
        <RouterProvider router={router} />
      </ServerDataContext>
    )
    // In a transition, hydration is time-sliced: React yields to the browser every few milliseconds
    // instead of taking the phone's main thread for the whole page at once (issue 15).
    if (hydrate)
      startTransition(() => {
        hydrateRoot(root, app, {
          onRecoverableError: (error) =>
            console.warn('hydration: the page was drawn again in the browser', error),
        })
      })
    else createRoot(root).render(app)
    // The server's data is for the page it drew: once the visitor moves on, nothing may read it.
    if (serverData) {
      const stop = router.subscribe(() => {
        serverData.results = {}
        stop()
      })
    }
  })
}

import '@fontsource/ibm-plex-sans-arabic/400.css'
import '@fontsource/ibm-plex-sans-arabic/600.css'
import '@fontsource/ibm-plex-sans-arabic/700.css'
import './styles/base.css'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { createRouter } from './app/router.tsx'
import { syncDocumentLanguage } from './lib/i18n.ts'
import { startPush } from './lib/push.ts'
import { bootSession } from './lib/session.ts'
import { startBrowserWatchers } from './lib/watchers.ts'

bootSession()
syncDocumentLanguage()
startBrowserWatchers()
// After bootSession: push needs to know whether someone is signed in already.
startPush()

const root = document.getElementById('root')
if (root) createRoot(root).render(<RouterProvider router={createRouter()} />)

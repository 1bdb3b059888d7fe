import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '../config/paths.ts'
import { BareLayout, SiteLayout } from './layout.tsx'
import { RequireSignIn } from './require-sign-in.tsx'

/** A lazily loaded route module: its default export is the page. */
type PageModule = { default: ComponentType }

/** Every page module, each its own chunk (spec section 2: all routes are lazy). */
const pageModules = import.meta.glob<PageModule>('./routes/*.tsx')

/** What a page's route carries for the server's renderer (`entry-server.tsx`). */
export interface PageHandle {
  /** The page's module as the build's manifest names it: the server preloads its chunk and styles. */
  module: string
  /** Whether the server renders the page's HTML: public pages that show the same to everyone signed out. */
  prerender: boolean
  /**
   * Whether a visitor's drawn page runs without the app (`islands.ts`, issue 37): pages whose only controls
   * are the header's, the search boxes and the FAQ's filter. The app loads when something else is pressed.
   */
  islands: boolean
  /** The module that hydrates the page's widget without the app (`islands/*.tsx`), to preload with `islands.ts`. */
  widgetIsland?: string
}

/** The route of the page in `routes/{name}.tsx`, loaded when the route first matches. */
function page(path: string, name: string, drawn: Omit<PageHandle, 'module'> = NOT_DRAWN): RouteObject {
  const load = pageModules[`./routes/${name}.tsx`]
  if (!load) throw new Error(`no page module routes/${name}.tsx`)
  const handle: PageHandle = { module: `src/app/routes/${name}.tsx`, ...drawn }
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) }
}

/** A page only the browser draws. */
const NOT_DRAWN = { prerender: false, islands: false }

/** How a visitor's drawn page runs without the app (issue 37): the header's script, and its widget if it has one. */
interface Islands {
  /** The widget hydrated on its own by `islands/{widget}.tsx`. */
  widget?: 'expert-search' | 'booking-calendar'
}

/** The header's script alone: a page with no widget. */
const ISLANDS: Islands = {}

/**
 * A public page the server renders to HTML (first paint without waiting for script: issue 15); with
 * `islands`, a visitor's page runs without the app until something needs it (issue 37).
 */
function publicPage(path: string, name: string, islands?: Islands): RouteObject {
  return page(path, name, {
    prerender: true,
    islands: islands !== undefined,
    ...(islands?.widget ? { widgetIsland: `src/islands/${islands.widget}.tsx` } : {}),
  })
}

/** The public pages, inside the header and footer. */
const publicRoutes: RouteObject[] = [
  publicPage(paths.home.pattern, 'home', ISLANDS),
  page(paths.redirectAuth.pattern, 'redirect-auth'),
  publicPage(paths.subjects.pattern, 'subjects', ISLANDS),
  publicPage(paths.profile.pattern, 'profile', { widget: 'booking-calendar' }),
  publicPage(paths.search.pattern, 'search', { widget: 'expert-search' }),
  publicPage(paths.contributors.pattern, 'contributors', { widget: 'expert-search' }),
  publicPage(paths.contributorsBySubject.pattern, 'contributors', { widget: 'expert-search' }),
  publicPage(paths.info.pattern, 'info', ISLANDS),
  page(paths.redirection.pattern, 'redirection'),
  page(paths.expertInvitation.pattern, 'expert-invitation'),
  publicPage(paths.faq.pattern, 'faq', ISLANDS),
  page('*', 'not-found'),
]

/** The pages that need a signed-in person (signed out, they redirect to `/`). */
const protectedRoutes: RouteObject[] = [
  page(paths.sessions.pattern, 'sessions'),
  page(paths.requests.pattern, 'requests'),
  page(paths.sessionDetailsTyped.pattern, 'session'),
  page(paths.session.pattern, 'session'),
  page(paths.request.pattern, 'request'),
  page(paths.smeHistory.pattern, 'sme-history'),
  page(paths.sessionRecommendations.pattern, 'session-recommendations'),
  page(paths.addRecommendations.pattern, 'add-recommendations'),
  page(paths.chat.pattern, 'chat'),
  page(paths.chatWith.pattern, 'chat'),
  page(paths.dashboard.pattern, 'dashboard'),
  page(paths.notifications.pattern, 'notifications'),
  page(paths.myProfile.pattern, 'my-profile'),
  page(paths.myData.pattern, 'my-data'),
  page(paths.mailPreferences.pattern, 'mail-preferences'),
  // The back office (issue 33): its own chunk, loaded only when an admin or an analyst opens it.
  page(paths.admin.pattern, 'admin'),
]

/** The site's routes: `/smeRate` alone renders without header and footer. */
export const routes: RouteObject[] = [
  {
    Component: BareLayout,
    children: [page(paths.smeRate.pattern, 'sme-rate')],
  },
  {
    Component: SiteLayout,
    children: [...publicRoutes, { Component: RequireSignIn, children: protectedRoutes }],
  },
]

/** The browser router of the site. */
export function createRouter() {
  return createBrowserRouter(routes)
}

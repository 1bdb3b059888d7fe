import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '../config/paths.ts'
import { BareLayout, SiteLayout } from './layout.tsx'
import { RequireSignIn } from './require-sign-in.tsx'

/** A lazily loaded route module: its default export is the page. */
type PageModule = Promise<{ default: ComponentType }>

/** Every page is its own chunk, loaded when its route first matches (spec section 2: all routes are lazy). */
function page(path: string, load: () => PageModule): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) }
}

/** The public pages, inside the header and footer. */
const publicRoutes: RouteObject[] = [
  page(paths.home.pattern, () => import('./routes/home.tsx')),
  page(paths.redirectAuth.pattern, () => import('./routes/redirect-auth.tsx')),
  page(paths.subjects.pattern, () => import('./routes/subjects.tsx')),
  page(paths.profile.pattern, () => import('./routes/profile.tsx')),
  page(paths.search.pattern, () => import('./routes/search.tsx')),
  page(paths.contributors.pattern, () => import('./routes/contributors.tsx')),
  page(paths.contributorsBySubject.pattern, () => import('./routes/contributors.tsx')),
  page(paths.info.pattern, () => import('./routes/info.tsx')),
  page(paths.redirection.pattern, () => import('./routes/redirection.tsx')),
  page(paths.faq.pattern, () => import('./routes/faq.tsx')),
  page('*', () => import('./routes/not-found.tsx')),
]

/** The pages that need a signed-in person (signed out, they redirect to `/`). */
const protectedRoutes: RouteObject[] = [
  page(paths.sessions.pattern, () => import('./routes/sessions.tsx')),
  page(paths.requests.pattern, () => import('./routes/requests.tsx')),
  page(paths.sessionDetailsTyped.pattern, () => import('./routes/session.tsx')),
  page(paths.session.pattern, () => import('./routes/session.tsx')),
  page(paths.request.pattern, () => import('./routes/request.tsx')),
  page(paths.smeHistory.pattern, () => import('./routes/sme-history.tsx')),
  page(paths.sessionRecommendations.pattern, () => import('./routes/session-recommendations.tsx')),
  page(paths.addRecommendations.pattern, () => import('./routes/add-recommendations.tsx')),
  page(paths.chat.pattern, () => import('./routes/chat.tsx')),
  page(paths.chatWith.pattern, () => import('./routes/chat.tsx')),
  page(paths.dashboard.pattern, () => import('./routes/dashboard.tsx')),
  page(paths.notifications.pattern, () => import('./routes/notifications.tsx')),
  page(paths.myProfile.pattern, () => import('./routes/my-profile.tsx')),
]

/** The site's routes: `/smeRate` alone renders without header and footer. */
export const routes: RouteObject[] = [
  {
    Component: BareLayout,
    children: [page(paths.smeRate.pattern, () => import('./routes/sme-rate.tsx'))],
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

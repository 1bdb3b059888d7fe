import type { SubjectType } from './contract/enums.ts'

/**
 * Every page address of the agency's site (spec section 2's route table), written once: each as the router's
 * `pattern` and a `to` that builds a link. The site routes and links with it (`host-app/src/config/paths.ts`),
 * the service worker opens push messages' pages with it (`@mashura/core/site-paths`, bundled alone), and the
 * server builds the links it sends with it: a session mail's button, a rating mail's one-time link, an app
 * link's `/redirection/{handle}`. A plain table,
 * no React and no `window`: it runs in Node as in the browser. Paths only; the server puts its `PUBLIC_URL`
 * in front of them.
 */
export const sitePaths = {
  home: { pattern: '/', to: () => '/' },
  redirectAuth: { pattern: '/redirectauth', to: () => '/redirectauth' },
  subjects: { pattern: '/subjects/:type', to: (type: SubjectType | number) => `/subjects/${type}` },
  sessions: {
    pattern: '/sessions/:type',
    to: (type: 'upcoming' | 'history' | string) => `/sessions/${type}`,
  },
  requests: { pattern: '/requests', to: () => '/requests' },
  sessionDetailsTyped: {
    pattern: '/session-details/:type/:id',
    to: (type: string, id: number | string) => `/session-details/${type}/${id}`,
  },
  profile: {
    pattern: '/profile/:userRole/:subjectId/:contributorId',
    to: (userRole: string, subjectId: number | string, contributorId: number | string) =>
      `/profile/${encodeURIComponent(userRole)}/${subjectId}/${contributorId}`,
  },
  contributors: {
    pattern: '/contributers/:role',
    to: (role: string) => `/contributers/${encodeURIComponent(role)}`,
  },
  contributorsBySubject: {
    pattern: '/contributers/:role/:subject',
    to: (role: string, subject: number | string) => `/contributers/${encodeURIComponent(role)}/${subject}`,
  },
  /** A blank search sends a single space (spec section 2). */
  search: {
    pattern: '/contributers/search/:text',
    to: (text: string) => `/contributers/search/${encodeURIComponent(text.trim() ? text.trim() : ' ')}`,
  },
  session: { pattern: '/session/:id', to: (id: number | string) => `/session/${id}` },
  request: { pattern: '/request/:id', to: (id: number | string) => `/request/${id}` },
  smeHistory: {
    pattern: '/smeHistory/:sessionId/:smeId',
    to: (sessionId: number | string, smeId: number | string) => `/smeHistory/${sessionId}/${smeId}`,
  },
  sessionRecommendations: {
    pattern: '/sessionRecommendations/:sessionId/:smeId/:clickedSessionId',
    to: (sessionId: number | string, smeId: number | string, clickedSessionId: number | string) =>
      `/sessionRecommendations/${sessionId}/${smeId}/${clickedSessionId}`,
  },
  addRecommendations: {
    pattern: '/add-recommendations/:sessionId',
    to: (sessionId: number | string, endSession = false) =>
      `/add-recommendations/${sessionId}${endSession ? '?endSession=true' : ''}`,
  },
  chat: { pattern: '/Chat', to: () => '/Chat' },
  chatWith: { pattern: '/Chat/:smeId', to: (smeId: number | string) => `/Chat/${smeId}` },
  dashboard: { pattern: '/dashboard', to: () => '/dashboard' },
  info: {
    pattern: '/mosnhaatInfo/:infoName',
    to: (infoName: 'contact_us' | 'terms_and_conditions' | 'about') => `/mosnhaatInfo/${infoName}`,
  },
  notifications: { pattern: '/notifications', to: () => '/notifications' },
  /** A person's own data (issue 34): their export and who read their contact details. */
  myData: { pattern: '/my-data', to: () => '/my-data' },
  redirection: {
    pattern: '/redirection/:token',
    to: (token: string) => `/redirection/${encodeURIComponent(token)}`,
  },
  faq: { pattern: '/Faq', to: () => '/Faq' },
  /** An expert invitation's page (issue 33): the link of the back office's invitation mail. */
  expertInvitation: {
    pattern: '/expert-invitation',
    to: (token: string) => `/expert-invitation?token=${encodeURIComponent(token)}`,
  },
  smeRate: {
    pattern: '/smeRate',
    to: (token?: string) => (token ? `/smeRate?token=${encodeURIComponent(token)}` : '/smeRate'),
  },
  /** The business owner's own profile (not in the spec's table; see the issue note). */
  myProfile: { pattern: '/my-profile', to: () => '/my-profile' },
  /** Each person's mail preferences (issue 34): the link at the end of every mail that can be turned off. */
  mailPreferences: { pattern: '/mail-preferences', to: () => '/mail-preferences' },
} as const

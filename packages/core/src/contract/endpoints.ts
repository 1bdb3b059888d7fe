/**
 * The method and path of every call of the API, by the call's name: the one place they are written. The server
 * registers each route from it (through `calls`, which adds the schemas), the OpenAPI document names each
 * operation after it (`operationId`), and core's client sends each call by name from it (`api/call.ts`), so
 * the client, the server and the document cannot disagree on where a call goes.
 *
 * A call's name is core's function that makes it (`getContributorTermsAndConditions` is `getTermsAndConditions`
 * for contributors); a call no front end makes (the mobile app's link, the avatars, a file's download) is named
 * as its function would be. Paths are below `/api`, in Fastify's form, `:name` for a path parameter; trailing
 * slashes are kept where the spec writes them. No TypeBox here (at run time this module imports only the
 * TypeBox-free tables of `self/`, a person's own bookings and data, issue 34): core's client carries this table,
 * never the schemas. The back office's calls are in `admin/endpoints.ts`, so that the widgets and the public site
 * do not carry them.
 */

import type { adminEndpoints } from './admin/endpoints.ts'
import { selfBookingEndpoints } from './self/bookings-endpoints.ts'
import { calendarFeedEndpoints } from './self/calendar-feed-endpoints.ts'
import { consentEndpoints } from './self/consent-endpoints.ts'
import { mailPreferenceEndpoints } from './self/mail-preferences-endpoints.ts'
import { myDataEndpoints } from './self/my-data-endpoints.ts'

/** The HTTP methods of the API. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Every call: `'<method> <path>'` by name. */
export const endpoints = {
  // Settings and lists
  getMentorUrl: 'GET /dashboard/settings/mentor_url',
  getAboutUs: 'GET /dashboard/settings/about_us',
  getTermsAndConditions: 'GET /dashboard/settings/terms_and_conditions',
  getContributorTermsAndConditions: 'GET /dashboard/settings/terms_and_conditions_contributor',
  getSettings: 'GET /dashboard/settings',
  getCommonQuestions: 'GET /dashboard/common-questions',
  getSubjects: 'GET /dashboard/subjects',
  getAdminSubjects: 'GET /dashboard/subjects/get/admin',
  getCenters: 'GET /center/centers',
  getOffices: 'GET /center/offices',

  // Contributors and profile
  getContributorSchedule: 'GET /schedule/contributor/:id/',
  getConsultants: 'GET /profile/v2/consultants',
  getBsaContributors: 'GET /profile/v2/bsa',
  searchContributors: 'GET /profile/contributors',
  getContributorSubjects: 'GET /profile/contributors/subjects',
  getContributorProfile: 'GET /profile/contributor',
  requestAccountDeletion: 'POST /profile/user/request_delete',
  setAvailableForInstant: 'PUT /profile/contributor/available-for-instant',
  registerPushToken: 'POST /profile/contributor/fcm-token',
  getSmeCompanies: 'GET /profile/sme/companies',
  getSmeHistory: 'GET /profile/sme/:id/history/',
  getSmeProfile: 'GET /profile/v2/sme/show/:id',

  // Uploads (multipart bodies)
  uploadVoiceNote: 'POST /uploader/voice_note/upload/dashboard',
  uploadAttachments: 'POST /uploader/attachments/upload',
  getUploadedFile: 'GET /uploader/files/:id',
  getAvatar: 'GET /files/avatars/:name',

  // The business owner's sessions
  getSmeSessions: 'GET /schedule/sme/sessions',
  getSmeSessionHistory: 'GET /schedule/sme/sessions/history',
  getSessionDetails: 'GET /schedule/sessions/:id/details',
  getSmeSessionRequests: 'GET /schedule/requests/sme-session',
  bookSlot: 'POST /schedule/v3/schedules/:id/sessions/dashboard',
  startInstantSession: 'POST /schedule/instant/contributor/:contributorId',

  // Rating and recommendations
  validateRating: 'GET /rating/sme/validate-rating/:token',
  getSessionQuestionnaires: 'GET /rating/sessions/:id/questionnaires',
  submitSessionRating: 'POST /rating/v4/sessions/:id/questionnaires',
  getSessionRecommendations: 'GET /rating/v2/sme/sessions/:id',
  submitRecommendations: 'POST /rating/v4/sme',

  // Authentication
  login: 'POST /authentication/auth/login',
  logoutSession: 'POST /authentication/logout',
  getChatToken: 'GET /firebase/auth',
  handoffLogin: 'POST /authentication/handoff/login',
  redeemHandoff: 'POST /authentication/handoff/redeem',
  redeemAppLink: 'POST /authentication/app-link/redeem',
  createAppLink: 'POST /authentication/app-link',

  // The contributor's schedule
  getBookedSessions: 'GET /schedule/booked-sessions',
  getWorkingHours: 'GET /schedule/working-hours',
  createSlots: 'POST /schedule/v5/schedules',
  deleteSlot: 'DELETE /schedule/contributor/:id',
  getContributorSlots: 'GET /schedule/v2/contributor',

  // Requests
  getAdvisorRequests: 'GET /schedule/requests/advisor-session',
  answerRequest: 'POST /schedule/requests/advisor-session/:id',
  getRequestDetails: 'GET /schedule/requests/:id/details',

  // Meeting
  validateContributorMeeting: 'POST /schedule/v2/:id/validate/contributor',
  getMeetingSignature: 'GET /schedule/zoom/jwt/:meetingNumber/:role',
  getIceServers: 'GET /schedule/webrtc/ice-servers/:id',
  markSmeAbsent: 'POST /schedule/sme-absence/:id',
  endSession: 'POST /schedule/sessions/:id/end/contributor',
  extendSession: 'GET /schedule/sessions/:id/extend',
  endInstantSession: 'POST /schedule/:id/end-instant',
  getSessionSme: 'GET /schedule/sessions/:id/sme',
  getCancelReasons: 'GET /schedule/cancel/reasons',
  cancelSession: 'POST /schedule/cancel/session/:id/contributor',

  // Chat and notifications
  getChattingPossibility: 'GET /schedule/v2/chatting-possibility/:id',
  sendChatNotification: 'POST /schedule/notifiable-id/:id/chat-notification',
  getNotifications: 'GET /schedule/v2/notifications-list/contributor',
  markNotificationRead: 'POST /schedule/notification/:id',
  getChatConversations: 'GET /chat/conversations',
  getChatMessages: 'GET /chat/messages/:id',
  markChatRead: 'POST /chat/read/:id',
  getVapidPublicKey: 'GET /push/vapid-public-key',

  // Statistics
  getSessionStatistics: 'GET /schedule/contributor_report/session_statistics',
  getSmeStatistics: 'GET /schedule/contributor_report/sme_statistics',

  // Academy and services
  getAcademyCategories: 'GET /integration/academy/categories',
  getAcademyCourses: 'POST /integration/academy/all_courses',
  getServices: 'GET /integration/services/v2/services',
  getService: 'GET /integration/services/v2/services/:id',

  // A person's own bookings and data (issue 34)
  ...selfBookingEndpoints,
  ...consentEndpoints,
  ...myDataEndpoints,
  ...mailPreferenceEndpoints,
  ...calendarFeedEndpoints,
} as const satisfies Record<string, `${CallMethod} /${string}`>

/** The name of a call of the site and the widgets (its key in `endpoints`). */
export type SiteCallName = keyof typeof endpoints

/** Every call's method and path: the site's and the back office's (`admin/endpoints.ts`). */
export type EveryEndpoint = typeof endpoints & typeof adminEndpoints

/** The name of a call (its key in `endpoints` or `adminEndpoints`, in `calls`, and its OpenAPI `operationId`). */
export type CallName = keyof EveryEndpoint

/** The method of a call. */
export type MethodOf<N extends CallName> = EveryEndpoint[N] extends `${infer M extends CallMethod} ${string}`
  ? M
  : never

/** The path of a call, below `/api`, with `:name` for its path parameters. */
export type PathOf<N extends CallName> = EveryEndpoint[N] extends `${CallMethod} ${infer P}` ? P : never

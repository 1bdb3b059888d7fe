import { beforeEach, describe, expect, it } from 'vitest'
import { adminEndpoints, type Call, calls } from '../contract/index.ts'
import * as api from './index.ts'
import { type ApiClient, createApiClient, type RecommendationInput, resetLoading } from './index.ts'
import { createRecordingFetch, jsonResponse } from './test-support/recording-fetch.ts'

const BASE = 'https://api.test/api'

/** One endpoint call and the exact request it must make. */
interface EndpointCase {
  /** The exported function under test. */
  fn: string
  /** A label when one function has several cases. */
  label?: string
  /** Calls the function. */
  call: (client: ApiClient) => Promise<unknown>
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path below the base, exactly as spec section 7 writes it (with a leading slash). */
  path: string
  /** The exact query string (order does not matter); empty when there is none. */
  query?: string
  /** The exact JSON body; `undefined` for a GET. */
  body?: unknown
}

const recommendation: RecommendationInput = {
  session_id: 12,
  challenges: 'التمويل',
  recommendations: 'خطة تسويق',
  need_another_session: true,
  need_academy_course: true,
  academy_course_ids: [3, 4],
  need_platform_feature: false,
  service_ids: [],
  company_phase: 'launched_project',
  success_story: true,
  success_story_summary: 'نمو المبيعات',
  comment: null,
  voice_note: 'voice/1.webm',
  attachments: ['files/a.pdf'],
  supported_file_url: ['https://example.org/guide'],
}

const cases: EndpointCase[] = [
  // Settings, subjects and lists
  {
    fn: 'getMentorUrl',
    call: (c) => api.getMentorUrl(c),
    method: 'GET',
    path: '/dashboard/settings/mentor_url',
  },
  {
    fn: 'getAdminSubjects',
    label: 'all subjects',
    call: (c) => api.getAdminSubjects(c, { all_subjects: true }),
    method: 'GET',
    path: '/dashboard/subjects/get/admin',
    query: 'all_subjects=true',
  },
  {
    fn: 'getAdminSubjects',
    label: 'by type',
    call: (c) => api.getAdminSubjects(c, { type: 2, bsa_subject: false }),
    method: 'GET',
    path: '/dashboard/subjects/get/admin',
    query: 'type=2&bsa_subject=false',
  },
  {
    fn: 'getSubjects',
    call: (c) => api.getSubjects(c, { type: 4, bsa_subject: true }),
    method: 'GET',
    path: '/dashboard/subjects',
    query: 'type=4&bsa_subject=true',
  },
  {
    fn: 'getSubjects',
    label: 'no filter',
    call: (c) => api.getSubjects(c),
    method: 'GET',
    path: '/dashboard/subjects',
  },
  { fn: 'getAboutUs', call: (c) => api.getAboutUs(c), method: 'GET', path: '/dashboard/settings/about_us' },
  {
    fn: 'getTermsAndConditions',
    label: 'business owner',
    call: (c) => api.getTermsAndConditions(c),
    method: 'GET',
    path: '/dashboard/settings/terms_and_conditions',
  },
  {
    fn: 'getTermsAndConditions',
    label: 'contributor',
    call: (c) => api.getTermsAndConditions(c, { role: 'contributor' }),
    method: 'GET',
    path: '/dashboard/settings/terms_and_conditions_contributor',
  },
  { fn: 'getSettings', call: (c) => api.getSettings(c), method: 'GET', path: '/dashboard/settings' },
  {
    fn: 'getCommonQuestions',
    call: (c) => api.getCommonQuestions(c),
    method: 'GET',
    path: '/dashboard/common-questions',
  },
  { fn: 'getCenters', call: (c) => api.getCenters(c), method: 'GET', path: '/center/centers' },
  {
    fn: 'getOffices',
    call: (c) => api.getOffices(c, { contributor: 9 }),
    method: 'GET',
    path: '/center/offices',
    query: 'contributor=9',
  },
  { fn: 'getOffices', label: 'all', call: (c) => api.getOffices(c), method: 'GET', path: '/center/offices' },

  // Contributors and profile
  {
    fn: 'getContributorSchedule',
    call: (c) => api.getContributorSchedule(c, { id: 5, page: 2 }),
    method: 'GET',
    path: '/schedule/contributor/5/',
    query: 'page=2',
  },
  {
    fn: 'getConsultants',
    call: (c) => api.getConsultants(c, { type: 1, subjects: [3], sort: 'newest', page: 1, per_page: 20 }),
    method: 'GET',
    path: '/profile/v2/consultants',
    query: 'type=1&subjects=3&sort=newest&page=1&per_page=20',
  },
  {
    fn: 'getBsaContributors',
    call: (c) => api.getBsaContributors(c, { centers: [1, 2], page: 3 }),
    method: 'GET',
    path: '/profile/v2/bsa',
    query: 'centers=1&centers=2&page=3',
  },
  {
    fn: 'searchContributors',
    call: (c) =>
      api.searchContributors(c, {
        q: 'تسويق',
        dates: ['2025-03-02', '2025-03-03'],
        availability: 3,
        centers: [4],
        subjects: [7, 8],
        page: 2,
      }),
    method: 'GET',
    path: '/profile/contributors',
    query: 'q=تسويق&dates=2025-03-02&dates=2025-03-03&availability=3&centers=4&subjects=7&subjects=8&page=2',
  },
  {
    fn: 'searchContributors',
    label: 'blank search',
    call: (c) => api.searchContributors(c, { q: ' ', centers: [], subjects: undefined }),
    method: 'GET',
    path: '/profile/contributors',
    query: 'q=+',
  },
  {
    fn: 'getContributorProfile',
    call: (c) => api.getContributorProfile(c),
    method: 'GET',
    path: '/profile/contributor',
  },
  {
    fn: 'getContributorSubjects',
    call: (c) => api.getContributorSubjects(c),
    method: 'GET',
    path: '/profile/contributors/subjects',
  },
  {
    fn: 'requestAccountDeletion',
    call: (c) => api.requestAccountDeletion(c, { reason: 'لم أعد أحتاجه' }),
    method: 'POST',
    path: '/profile/user/request_delete',
    body: { reason: 'لم أعد أحتاجه' },
  },
  {
    fn: 'setAvailableForInstant',
    call: (c) => api.setAvailableForInstant(c, { available_for_instant: true }),
    method: 'PUT',
    path: '/profile/contributor/available-for-instant',
    body: { available_for_instant: true },
  },
  {
    fn: 'registerPushToken',
    call: (c) => api.registerPushToken(c, { token: 'push-1' }),
    method: 'POST',
    path: '/profile/contributor/fcm-token',
    body: { token: 'push-1', device_type: 3 },
  },
  {
    fn: 'getSmeCompanies',
    call: (c) => api.getSmeCompanies(c),
    method: 'GET',
    path: '/profile/sme/companies',
  },
  {
    fn: 'getSmeHistory',
    call: (c) => api.getSmeHistory(c, { id: 31, page: 4 }),
    method: 'GET',
    path: '/profile/sme/31/history/',
    query: 'page=4',
  },
  {
    fn: 'getSmeProfile',
    call: (c) => api.getSmeProfile(c, { id: 31 }),
    method: 'GET',
    path: '/profile/v2/sme/show/31',
  },

  // Sessions for the business owner
  {
    fn: 'getSmeSessions',
    call: (c) => api.getSmeSessions(c, { page: 2 }),
    method: 'GET',
    path: '/schedule/sme/sessions',
    query: 'page=2',
  },
  {
    fn: 'getSmeSessionHistory',
    call: (c) => api.getSmeSessionHistory(c),
    method: 'GET',
    path: '/schedule/sme/sessions/history',
  },
  {
    fn: 'getSessionDetails',
    call: (c) => api.getSessionDetails(c, { id: 77 }),
    method: 'GET',
    path: '/schedule/sessions/77/details',
  },
  {
    fn: 'getSmeSessionRequests',
    call: (c) => api.getSmeSessionRequests(c, { state: 'waiting', page: 1 }),
    method: 'GET',
    path: '/schedule/requests/sme-session',
    query: 'state=waiting&page=1',
  },
  {
    fn: 'bookSlot',
    call: (c) => api.bookSlot(c, { id: 501, communication_way: 0, subject_id: 3, description: 'التوسع' }),
    method: 'POST',
    path: '/schedule/v3/schedules/501/sessions/dashboard',
    body: { communication_way: 0, subject_id: 3, description: 'التوسع' },
  },
  {
    fn: 'startInstantSession',
    call: (c) => api.startInstantSession(c, 77),
    method: 'POST',
    path: '/schedule/instant/contributor/77',
    body: {},
  },

  // Rating
  {
    fn: 'validateRating',
    call: (c) => api.validateRating(c, { token: 'a/b+c=' }),
    method: 'GET',
    path: '/rating/sme/validate-rating/a%2Fb%2Bc%3D',
  },
  {
    fn: 'getSessionQuestionnaires',
    call: (c) => api.getSessionQuestionnaires(c, { id: 12 }),
    method: 'GET',
    path: '/rating/sessions/12/questionnaires',
  },
  {
    fn: 'submitSessionRating',
    call: (c) =>
      api.submitSessionRating(c, {
        id: 12,
        answers: [
          { question_id: 1, value: 5 },
          { question_id: 2, value: 'ممتاز' },
        ],
      }),
    method: 'POST',
    path: '/rating/v4/sessions/12/questionnaires',
    body: {
      answers: [
        { question_id: 1, value: 5 },
        { question_id: 2, value: 'ممتاز' },
      ],
    },
  },
  {
    fn: 'getSessionRecommendations',
    call: (c) => api.getSessionRecommendations(c, { id: 12 }),
    method: 'GET',
    path: '/rating/v2/sme/sessions/12',
  },
  {
    fn: 'submitRecommendations',
    call: (c) => api.submitRecommendations(c, recommendation),
    method: 'POST',
    path: '/rating/v4/sme',
    body: recommendation,
  },

  // Authentication and chat backend
  {
    fn: 'login',
    call: (c) =>
      api.login(c, {
        code: 'c0de',
        code_verifier: 'v3rifier',
        redirect_uri: 'https://site.test/redirectauth',
      }),
    method: 'POST',
    path: '/authentication/auth/login',
    body: { code: 'c0de', code_verifier: 'v3rifier', redirect_uri: 'https://site.test/redirectauth' },
  },
  {
    fn: 'logoutSession',
    call: (c) => api.logoutSession(c, { fcm_token: 'push-1' }),
    method: 'POST',
    path: '/authentication/logout',
    body: { fcm_token: 'push-1' },
  },
  {
    fn: 'logoutSession',
    label: 'without push token',
    call: (c) => api.logoutSession(c),
    method: 'POST',
    path: '/authentication/logout',
    body: {},
  },
  { fn: 'getChatToken', call: (c) => api.getChatToken(c), method: 'GET', path: '/firebase/auth' },
  // Reference-server extensions: the sign-in hand-off of widgets on partner pages, and the mobile app's link.
  {
    fn: 'handoffLogin',
    call: (c) =>
      api.handoffLogin(c, {
        code: 'c0de',
        code_verifier: 'v3rifier',
        redirect_uri: 'https://platform.test/sign-in/popup',
        challenge: 'h'.repeat(43),
        origin: 'https://partner.test',
      }),
    method: 'POST',
    path: '/authentication/handoff/login',
    body: {
      code: 'c0de',
      code_verifier: 'v3rifier',
      redirect_uri: 'https://platform.test/sign-in/popup',
      challenge: 'h'.repeat(43),
      origin: 'https://partner.test',
    },
  },
  {
    fn: 'redeemHandoff',
    call: (c) => api.redeemHandoff(c, { code: 'c'.repeat(43), verifier: 'v'.repeat(43) }),
    method: 'POST',
    path: '/authentication/handoff/redeem',
    body: { code: 'c'.repeat(43), verifier: 'v'.repeat(43) },
  },
  {
    fn: 'redeemAppLink',
    call: (c) => api.redeemAppLink(c, { handle: 'h'.repeat(43) }),
    method: 'POST',
    path: '/authentication/app-link/redeem',
    body: { handle: 'h'.repeat(43) },
  },

  // Contributor schedule
  {
    fn: 'getBookedSessions',
    call: (c) => api.getBookedSessions(c, { date_scope: 'week' }),
    method: 'GET',
    path: '/schedule/booked-sessions',
    query: 'date_scope=week',
  },
  {
    fn: 'getBookedSessions',
    label: 'by range',
    call: (c) =>
      api.getBookedSessions(c, {
        from: '2025-03-01T00:00:00+03:00',
        to: '2025-04-01T00:00:00+03:00',
        page: 2,
      }),
    method: 'GET',
    path: '/schedule/booked-sessions',
    query: 'from=2025-03-01T00:00:00%2B03:00&to=2025-04-01T00:00:00%2B03:00&page=2',
  },
  {
    fn: 'getWorkingHours',
    call: (c) => api.getWorkingHours(c),
    method: 'GET',
    path: '/schedule/working-hours',
  },
  {
    fn: 'createSlots',
    call: (c) =>
      api.createSlots(c, {
        slots: [{ start: '2025-03-02T09:00:00+03:00', end: '2025-03-02T09:30:00+03:00' }],
        availability: 3,
        office_id: 2,
      }),
    method: 'POST',
    path: '/schedule/v5/schedules',
    body: {
      slots: [{ start: '2025-03-02T09:00:00+03:00', end: '2025-03-02T09:30:00+03:00' }],
      availability: 3,
      office_id: 2,
    },
  },
  {
    fn: 'deleteSlot',
    call: (c) => api.deleteSlot(c, { id: 88 }),
    method: 'DELETE',
    path: '/schedule/contributor/88',
    body: {},
  },
  {
    fn: 'getContributorSlots',
    call: (c) => api.getContributorSlots(c, { start_date: 1740862800, end_date: 1741467600 }),
    method: 'GET',
    path: '/schedule/v2/contributor',
    query: 'start_date=1740862800&end_date=1741467600',
  },

  // Requests
  {
    fn: 'getAdvisorRequests',
    call: (c) => api.getAdvisorRequests(c, { page: 3 }),
    method: 'GET',
    path: '/schedule/requests/advisor-session',
    query: 'page=3',
  },
  {
    fn: 'answerRequest',
    call: (c) => api.answerRequest(c, { id: 40, is_accepted: false, reason: 'خارج التخصص' }),
    method: 'POST',
    path: '/schedule/requests/advisor-session/40',
    body: { is_accepted: false, reason: 'خارج التخصص' },
  },
  {
    fn: 'getRequestDetails',
    call: (c) => api.getRequestDetails(c, { id: 40 }),
    method: 'GET',
    path: '/schedule/requests/40/details',
  },

  // Meeting
  {
    fn: 'validateContributorMeeting',
    call: (c) => api.validateContributorMeeting(c, { id: 77 }),
    method: 'POST',
    path: '/schedule/v2/77/validate/contributor',
    body: { start_from: 0 },
  },
  {
    fn: 'getMeetingSignature',
    call: (c) => api.getMeetingSignature(c, { meeting_number: '8801234567', role: 1 }),
    method: 'GET',
    path: '/schedule/zoom/jwt/8801234567/1',
  },
  {
    fn: 'getIceServers',
    call: (c) => api.getIceServers(c, { id: 77 }),
    method: 'GET',
    path: '/schedule/webrtc/ice-servers/77',
  },
  {
    fn: 'markSmeAbsent',
    call: (c) => api.markSmeAbsent(c, { id: 77 }),
    method: 'POST',
    path: '/schedule/sme-absence/77',
    body: {},
  },
  {
    fn: 'endSession',
    call: (c) => api.endSession(c, { id: 77, force_end: true, end_reason: 'انتهى النقاش' }),
    method: 'POST',
    path: '/schedule/sessions/77/end/contributor',
    body: { force_end: true, end_reason: 'انتهى النقاش', end_from: 1 },
  },
  {
    fn: 'endSession',
    label: 'at its end time',
    call: (c) => api.endSession(c, { id: 77 }),
    method: 'POST',
    path: '/schedule/sessions/77/end/contributor',
    body: { force_end: false, end_reason: null, end_from: 1 },
  },
  {
    fn: 'extendSession',
    call: (c) => api.extendSession(c, { id: 77 }),
    method: 'GET',
    path: '/schedule/sessions/77/extend',
  },
  {
    fn: 'endInstantSession',
    call: (c) => api.endInstantSession(c, { id: 78 }),
    method: 'POST',
    path: '/schedule/78/end-instant',
    body: {},
  },
  {
    fn: 'getSessionSme',
    call: (c) => api.getSessionSme(c, { id: 77 }),
    method: 'GET',
    path: '/schedule/sessions/77/sme',
  },
  {
    fn: 'getCancelReasons',
    call: (c) => api.getCancelReasons(c),
    method: 'GET',
    path: '/schedule/cancel/reasons',
  },
  {
    fn: 'cancelSession',
    call: (c) => api.cancelSession(c, { id: 77, cancel_reason_id: 2, reason: 'ظرف طارئ' }),
    method: 'POST',
    path: '/schedule/cancel/session/77/contributor',
    body: { cancel_reason_id: 2, reason: 'ظرف طارئ' },
  },
  // A business owner's own changes to her bookings (issue 34)
  {
    fn: 'cancelMySession',
    call: (c) => api.cancelMySession(c, { id: 77, cancel_reason_id: 2, reason: null }),
    method: 'POST',
    path: '/schedule/sme/sessions/77/cancel',
    body: { cancel_reason_id: 2, reason: null },
  },
  {
    fn: 'rescheduleMySession',
    call: (c) => api.rescheduleMySession(c, { id: 77, schedule_id: 9 }),
    method: 'POST',
    path: '/schedule/sme/sessions/77/reschedule',
    body: { schedule_id: 9 },
  },
  {
    fn: 'withdrawMyRequest',
    call: (c) => api.withdrawMyRequest(c, { id: 41, cancel_reason_id: 3, reason: 'تغيّرت خططي' }),
    method: 'POST',
    path: '/schedule/requests/sme-session/41/withdraw',
    body: { cancel_reason_id: 3, reason: 'تغيّرت خططي' },
  },
  {
    fn: 'moveMyRequest',
    call: (c) => api.moveMyRequest(c, { id: 41, schedule_id: 10 }),
    method: 'POST',
    path: '/schedule/requests/sme-session/41/move',
    body: { schedule_id: 10 },
  },

  // Chat and notifications
  {
    fn: 'getChattingPossibility',
    call: (c) => api.getChattingPossibility(c, { id: 31, user_type: 'sme' }),
    method: 'GET',
    path: '/schedule/v2/chatting-possibility/31',
    query: 'user_type=sme',
  },
  {
    fn: 'sendChatNotification',
    call: (c) =>
      api.sendChatNotification(c, { id: 31, notifiable_user: 'sme', type: 'text', message: 'مرحبا' }),
    method: 'POST',
    path: '/schedule/notifiable-id/31/chat-notification',
    body: { notifiable_user: 'sme', type: 'text', message: 'مرحبا' },
  },
  {
    fn: 'markNotificationRead',
    call: (c) => api.markNotificationRead(c, { id: 600 }),
    method: 'POST',
    path: '/schedule/notification/600',
    body: {},
  },
  {
    fn: 'getNotifications',
    call: (c) => api.getNotifications(c, { page: 2, per_page: 15 }),
    method: 'GET',
    path: '/schedule/v2/notifications-list/contributor',
    query: 'page=2&per_page=15',
  },
  {
    fn: 'getChatConversations',
    call: (c) => api.getChatConversations(c),
    method: 'GET',
    path: '/chat/conversations',
    query: 'as=sme',
  },
  {
    fn: 'getChatMessages',
    call: (c) => api.getChatMessages(c, { id: 31, user_type: 'contributor', page: 2, per_page: 20 }),
    method: 'GET',
    path: '/chat/messages/31',
    query: 'user_type=contributor&page=2&per_page=20',
  },
  {
    fn: 'getVapidPublicKey',
    call: (c) => api.getVapidPublicKey(c),
    method: 'GET',
    path: '/push/vapid-public-key',
  },
  {
    fn: 'markChatRead',
    call: (c) => api.markChatRead(c, { id: 31, user_type: 'sme' }),
    method: 'POST',
    path: '/chat/read/31',
    query: 'user_type=sme',
    body: {},
  },

  // Statistics
  {
    fn: 'getSessionStatistics',
    call: (c) => api.getSessionStatistics(c),
    method: 'GET',
    path: '/schedule/contributor_report/session_statistics',
  },
  {
    fn: 'getSmeStatistics',
    call: (c) => api.getSmeStatistics(c),
    method: 'GET',
    path: '/schedule/contributor_report/sme_statistics',
  },

  // Academy and services integration
  {
    fn: 'getAcademyCategories',
    call: (c) => api.getAcademyCategories(c),
    method: 'GET',
    path: '/integration/academy/categories',
  },
  {
    fn: 'getAcademyCourses',
    call: (c) => api.getAcademyCourses(c, { page: 2, search: 'تسويق', category_id: 5 }),
    method: 'POST',
    path: '/integration/academy/all_courses',
    body: { page: 2, search: 'تسويق', category_id: 5 },
  },
  {
    fn: 'getAcademyCourses',
    label: 'first page',
    call: (c) => api.getAcademyCourses(c),
    method: 'POST',
    path: '/integration/academy/all_courses',
    body: {},
  },
  {
    fn: 'getServices',
    call: (c) => api.getServices(c),
    method: 'GET',
    path: '/integration/services/v2/services',
  },
  {
    fn: 'getService',
    call: (c) => api.getService(c, { id: 14 }),
    method: 'GET',
    path: '/integration/services/v2/services/14',
  },
  // A person's consent to the terms (issue 34)
  {
    fn: 'getMyConsents',
    call: (c) => api.getMyConsents(c),
    method: 'GET',
    path: '/self/consents',
  },
  {
    fn: 'acceptTerms',
    call: (c) => api.acceptTerms(c, { role: 'contributor', version: 3 }),
    method: 'POST',
    path: '/self/consents',
    body: { role: 'contributor', version: 3 },
  },
  // A person's mail preferences (issue 34)
  {
    fn: 'getMailPreferences',
    call: (c) => api.getMailPreferences(c),
    method: 'GET',
    path: '/profile/mail-preferences',
  },
  {
    fn: 'updateMailPreferences',
    call: (c) => api.updateMailPreferences(c, { kind: 'expert_news', enabled: false }),
    method: 'PUT',
    path: '/profile/mail-preferences',
    body: { kind: 'expert_news', enabled: false },
  },
  // A person's calendar subscription addresses (issue 36)
  {
    fn: 'getMyCalendarFeeds',
    call: (c) => api.getMyCalendarFeeds(c),
    method: 'GET',
    path: '/profile/calendar-feeds',
  },
  {
    fn: 'createMyCalendarFeed',
    call: (c) => api.createMyCalendarFeed(c, { role: 'sme' }),
    method: 'POST',
    path: '/profile/calendar-feeds',
    body: { role: 'sme' },
  },
  {
    fn: 'revokeMyCalendarFeed',
    call: (c) => api.revokeMyCalendarFeed(c, 'contributor'),
    method: 'DELETE',
    path: '/profile/calendar-feeds/contributor',
    body: {},
  },
  // A person's own data (issue 34)
  {
    fn: 'requestMyDataExport',
    call: (c) => api.requestMyDataExport(c),
    method: 'POST',
    path: '/self/my-data/exports',
    body: {},
  },
  {
    fn: 'getMyDataExport',
    call: (c) => api.getMyDataExport(c),
    method: 'GET',
    path: '/self/my-data/export',
  },
  {
    fn: 'getMyDataAccesses',
    call: (c) => api.getMyDataAccesses(c, { page: 2 }),
    method: 'GET',
    path: '/self/my-data/accesses',
    query: 'page=2',
  },
]

/** The multipart endpoints, checked in `client.test.ts` and below by their form fields. */
const multipartEndpoints = ['uploadVoiceNote', 'uploadAttachments']

/** The exported functions that are not endpoints. */
const notEndpoints = [
  'ApiError',
  'createApiClient',
  'requestPage',
  'beginLoading',
  'resetLoading',
  'isApiError',
]

function sortedEntries(search: URLSearchParams | string): [string, string][] {
  return [...new URLSearchParams(search).entries()].sort(([a, x], [b, y]) =>
    a === b ? x.localeCompare(y) : a.localeCompare(b),
  )
}

describe('endpoint functions', () => {
  let recording: ReturnType<typeof createRecordingFetch>
  let client: ApiClient

  beforeEach(() => {
    resetLoading()
    recording = createRecordingFetch((request) =>
      jsonResponse({ data: { echo: new URL(request.url).pathname } }),
    )
    client = createApiClient({ baseURL: BASE, apiKey: 'key-1', fetch: recording.fetch })
  })

  it('cover every exported endpoint function: the spec’s 63 calls and 8 reference-server extensions', () => {
    const functions = Object.entries(api)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .filter((name) => !notEndpoints.includes(name))
    const tested = new Set([...cases.map((row) => row.fn), ...multipartEndpoints])
    expect([...tested].sort()).toEqual(functions.sort())
    // 72 before issue 34, whose own bookings, consent, mail preferences and data add 11.
    expect(functions).toHaveLength(86)
  })

  it('use every path of spec section 7 exactly once', () => {
    const paths = new Set(cases.map((row) => `${row.method} ${row.path}`))
    // 64 paths of the spec (the terms read has two; the 2 uploads are checked separately), the 8 extensions
    // and issue 34's 11 (a person's own bookings, consent, mail preferences and data).
    expect(paths.size + multipartEndpoints.length).toBe(87)
  })

  it('make exactly the calls of the contract the server is checked against', () => {
    // The contract names a call after the function that makes it; the terms read has a second path. The
    // calls no front end makes have no function.
    const functionOf = (call: string) =>
      call === 'getContributorTermsAndConditions' ? 'getTermsAndConditions' : call
    const noFunction = [
      'createAppLink',
      'getUploadedFile',
      'getAvatar',
      'downloadMyDataExport',
      'getCalendarFeed',
    ]
    const template = (path: string) =>
      new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`)
    // The back office's calls are sent by name through `callAdminApi` (admin.test.ts), not by functions.
    const entries = (Object.entries(calls) as [string, Call][]).filter(
      ([name]) => !noFunction.includes(name) && !(name in adminEndpoints),
    )
    for (const row of cases) {
      const made = entries.filter(
        ([name, call]) =>
          functionOf(name) === row.fn && call.method === row.method && template(call.path).test(row.path),
      )
      expect(made, `${row.fn}: ${row.method} ${row.path} is not a call of the contract`).toHaveLength(1)
    }
    const functions = new Set([...cases.map((row) => row.fn), ...multipartEndpoints])
    expect(entries.map(([name]) => functionOf(name)).filter((name) => !functions.has(name))).toEqual([])
    expect(calls.uploadVoiceNote).toMatchObject({
      method: 'POST',
      path: '/uploader/voice_note/upload/dashboard',
    })
    expect(calls.uploadAttachments).toMatchObject({ method: 'POST', path: '/uploader/attachments/upload' })
  })

  it.each(cases.map((row) => [row.label ? `${row.fn} (${row.label})` : row.fn, row] as const))(
    '%s sends the exact method, path, query and body',
    async (_name, row) => {
      const response = await row.call(client)
      expect(recording.calls).toHaveLength(1)
      const request = recording.last()
      const url = new URL(request.url)
      expect(request.method).toBe(row.method)
      expect(url.origin).toBe('https://api.test')
      expect(url.pathname).toBe(`/api${row.path}`)
      expect(sortedEntries(url.search)).toEqual(sortedEntries(row.query ?? ''))
      const text = await request.text()
      if (row.body === undefined) expect(text).toBe('')
      else expect(JSON.parse(text)).toEqual(row.body)
      expect(request.headers.get('content-type')).toBe('application/json')
      expect(response).toEqual({ data: { echo: `/api${row.path}` } })
    },
  )
})

describe('multipart endpoints', () => {
  beforeEach(() => resetLoading())

  it('uploadVoiceNote posts the file as `file` to the voice-note path', async () => {
    const recording = createRecordingFetch()
    const client = createApiClient({ baseURL: BASE, apiKey: 'key-1', fetch: recording.fetch })
    await api.uploadVoiceNote(client, { file: new Blob(['ogg'], { type: 'audio/ogg' }) })
    const request = recording.last()
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/api/uploader/voice_note/upload/dashboard')
    expect(new URL(request.url).search).toBe('')
    const form = await request.formData()
    expect([...form.keys()]).toEqual(['file'])
    const file = form.get('file') as File
    expect(file.name).toBe('voice-note')
    expect(await file.text()).toBe('ogg')
  })

  it('uploadAttachments posts every file as `files[]` to the attachments path', async () => {
    const recording = createRecordingFetch()
    const client = createApiClient({ baseURL: BASE, apiKey: 'key-1', fetch: recording.fetch })
    await api.uploadAttachments(client, {
      files: [new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }), new Blob(['png'])],
    })
    const request = recording.last()
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/api/uploader/attachments/upload')
    const form = await request.formData()
    expect([...form.keys()]).toEqual(['files[]', 'files[]'])
    const files = form.getAll('files[]') as File[]
    expect(files.map((file) => file.name)).toEqual(['plan.pdf', 'attachment-2'])
    expect(await files[0]?.text()).toBe('%PDF')
    expect(await files[1]?.text()).toBe('png')
  })
})

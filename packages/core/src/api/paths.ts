/** An id or token placed in a path; it is encoded with `encodeURIComponent`. */
export type PathId = number | string

const segment = (value: PathId): string => encodeURIComponent(String(value))

/**
 * Every API path of spec section 7, relative to the API base, grouped by domain. Paths with ids
 * are functions. Trailing slashes are kept where the spec writes them.
 */
export const apiPaths = {
  /** Settings, subjects and lists. */
  settings: {
    mentorUrl: '/dashboard/settings/mentor_url',
    adminSubjects: '/dashboard/subjects/get/admin',
    subjects: '/dashboard/subjects',
    aboutUs: '/dashboard/settings/about_us',
    terms: '/dashboard/settings/terms_and_conditions',
    contributorTerms: '/dashboard/settings/terms_and_conditions_contributor',
    all: '/dashboard/settings',
    commonQuestions: '/dashboard/common-questions',
    centers: '/center/centers',
    offices: '/center/offices',
  },
  /** Contributors and profiles. */
  contributors: {
    schedule: (id: PathId) => `/schedule/contributor/${segment(id)}/`,
    consultants: '/profile/v2/consultants',
    bsa: '/profile/v2/bsa',
    search: '/profile/contributors',
    profile: '/profile/contributor',
    subjects: '/profile/contributors/subjects',
    requestDelete: '/profile/user/request_delete',
    availableForInstant: '/profile/contributor/available-for-instant',
    fcmToken: '/profile/contributor/fcm-token',
    smeCompanies: '/profile/sme/companies',
    smeHistory: (id: PathId) => `/profile/sme/${segment(id)}/history/`,
    smeProfile: (id: PathId) => `/profile/v2/sme/show/${segment(id)}`,
  },
  /** Uploads. */
  uploads: {
    voiceNote: '/uploader/voice_note/upload/dashboard',
    attachments: '/uploader/attachments/upload',
  },
  /** The business owner's sessions. */
  smeSessions: {
    upcoming: '/schedule/sme/sessions',
    history: '/schedule/sme/sessions/history',
    details: (id: PathId) => `/schedule/sessions/${segment(id)}/details`,
    requests: '/schedule/requests/sme-session',
    book: (slotId: PathId) => `/schedule/v3/schedules/${segment(slotId)}/sessions/dashboard`,
    /** A reference-server extension: joins an expert who is available now. */
    instant: (contributorId: PathId) => `/schedule/instant/contributor/${segment(contributorId)}`,
  },
  /** Rating and recommendations. */
  rating: {
    validate: (token: PathId) => `/rating/sme/validate-rating/${segment(token)}`,
    questionnaires: (sessionId: PathId) => `/rating/sessions/${segment(sessionId)}/questionnaires`,
    submit: (sessionId: PathId) => `/rating/v4/sessions/${segment(sessionId)}/questionnaires`,
    recommendations: (sessionId: PathId) => `/rating/v2/sme/sessions/${segment(sessionId)}`,
    submitRecommendations: '/rating/v4/sme',
  },
  /** Authentication and the chat backend. */
  authentication: {
    login: '/authentication/auth/login',
    logout: '/authentication/logout',
    handoffLogin: '/authentication/handoff/login',
    redeemHandoff: '/authentication/handoff/redeem',
    redeemAppLink: '/authentication/app-link/redeem',
    firebase: '/firebase/auth',
  },
  /** The contributor's schedule. */
  schedule: {
    bookedSessions: '/schedule/booked-sessions',
    workingHours: '/schedule/working-hours',
    createSlots: '/schedule/v5/schedules',
    slot: (id: PathId) => `/schedule/contributor/${segment(id)}`,
    range: '/schedule/v2/contributor',
  },
  /** Advisor session requests. */
  requests: {
    advisor: '/schedule/requests/advisor-session',
    answer: (id: PathId) => `/schedule/requests/advisor-session/${segment(id)}`,
    details: (id: PathId) => `/schedule/requests/${segment(id)}/details`,
  },
  /** Meetings and session actions. */
  meeting: {
    validate: (sessionId: PathId) => `/schedule/v2/${segment(sessionId)}/validate/contributor`,
    signature: (meetingNumber: PathId, role: PathId) =>
      `/schedule/zoom/jwt/${segment(meetingNumber)}/${segment(role)}`,
    iceServers: (sessionId: PathId) => `/schedule/webrtc/ice-servers/${segment(sessionId)}`,
    smeAbsence: (sessionId: PathId) => `/schedule/sme-absence/${segment(sessionId)}`,
    end: (sessionId: PathId) => `/schedule/sessions/${segment(sessionId)}/end/contributor`,
    extend: (sessionId: PathId) => `/schedule/sessions/${segment(sessionId)}/extend`,
    endInstant: (sessionId: PathId) => `/schedule/${segment(sessionId)}/end-instant`,
    sme: (sessionId: PathId) => `/schedule/sessions/${segment(sessionId)}/sme`,
    cancelReasons: '/schedule/cancel/reasons',
    cancel: (sessionId: PathId) => `/schedule/cancel/session/${segment(sessionId)}/contributor`,
  },
  /** Chat and notifications. */
  chat: {
    possibility: (id: PathId) => `/schedule/v2/chatting-possibility/${segment(id)}`,
    notify: (id: PathId) => `/schedule/notifiable-id/${segment(id)}/chat-notification`,
    notification: (id: PathId) => `/schedule/notification/${segment(id)}`,
    notifications: '/schedule/v2/notifications-list/contributor',
    /** A reference-server extension: the signed-in person's conversations. */
    conversations: '/chat/conversations',
    /** A reference-server extension: the messages with another person. */
    messages: (id: PathId) => `/chat/messages/${segment(id)}`,
    /** A reference-server extension: marks the other person's messages read. */
    read: (id: PathId) => `/chat/read/${segment(id)}`,
    /** A reference-server extension: the public VAPID key browsers subscribe to Web Push with. */
    vapidPublicKey: '/push/vapid-public-key',
  },
  /** The contributor's statistics. */
  statistics: {
    sessions: '/schedule/contributor_report/session_statistics',
    smes: '/schedule/contributor_report/sme_statistics',
  },
  /** The academy and services integration. */
  integration: {
    academyCategories: '/integration/academy/categories',
    academyCourses: '/integration/academy/all_courses',
    services: '/integration/services/v2/services',
    service: (id: PathId) => `/integration/services/v2/services/${segment(id)}`,
  },
} as const

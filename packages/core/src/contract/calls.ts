/**
 * Every call core's API client makes, as the server must answer it: the method, the path (Fastify's
 * `:param` form, below `/api`), the success status and the schemas of the path parameters, query, body
 * and success answer. Core's endpoint test checks its functions against the methods and paths here; the
 * server's contract test checks that each call is a route with exactly these schemas, so the client and the
 * server cannot drift apart unnoticed. Runtime data for tests and the server only: core's own modules
 * import nothing from here.
 */
import { type TSchema, Type } from 'typebox'
import {
  AppLinkRedeemBodySchema,
  AppLinkRedeemResultSchema,
  ChatAuthResultSchema,
  HandoffCodeSchema,
  HandoffLoginBodySchema,
  HandoffRedeemBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  LogoutBodySchema,
} from './authentication.ts'
import {
  AppNotificationSchema,
  ChatConversationSummarySchema,
  ChatConversationsQuerySchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatNotificationBodySchema,
  ChatReadResultSchema,
  ChattingPossibilitySchema,
  NotificationPageSchema,
  UserTypeQuerySchema,
  VapidPublicKeySchema,
} from './chat.ts'
import { Envelope, IdParamsSchema, Nullable, Paged, PageQuerySchema } from './common.ts'
import {
  AccountDeletionBodySchema,
  ContributorListQuerySchema,
  ContributorProfileSchema,
  ContributorScheduleResponseSchema,
  InstantAvailabilityBodySchema,
  InstantAvailabilitySchema,
  PushTokenBodySchema,
  SmeCompanySchema,
  SmeProfileSchema,
} from './contributors.ts'
import {
  AcademyCategorySchema,
  AcademyCourseSchema,
  AcademyCoursesBodySchema,
  PlatformServiceSchema,
} from './integration.ts'
import {
  QuestionnaireSchema,
  RatingDetailsSchema,
  RatingSubmissionBodySchema,
  RatingTokenParamsSchema,
} from './rating.ts'
import { RecommendationInputSchema, RecommendationSchema } from './recommendations.ts'
import {
  BookingResultSchema,
  RequestAnswerBodySchema,
  RequestListQuerySchema,
  SessionRequestSchema,
} from './requests.ts'
import {
  ContributorRangeQuerySchema,
  CreateSlotsBodySchema,
  SlotSchema,
  WorkingHoursSchema,
} from './schedule.ts'
import {
  BookedSessionsQuerySchema,
  BookingBodySchema,
  CancelSessionBodySchema,
  EndSessionBodySchema,
  IceServersSchema,
  InstantSessionParamsSchema,
  MeetingSignatureParamsSchema,
  MeetingSignatureSchema,
  SessionSchema,
  ValidateSessionBodySchema,
} from './sessions.ts'
import {
  AdminSubjectsQuerySchema,
  CancelReasonSchema,
  CenterSchema,
  FaqSchema,
  OfficeSchema,
  OfficesQuerySchema,
  SettingsSchema,
  SettingValueSchema,
  SubjectSchema,
  SubjectsQuerySchema,
} from './settings.ts'
import { SessionStatisticsSchema, SmeStatisticsSchema } from './statistics.ts'
import { AttachmentsUploadResultSchema, VoiceNoteUploadResultSchema } from './uploads.ts'

/** One call of the API: how core sends it and what the server validates and answers. */
export interface Call {
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path below `/api`, with `:name` for path parameters (as the server registers it). */
  path: string
  /** The status of a success; 200 when left out. */
  status?: 200 | 201
  /** The path parameters, when the path has any. */
  params?: TSchema
  /** The query parameters. */
  querystring?: TSchema
  /** The JSON body; multipart bodies (the uploads) have none. */
  body?: TSchema
  /** The success answer. */
  response: TSchema
}

const Empty = Envelope(Type.Null())
const ContributorPage = Paged(ContributorProfileSchema)
const SessionPage = Paged(SessionSchema)
const RequestPage = Paged(SessionRequestSchema)

/** The calls, keyed by the name of core's function that makes them. */
export const calls = {
  // Settings and lists
  getMentorUrl: {
    method: 'GET',
    path: '/dashboard/settings/mentor_url',
    response: Envelope(SettingValueSchema),
  },
  getAboutUs: { method: 'GET', path: '/dashboard/settings/about_us', response: Envelope(SettingValueSchema) },
  getTermsAndConditions: {
    method: 'GET',
    path: '/dashboard/settings/terms_and_conditions',
    response: Envelope(SettingValueSchema),
  },
  getContributorTermsAndConditions: {
    method: 'GET',
    path: '/dashboard/settings/terms_and_conditions_contributor',
    response: Envelope(SettingValueSchema),
  },
  getSettings: { method: 'GET', path: '/dashboard/settings', response: Envelope(SettingsSchema) },
  getCommonQuestions: {
    method: 'GET',
    path: '/dashboard/common-questions',
    response: Envelope(Type.Array(FaqSchema)),
  },
  getSubjects: {
    method: 'GET',
    path: '/dashboard/subjects',
    querystring: SubjectsQuerySchema,
    response: Envelope(Type.Array(SubjectSchema)),
  },
  getAdminSubjects: {
    method: 'GET',
    path: '/dashboard/subjects/get/admin',
    querystring: AdminSubjectsQuerySchema,
    response: Envelope(Type.Array(SubjectSchema)),
  },
  getCenters: { method: 'GET', path: '/center/centers', response: Envelope(Type.Array(CenterSchema)) },
  getOffices: {
    method: 'GET',
    path: '/center/offices',
    querystring: OfficesQuerySchema,
    response: Envelope(Type.Array(OfficeSchema)),
  },

  // Contributors and profile
  getContributorSchedule: {
    method: 'GET',
    path: '/schedule/contributor/:id/',
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: ContributorScheduleResponseSchema,
  },
  getConsultants: {
    method: 'GET',
    path: '/profile/v2/consultants',
    querystring: ContributorListQuerySchema,
    response: ContributorPage,
  },
  getBsaContributors: {
    method: 'GET',
    path: '/profile/v2/bsa',
    querystring: ContributorListQuerySchema,
    response: ContributorPage,
  },
  searchContributors: {
    method: 'GET',
    path: '/profile/contributors',
    querystring: ContributorListQuerySchema,
    response: ContributorPage,
  },
  getContributorSubjects: {
    method: 'GET',
    path: '/profile/contributors/subjects',
    response: Envelope(Type.Array(SubjectSchema)),
  },
  getContributorProfile: {
    method: 'GET',
    path: '/profile/contributor',
    response: Envelope(ContributorProfileSchema),
  },
  requestAccountDeletion: {
    method: 'POST',
    path: '/profile/user/request_delete',
    status: 201,
    body: AccountDeletionBodySchema,
    response: Empty,
  },
  setAvailableForInstant: {
    method: 'PUT',
    path: '/profile/contributor/available-for-instant',
    body: InstantAvailabilityBodySchema,
    response: Envelope(InstantAvailabilitySchema),
  },
  registerPushToken: {
    method: 'POST',
    path: '/profile/contributor/fcm-token',
    body: PushTokenBodySchema,
    response: Empty,
  },
  getSmeCompanies: {
    method: 'GET',
    path: '/profile/sme/companies',
    response: Envelope(Type.Array(SmeCompanySchema)),
  },
  getSmeHistory: {
    method: 'GET',
    path: '/profile/sme/:id/history/',
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: SessionPage,
  },
  getSmeProfile: {
    method: 'GET',
    path: '/profile/v2/sme/show/:id',
    params: IdParamsSchema,
    response: Envelope(SmeProfileSchema),
  },

  // Uploads (multipart bodies)
  uploadVoiceNote: {
    method: 'POST',
    path: '/uploader/voice_note/upload/dashboard',
    status: 201,
    response: Envelope(VoiceNoteUploadResultSchema),
  },
  uploadAttachments: {
    method: 'POST',
    path: '/uploader/attachments/upload',
    status: 201,
    response: Envelope(AttachmentsUploadResultSchema),
  },

  // The business owner's sessions
  getSmeSessions: {
    method: 'GET',
    path: '/schedule/sme/sessions',
    querystring: PageQuerySchema,
    response: SessionPage,
  },
  getSmeSessionHistory: {
    method: 'GET',
    path: '/schedule/sme/sessions/history',
    querystring: PageQuerySchema,
    response: SessionPage,
  },
  getSessionDetails: {
    method: 'GET',
    path: '/schedule/sessions/:id/details',
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  getSmeSessionRequests: {
    method: 'GET',
    path: '/schedule/requests/sme-session',
    querystring: RequestListQuerySchema,
    response: RequestPage,
  },
  bookSlot: {
    method: 'POST',
    path: '/schedule/v3/schedules/:id/sessions/dashboard',
    status: 201,
    params: IdParamsSchema,
    body: BookingBodySchema,
    response: Envelope(BookingResultSchema),
  },
  startInstantSession: {
    method: 'POST',
    path: '/schedule/instant/contributor/:contributorId',
    status: 201,
    params: InstantSessionParamsSchema,
    response: Envelope(SessionSchema),
  },

  // Rating and recommendations
  validateRating: {
    method: 'GET',
    path: '/rating/sme/validate-rating/:token',
    params: RatingTokenParamsSchema,
    response: Envelope(RatingDetailsSchema),
  },
  getSessionQuestionnaires: {
    method: 'GET',
    path: '/rating/sessions/:id/questionnaires',
    params: IdParamsSchema,
    response: Envelope(Type.Array(QuestionnaireSchema)),
  },
  submitSessionRating: {
    method: 'POST',
    path: '/rating/v4/sessions/:id/questionnaires',
    status: 201,
    params: IdParamsSchema,
    body: RatingSubmissionBodySchema,
    response: Empty,
  },
  getSessionRecommendations: {
    method: 'GET',
    path: '/rating/v2/sme/sessions/:id',
    params: IdParamsSchema,
    response: Envelope(Nullable(RecommendationSchema)),
  },
  submitRecommendations: {
    method: 'POST',
    path: '/rating/v4/sme',
    body: RecommendationInputSchema,
    response: Envelope(RecommendationSchema),
  },

  // Authentication
  login: {
    method: 'POST',
    path: '/authentication/auth/login',
    body: LoginBodySchema,
    response: Envelope(LoginResultSchema),
  },
  logoutSession: { method: 'POST', path: '/authentication/logout', body: LogoutBodySchema, response: Empty },
  getChatToken: { method: 'GET', path: '/firebase/auth', response: Envelope(ChatAuthResultSchema) },
  handoffLogin: {
    method: 'POST',
    path: '/authentication/handoff/login',
    body: HandoffLoginBodySchema,
    response: Envelope(HandoffCodeSchema),
  },
  redeemHandoff: {
    method: 'POST',
    path: '/authentication/handoff/redeem',
    body: HandoffRedeemBodySchema,
    response: Envelope(LoginResultSchema),
  },
  redeemAppLink: {
    method: 'POST',
    path: '/authentication/app-link/redeem',
    body: AppLinkRedeemBodySchema,
    response: Envelope(AppLinkRedeemResultSchema),
  },

  // The contributor's schedule
  getBookedSessions: {
    method: 'GET',
    path: '/schedule/booked-sessions',
    querystring: BookedSessionsQuerySchema,
    response: SessionPage,
  },
  getWorkingHours: { method: 'GET', path: '/schedule/working-hours', response: Envelope(WorkingHoursSchema) },
  createSlots: {
    method: 'POST',
    path: '/schedule/v5/schedules',
    status: 201,
    body: CreateSlotsBodySchema,
    response: Envelope(Type.Array(SlotSchema)),
  },
  deleteSlot: {
    method: 'DELETE',
    path: '/schedule/contributor/:id',
    params: IdParamsSchema,
    response: Empty,
  },
  getContributorSlots: {
    method: 'GET',
    path: '/schedule/v2/contributor',
    querystring: ContributorRangeQuerySchema,
    response: Envelope(Type.Array(SlotSchema)),
  },

  // Requests
  getAdvisorRequests: {
    method: 'GET',
    path: '/schedule/requests/advisor-session',
    querystring: RequestListQuerySchema,
    response: RequestPage,
  },
  answerRequest: {
    method: 'POST',
    path: '/schedule/requests/advisor-session/:id',
    params: IdParamsSchema,
    body: RequestAnswerBodySchema,
    response: Envelope(SessionRequestSchema),
  },
  getRequestDetails: {
    method: 'GET',
    path: '/schedule/requests/:id/details',
    params: IdParamsSchema,
    response: Envelope(SessionRequestSchema),
  },

  // Meeting
  validateContributorMeeting: {
    method: 'POST',
    path: '/schedule/v2/:id/validate/contributor',
    params: IdParamsSchema,
    body: ValidateSessionBodySchema,
    response: Envelope(SessionSchema),
  },
  getMeetingSignature: {
    method: 'GET',
    path: '/schedule/zoom/jwt/:meetingNumber/:role',
    params: MeetingSignatureParamsSchema,
    response: Envelope(MeetingSignatureSchema),
  },
  getIceServers: {
    method: 'GET',
    path: '/schedule/webrtc/ice-servers/:id',
    params: IdParamsSchema,
    response: Envelope(IceServersSchema),
  },
  markSmeAbsent: {
    method: 'POST',
    path: '/schedule/sme-absence/:id',
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  endSession: {
    method: 'POST',
    path: '/schedule/sessions/:id/end/contributor',
    params: IdParamsSchema,
    body: EndSessionBodySchema,
    response: Envelope(SessionSchema),
  },
  extendSession: {
    method: 'GET',
    path: '/schedule/sessions/:id/extend',
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  endInstantSession: {
    method: 'POST',
    path: '/schedule/:id/end-instant',
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  getSessionSme: {
    method: 'GET',
    path: '/schedule/sessions/:id/sme',
    params: IdParamsSchema,
    response: Envelope(SmeProfileSchema),
  },
  getCancelReasons: {
    method: 'GET',
    path: '/schedule/cancel/reasons',
    response: Envelope(Type.Array(CancelReasonSchema)),
  },
  cancelSession: {
    method: 'POST',
    path: '/schedule/cancel/session/:id/contributor',
    params: IdParamsSchema,
    body: CancelSessionBodySchema,
    response: Envelope(SessionSchema),
  },

  // Chat and notifications
  getChattingPossibility: {
    method: 'GET',
    path: '/schedule/v2/chatting-possibility/:id',
    params: IdParamsSchema,
    querystring: UserTypeQuerySchema,
    response: Envelope(ChattingPossibilitySchema),
  },
  sendChatNotification: {
    method: 'POST',
    path: '/schedule/notifiable-id/:id/chat-notification',
    status: 201,
    params: IdParamsSchema,
    body: ChatNotificationBodySchema,
    response: Empty,
  },
  getNotifications: {
    method: 'GET',
    path: '/schedule/v2/notifications-list/contributor',
    querystring: PageQuerySchema,
    response: NotificationPageSchema,
  },
  markNotificationRead: {
    method: 'POST',
    path: '/schedule/notification/:id',
    params: IdParamsSchema,
    response: Envelope(AppNotificationSchema),
  },
  getChatConversations: {
    method: 'GET',
    path: '/chat/conversations',
    querystring: ChatConversationsQuerySchema,
    response: Envelope(Type.Array(ChatConversationSummarySchema)),
  },
  getChatMessages: {
    method: 'GET',
    path: '/chat/messages/:id',
    params: IdParamsSchema,
    querystring: ChatMessagesQuerySchema,
    response: Paged(ChatMessageSchema),
  },
  markChatRead: {
    method: 'POST',
    path: '/chat/read/:id',
    params: IdParamsSchema,
    querystring: UserTypeQuerySchema,
    response: Envelope(ChatReadResultSchema),
  },
  getVapidPublicKey: {
    method: 'GET',
    path: '/push/vapid-public-key',
    response: Envelope(VapidPublicKeySchema),
  },

  // Statistics
  getSessionStatistics: {
    method: 'GET',
    path: '/schedule/contributor_report/session_statistics',
    response: Envelope(SessionStatisticsSchema),
  },
  getSmeStatistics: {
    method: 'GET',
    path: '/schedule/contributor_report/sme_statistics',
    response: Envelope(SmeStatisticsSchema),
  },

  // Academy and services
  getAcademyCategories: {
    method: 'GET',
    path: '/integration/academy/categories',
    response: Envelope(Type.Array(AcademyCategorySchema)),
  },
  getAcademyCourses: {
    method: 'POST',
    path: '/integration/academy/all_courses',
    body: AcademyCoursesBodySchema,
    response: Paged(AcademyCourseSchema),
  },
  getServices: {
    method: 'GET',
    path: '/integration/services/v2/services',
    response: Envelope(Type.Array(PlatformServiceSchema)),
  },
  getService: {
    method: 'GET',
    path: '/integration/services/v2/services/:id',
    params: IdParamsSchema,
    response: Envelope(PlatformServiceSchema),
  },
} as const satisfies Record<string, Call>

/** The name of a call: core's function that makes it (`getContributorTermsAndConditions` is `getTermsAndConditions` for contributors). */
export type CallName = keyof typeof calls

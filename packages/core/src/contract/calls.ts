/**
 * The schemas of every call of the API, by the call's name: the path parameters, query, body and success
 * answer (and the success status), as the server validates, answers and documents them. A call's method and
 * path are not here but in `endpoints.ts`, the one place they are written; `calls` joins the two, and the
 * compiler holds both tables to the same names. The server registers each route from its entry
 * (`callRoute(calls.x, …)`, which names the OpenAPI operation after the call); core's client takes its types
 * from here (`import type`) and its methods and paths from `endpoints.ts`, so TypeBox never reaches a bundle.
 * Runtime data for tests and the server only.
 */
import { type TSchema, Type } from 'typebox'
import { adminContentSchemas } from './admin/content.ts'
import { adminEndpoints } from './admin/endpoints.ts'
import { adminExpertSchemas } from './admin/experts.ts'
import { adminRecordsSchemas } from './admin/records.ts'
import { adminWebhookSchemas } from './admin/webhooks.ts'
import {
  AppLinkBodySchema,
  AppLinkRedeemBodySchema,
  AppLinkRedeemResultSchema,
  AppLinkSchema,
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
import { type CallMethod, type CallName, endpoints, type MethodOf, type PathOf } from './endpoints.ts'
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
import { selfBookingSchemas } from './self/bookings.ts'
import { calendarFeedSchemas } from './self/calendar-feed.ts'
import { consentSchemas } from './self/consent.ts'
import { mailPreferenceSchemas } from './self/mail-preferences.ts'
import { myDataSchemas } from './self/my-data.ts'
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
import {
  AttachmentsUploadResultSchema,
  AvatarParamsSchema,
  StoredFileParamsSchema,
  VoiceNoteUploadResultSchema,
} from './uploads.ts'

/** What the server validates and answers for a call. */
export interface CallSchemas {
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
  /** The media type of a success answer that is not JSON (a file), which `response` then describes. */
  media?: string
}

/** One call of the API: its name, method and path (from `endpoints`) and its schemas. */
export interface Call extends CallSchemas {
  /** The call's name: its key in `calls`, and its OpenAPI `operationId`. */
  name: CallName
  /** The HTTP method. */
  method: CallMethod
  /** The path below `/api`, with `:name` for path parameters (as the server registers it). */
  path: string
}

const Empty = Envelope(Type.Null())
const ContributorPage = Paged(ContributorProfileSchema)
const SessionPage = Paged(SessionSchema)
const RequestPage = Paged(SessionRequestSchema)

/** The schemas of each call, by name; `endpoints.ts` has its method and path under the same name. */
const schemas = {
  // Settings and lists
  getMentorUrl: {
    response: Envelope(SettingValueSchema),
  },
  getAboutUs: { response: Envelope(SettingValueSchema) },
  getTermsAndConditions: {
    response: Envelope(SettingValueSchema),
  },
  getContributorTermsAndConditions: {
    response: Envelope(SettingValueSchema),
  },
  getSettings: { response: Envelope(SettingsSchema) },
  getCommonQuestions: {
    response: Envelope(Type.Array(FaqSchema)),
  },
  getSubjects: {
    querystring: SubjectsQuerySchema,
    response: Envelope(Type.Array(SubjectSchema)),
  },
  getAdminSubjects: {
    querystring: AdminSubjectsQuerySchema,
    response: Envelope(Type.Array(SubjectSchema)),
  },
  getCenters: { response: Envelope(Type.Array(CenterSchema)) },
  getOffices: {
    querystring: OfficesQuerySchema,
    response: Envelope(Type.Array(OfficeSchema)),
  },

  // Contributors and profile
  getContributorSchedule: {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: ContributorScheduleResponseSchema,
  },
  getConsultants: {
    querystring: ContributorListQuerySchema,
    response: ContributorPage,
  },
  getBsaContributors: {
    querystring: ContributorListQuerySchema,
    response: ContributorPage,
  },
  searchContributors: {
    querystring: ContributorListQuerySchema,
    response: ContributorPage,
  },
  getContributorSubjects: {
    response: Envelope(Type.Array(SubjectSchema)),
  },
  getContributorProfile: {
    response: Envelope(ContributorProfileSchema),
  },
  requestAccountDeletion: {
    status: 201,
    body: AccountDeletionBodySchema,
    response: Empty,
  },
  setAvailableForInstant: {
    body: InstantAvailabilityBodySchema,
    response: Envelope(InstantAvailabilitySchema),
  },
  registerPushToken: {
    body: PushTokenBodySchema,
    response: Empty,
  },
  getSmeCompanies: {
    response: Envelope(Type.Array(SmeCompanySchema)),
  },
  getSmeHistory: {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: SessionPage,
  },
  getSmeProfile: {
    params: IdParamsSchema,
    response: Envelope(SmeProfileSchema),
  },

  // Uploads (multipart bodies)
  uploadVoiceNote: {
    status: 201,
    response: Envelope(VoiceNoteUploadResultSchema),
  },
  uploadAttachments: {
    status: 201,
    response: Envelope(AttachmentsUploadResultSchema),
  },

  // Files (answers that are not JSON)
  getUploadedFile: {
    params: StoredFileParamsSchema,
    media: 'application/octet-stream',
    response: Type.String(),
  },
  getAvatar: { params: AvatarParamsSchema, media: 'image/svg+xml', response: Type.String() },

  // The business owner's sessions
  getSmeSessions: {
    querystring: PageQuerySchema,
    response: SessionPage,
  },
  getSmeSessionHistory: {
    querystring: PageQuerySchema,
    response: SessionPage,
  },
  getSessionDetails: {
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  getSmeSessionRequests: {
    querystring: RequestListQuerySchema,
    response: RequestPage,
  },
  bookSlot: {
    status: 201,
    params: IdParamsSchema,
    body: BookingBodySchema,
    response: Envelope(BookingResultSchema),
  },
  startInstantSession: {
    status: 201,
    params: InstantSessionParamsSchema,
    response: Envelope(SessionSchema),
  },

  // Rating and recommendations
  validateRating: {
    params: RatingTokenParamsSchema,
    response: Envelope(RatingDetailsSchema),
  },
  getSessionQuestionnaires: {
    params: IdParamsSchema,
    response: Envelope(Type.Array(QuestionnaireSchema)),
  },
  submitSessionRating: {
    status: 201,
    params: IdParamsSchema,
    body: RatingSubmissionBodySchema,
    response: Empty,
  },
  getSessionRecommendations: {
    params: IdParamsSchema,
    response: Envelope(Nullable(RecommendationSchema)),
  },
  submitRecommendations: {
    body: RecommendationInputSchema,
    response: Envelope(RecommendationSchema),
  },

  // Authentication
  login: {
    body: LoginBodySchema,
    response: Envelope(LoginResultSchema),
  },
  logoutSession: { body: LogoutBodySchema, response: Empty },
  getChatToken: { response: Envelope(ChatAuthResultSchema) },
  handoffLogin: {
    body: HandoffLoginBodySchema,
    response: Envelope(HandoffCodeSchema),
  },
  redeemHandoff: {
    body: HandoffRedeemBodySchema,
    response: Envelope(LoginResultSchema),
  },
  redeemAppLink: {
    body: AppLinkRedeemBodySchema,
    response: Envelope(AppLinkRedeemResultSchema),
  },
  createAppLink: { body: AppLinkBodySchema, response: Envelope(AppLinkSchema) },

  // The contributor's schedule
  getBookedSessions: {
    querystring: BookedSessionsQuerySchema,
    response: SessionPage,
  },
  getWorkingHours: { response: Envelope(WorkingHoursSchema) },
  createSlots: {
    status: 201,
    body: CreateSlotsBodySchema,
    response: Envelope(Type.Array(SlotSchema)),
  },
  deleteSlot: {
    params: IdParamsSchema,
    response: Empty,
  },
  getContributorSlots: {
    querystring: ContributorRangeQuerySchema,
    response: Envelope(Type.Array(SlotSchema)),
  },

  // Requests
  getAdvisorRequests: {
    querystring: RequestListQuerySchema,
    response: RequestPage,
  },
  answerRequest: {
    params: IdParamsSchema,
    body: RequestAnswerBodySchema,
    response: Envelope(SessionRequestSchema),
  },
  getRequestDetails: {
    params: IdParamsSchema,
    response: Envelope(SessionRequestSchema),
  },

  // Meeting
  validateContributorMeeting: {
    params: IdParamsSchema,
    body: ValidateSessionBodySchema,
    response: Envelope(SessionSchema),
  },
  getMeetingSignature: {
    params: MeetingSignatureParamsSchema,
    response: Envelope(MeetingSignatureSchema),
  },
  getIceServers: {
    params: IdParamsSchema,
    response: Envelope(IceServersSchema),
  },
  markSmeAbsent: {
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  endSession: {
    params: IdParamsSchema,
    body: EndSessionBodySchema,
    response: Envelope(SessionSchema),
  },
  extendSession: {
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  endInstantSession: {
    params: IdParamsSchema,
    response: Envelope(SessionSchema),
  },
  getSessionSme: {
    params: IdParamsSchema,
    response: Envelope(SmeProfileSchema),
  },
  getCancelReasons: {
    response: Envelope(Type.Array(CancelReasonSchema)),
  },
  cancelSession: {
    params: IdParamsSchema,
    body: CancelSessionBodySchema,
    response: Envelope(SessionSchema),
  },

  // Chat and notifications
  getChattingPossibility: {
    params: IdParamsSchema,
    querystring: UserTypeQuerySchema,
    response: Envelope(ChattingPossibilitySchema),
  },
  sendChatNotification: {
    status: 201,
    params: IdParamsSchema,
    body: ChatNotificationBodySchema,
    response: Empty,
  },
  getNotifications: {
    querystring: PageQuerySchema,
    response: NotificationPageSchema,
  },
  markNotificationRead: {
    params: IdParamsSchema,
    response: Envelope(AppNotificationSchema),
  },
  getChatConversations: {
    querystring: ChatConversationsQuerySchema,
    response: Envelope(Type.Array(ChatConversationSummarySchema)),
  },
  getChatMessages: {
    params: IdParamsSchema,
    querystring: ChatMessagesQuerySchema,
    response: Paged(ChatMessageSchema),
  },
  markChatRead: {
    params: IdParamsSchema,
    querystring: UserTypeQuerySchema,
    response: Envelope(ChatReadResultSchema),
  },
  getVapidPublicKey: {
    response: Envelope(VapidPublicKeySchema),
  },

  // Statistics
  getSessionStatistics: {
    response: Envelope(SessionStatisticsSchema),
  },
  getSmeStatistics: {
    response: Envelope(SmeStatisticsSchema),
  },

  // Academy and services
  getAcademyCategories: {
    response: Envelope(Type.Array(AcademyCategorySchema)),
  },
  getAcademyCourses: {
    body: AcademyCoursesBodySchema,
    response: Paged(AcademyCourseSchema),
  },
  getServices: {
    response: Envelope(Type.Array(PlatformServiceSchema)),
  },
  getService: {
    params: IdParamsSchema,
    response: Envelope(PlatformServiceSchema),
  },

  // A person's own bookings and data (issue 34)
  ...selfBookingSchemas,
  ...consentSchemas,
  ...myDataSchemas,
  ...mailPreferenceSchemas,
  ...calendarFeedSchemas,

  // The back office (issue 33)
  ...adminExpertSchemas,
  ...adminContentSchemas,
  ...adminRecordsSchemas,
  ...adminWebhookSchemas,
} as const satisfies { [N in CallName]: CallSchemas }

/** The calls, by name: each one's method and path from `endpoints`, with its schemas. */
const everyEndpoint: { [N in CallName]: string } = { ...endpoints, ...adminEndpoints }

export const calls = Object.fromEntries(
  (Object.keys(everyEndpoint) as CallName[]).map((name) => {
    const [method, path] = everyEndpoint[name].split(' ')
    return [name, { name, method, path, ...schemas[name] }]
  }),
) as { [N in CallName]: (typeof schemas)[N] & { name: N; method: MethodOf<N>; path: PathOf<N> } }

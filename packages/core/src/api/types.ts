/**
 * The wire types of the Mashura API: the envelopes, the entities of spec section 3 and what the
 * calls of spec section 7 send and return.
 *
 * Rules that hold for every type here:
 * - names on the wire are snake_case, exactly as written here;
 * - times are ISO 8601 strings with an offset (`2025-03-02T09:00:00+03:00`), except the
 *   `start_date`/`end_date` of `GET /schedule/v2/contributor`, which are Unix seconds;
 * - calendar dates without a time are `YYYY-MM-DD`, meant in Asia/Riyadh;
 * - ids are positive integers;
 * - texts meant for people (names, messages, reasons) come in the request's `Accept-Language`;
 * - a field that may be unknown is `null`, never missing; `?` marks fields a sender may leave out.
 *
 * Entities are interfaces; inputs (query and body parameters) are type aliases, so that they fit
 * the client's `query` and `body` options.
 */

import type {
  ChatLastMessage,
  CommunicationWayId,
  ContributorKind,
  RequestState,
  SessionState,
  SubjectType,
  UserRole,
} from '../rules/index.ts'

export type { CommunicationWayId, ContributorKind, RequestState, SessionState, SubjectType, UserRole }

// ---------------------------------------------------------------------------------------------
// Envelopes and paging
// ---------------------------------------------------------------------------------------------

/** The paging block of a paged read: 1-based `page`, `per_page` (default 15, at most 100). */
export interface PageMeta {
  /** The 1-based number of the page returned. */
  page: number
  /** How many items a page holds. */
  per_page: number
  /** How many items exist across all pages. */
  total: number
  /** The number of the last page (at least 1, also when there are no items). */
  last_page: number
}

/** The success envelope every call answers with. */
export interface ApiResponse<T> {
  /** The payload. */
  data: T
  /** A message for people, in the request's language (shown e.g. after creating slots). */
  message?: string
  /** The paging block, present on paged reads. */
  meta?: PageMeta
}

/** The success envelope of a paged read: a list and its paging block. */
export interface PagedResponse<T> extends ApiResponse<T[]> {
  /** The paging block. */
  meta: PageMeta
}

/** Paging parameters of paged reads, sent in the query (or the body of a paged POST). */
export type PageParams = {
  /** The 1-based page to read; 1 when left out. */
  page?: number
  /** Items per page; 15 when left out, at most 100. */
  per_page?: number
}

/** The error body every failed call answers with, with the HTTP status that fits. */
export interface ApiErrorBody {
  /** The error itself. */
  error: {
    /** A stable machine-readable code, such as `validation_failed` or `already_rated`. */
    code: string
    /** A message for people, in the request's language. */
    message: string
    /** Per-field messages of a validation failure, keyed by the input's field name. */
    fields?: Record<string, string>
  }
}

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/**
 * How a slot may be held, as bit flags: 1 in the office, 2 online, 3 both.
 * Communication way 1 (office) needs bit 1, communication way 0 (online) needs bit 2.
 */
export type Availability = 1 | 2 | 3

/** The phase a business owner's company is in. */
export type CompanyPhase = 'idea_owner' | 'launched_project' | 'facing_challenge' | 'growing'

/** A reference to a stored file; `full_path` is an absolute URL that can be shown or played. */
export interface FileRef {
  /** The absolute URL of the file. */
  full_path: string
}

/** A file stored by an upload call, as upload results and recommendations carry it. */
export interface StoredFile extends FileRef {
  /** The server-side path to send back in later calls (e.g. a recommendation's `voice_note`). */
  path: string
  /** The original file name. */
  name: string
  /** The MIME type, as the server detected it. */
  mime_type: string
  /** The size in bytes. */
  size: number
}

// ---------------------------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------------------------

/** The body of `POST /authentication/auth/login`: the provider's code and the PKCE verifier. */
export type LoginInput = {
  /** The authorization code from the sign-in provider's redirect. */
  code: string
  /** The PKCE code verifier whose S256 challenge started the sign-in. */
  code_verifier: string
  /** The redirect URI the sign-in started with (the `/redirectauth` page). */
  redirect_uri: string
  /** Set by the platform's sign-in popup: keep the result for the widget holding this handle. */
  handoff?: SignInHandoff
}

/** A widget's one-time handle and the page origin its sign-in result is for. */
export type SignInHandoff = {
  /** 32 random bytes, base64url (43 characters), made by the widget. */
  handle: string
  /** The partner page's origin. */
  origin: string
}

/** The body of `POST /authentication/handoff`: a popup sign-in that ended without a result. */
export type HandoffFailureInput = SignInHandoff & {
  /** `cancelled`: the visitor turned it down; `failed`: it went wrong. */
  outcome: 'cancelled' | 'failed'
}

/** The body of `POST /authentication/handoff/redeem`. */
export type HandoffRedeemInput = {
  handle: string
  /** Seconds to wait for the popup when nothing is there yet (0 to 25). */
  wait?: number
}

/** What a redeem finds: nothing yet, the login result, or the end of a sign-in without one. */
export interface HandoffRedeemResult {
  status: 'pending' | 'signed_in' | 'cancelled' | 'failed'
  /** The login result, for `signed_in`. */
  result: LoginResult | null
}

/** The body of `POST /authentication/app-link/redeem`: the handle of the mobile app's link. */
export type AppLinkRedeemInput = {
  /** The handle from the link's address, `/redirection/{handle}`. */
  handle: string
}

/** What the mobile app's link opens: a new session's login result and where to go with it. */
export interface AppLinkRedeemResult {
  /** The login result; its token is the mobile-app token. */
  result: LoginResult
  /** A path on the site, `/` when the app named none. */
  to: string
}

/** The signed-in person as the login result describes them. */
export interface LoginUser {
  /** The person's full name. */
  full_name: string
  /** The person's e-mail address, when the provider shares one. */
  email?: string
  /** The business-owner identity with its profile picture, or `null`. */
  sme: { file: FileRef | null } | null
  /** The expert identity with its profile picture, or `null` for people who are not experts. */
  contributor: { file: FileRef | null } | null
  /** Whether the person may publish slots. */
  can_create_slots: boolean
  /** Whether the person may delete slots. */
  can_delete_slots: boolean
}

/** The result of a login: the API token, the roles and the person. */
export interface LoginResult {
  /** The bearer token for later calls. */
  access_token: string
  /** The person's roles; the role is `contributor` when this list includes `contributor`. */
  roles: string[]
  /** The person's contributor id, or `null` when they are not an expert. */
  contributor_id: number | null
  /** The signed-in person. */
  user: LoginUser
}

/** The body of `POST /authentication/logout`. */
export type LogoutInput = {
  /** The push token to forget, when the device registered one. */
  fcm_token?: string
}

/** The chat backend's sign-in: `payload` is the custom token for the realtime store. */
export interface ChatAuthResult {
  /** The custom token for signing into the realtime store: Firebase's where the platform runs Firebase (the
   * reference server's socket takes it too). */
  payload: string
}

// ---------------------------------------------------------------------------------------------
// Settings and lists
// ---------------------------------------------------------------------------------------------

/** The key of a single public setting. */
export type SettingKey =
  | 'about_us'
  | 'terms_and_conditions'
  | 'terms_and_conditions_contributor'
  | 'mentor_url'

/** One public setting, as the single-setting reads return it. */
export interface SettingValue {
  /** Which setting this is. */
  key: SettingKey
  /** The value: HTML-free text for texts, an absolute URL for `mentor_url`. */
  value: string
}

/** The contact settings shown on the contact page. */
export interface ContactSettings {
  /** The mobile number, in international form (`+9665…`). */
  mobile: string
  /** The contact e-mail address. */
  email: string
  /** The WhatsApp number, in international form. */
  whatsapp: string
}

/** One question of the FAQ. */
export interface Faq {
  /** The question's id. */
  id: number
  /** The question. */
  question: string
  /** The answer. */
  answer: string
}

/** All public settings in one read. */
export interface Settings {
  /** The about-us text. */
  about_us: string
  /** The terms and conditions for business owners. */
  terms_and_conditions: string
  /** The terms and conditions for contributors. */
  terms_and_conditions_contributor: string
  /** The contact settings. */
  contact: ContactSettings
  /** The FAQ list, the same as `GET /dashboard/common-questions`. */
  faqs: Faq[]
  /** The absolute URL of the promotional (mentor) video. */
  mentor_url: string
}

/** The query of `GET /dashboard/settings/terms_and_conditions…`: whose terms to read. */
export type TermsParams = {
  /** `contributor` reads the contributors' own terms; `sme` (the default) the general ones. */
  role?: UserRole
}

/** A subject experts advise on. */
export interface Subject {
  /** The subject's id. */
  id: number
  /** The subject's name. */
  name: string
  /** The subject type: 1 consulting, 2 guidance, 4 partnerships. */
  type: SubjectType
  /** Whether this is a bsa subject. */
  bsa_subject: boolean
  /** A short description, or `null`. */
  description: string | null
}

/** The query of `GET /dashboard/subjects`: filters by type and the bsa flag. */
export type SubjectsParams = {
  /** Only subjects of this type. */
  type?: SubjectType
  /** Only bsa subjects (`true`) or only other subjects (`false`). */
  bsa_subject?: boolean
}

/** The query of `GET /dashboard/subjects/get/admin`: every subject, or filtered like `SubjectsParams`. */
export type AdminSubjectsParams = { all_subjects: true } | SubjectsParams

/** A business-support center of the agency. */
export interface Center {
  /** The center's id. */
  id: number
  /** The center's name. */
  name: string
  /** The city, or `null`. */
  city: string | null
}

/** An office where in-office sessions take place. */
export interface Office {
  /** The office's id. */
  id: number
  /** The office's name. */
  name: string
  /** The center the office belongs to. */
  center_id: number
  /** The street address, or `null`. */
  address: string | null
  /** A map link, or `null`. */
  map_url: string | null
}

/** The query of `GET /center/offices`. */
export type OfficesParams = {
  /** Only the offices where this contributor receives business owners. */
  contributor?: number
}

/** A reason a contributor may give for cancelling a session. */
export interface CancelReason {
  /** The reason's id. */
  id: number
  /** The reason's text. */
  name: string
  /** Whether the contributor must add their own words (an "other" reason). */
  requires_details: boolean
}

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

/** The identity-provider view of a person: their display name. */
export interface SsoUser {
  /** The person's full name. */
  full_name: string
}

/**
 * The grammatical gender a contributor's kind is titled in: a woman is «مستشارة», «مرشدة», «شريكة». Messages
 * that name the kind (`contributors.kind.*`) select on it as `gender`.
 */
export type ContributorGender = 'female' | 'male'

/** A contributor as lists and sessions show them. */
export interface ContributorSummary {
  /** The contributor's id. */
  id: number
  /** The contributor's identity, with the full name. */
  sso_user: SsoUser
  /** The profile picture, or `null`. */
  file: FileRef | null
  /** The kind of contributor. */
  role: ContributorKind
  /** The gender the kind is titled in, or `null` when not given (the masculine title, Arabic's default). */
  gender: ContributorGender | null
}

/** A contributor's full profile, as profile pages and lists show it. */
export interface ContributorProfile extends ContributorSummary {
  /** Whether this contributor may publish slots. */
  can_create_slots: boolean
  /** Whether this contributor may delete slots. */
  can_delete_slots: boolean
  /** The subjects this contributor advises on. */
  subjects: Subject[]
  /** A short biography, or `null`. */
  bio: string | null
  /** The center the contributor works with, or `null`. */
  center: Center | null
  /** How the contributor's slots may be held. */
  availability: Availability
  /** The start of the contributor's next free slot, or `null` when none is published. */
  next_free_slot: string | null
  /** The average rating from 1 to 5, or `null` before any rating. */
  rating: number | null
  /** How many sessions the contributor has held. */
  sessions_count: number
  /** When the profile was created (the "newest" sort uses it). */
  created_at: string
  /**
   * Whether a business owner can join this expert now in an instant session: the admin permits it
   * (`join_now_enabled`) and the expert's own toggle (`available_for_instant`) is on.
   */
  available_now: boolean
}

/** The query of `GET /profile/contributors` (search). */
export type ContributorSearchParams = PageParams & {
  /** The search text; the search page sends a single space for a blank search. */
  q?: string
  /** Only contributors with a free slot on one of these dates (`YYYY-MM-DD`). */
  dates?: string[]
  /** Only contributors whose slots can be held this way. */
  availability?: Availability
  /** Only contributors of these centers. */
  centers?: number[]
  /** Only contributors advising on these subjects. */
  subjects?: number[]
  /** Only contributors with at least one free slot ahead. */
  available?: boolean
}

/** The query of `GET /profile/v2/consultants` and `GET /profile/v2/bsa`: the search filters plus field and order. */
export type ContributorListParams = ContributorSearchParams & {
  /** Only contributors of this field (subject type). */
  type?: SubjectType
  /**
   * The order: `relevance` (the default with a text) lists the best matches first, `newest` the most
   * recently joined contributors first (the only order without a text).
   */
  sort?: 'relevance' | 'newest'
}

/** A business owner as sessions and requests show them. */
export interface SmeSummary {
  /** The business owner's id. */
  id: number
  /** The business owner's full name. */
  full_name: string
  /** The profile picture, or `null`. */
  file: FileRef | null
}

/** A company of a business owner. */
export interface SmeCompany {
  /** The company's id. */
  id: number
  /** The company's name. */
  name: string
  /** The commercial registration number, or `null`. */
  commercial_registration: string | null
  /** The business sector, or `null`. */
  sector: string | null
  /** The city, or `null`. */
  city: string | null
  /** The company's phase, or `null` when not yet known. */
  phase: CompanyPhase | null
}

/** A business owner's profile, as contributors see it. */
export interface SmeProfile extends SmeSummary {
  /** The e-mail address, or `null`. */
  email: string | null
  /** The mobile number, or `null`. */
  mobile: string | null
  /** The business owner's companies. */
  companies: SmeCompany[]
  /** How many sessions the business owner has had. */
  sessions_count: number
}

/** The body of `POST /profile/user/request_delete`. */
export type AccountDeletionInput = {
  /** Why the person wants the account deleted; required, at most 300 characters. */
  reason: string
}

/** The body of `PUT /profile/contributor/available-for-instant`. */
export type InstantAvailabilityInput = {
  /** Whether the contributor accepts instant sessions now. */
  available_for_instant: boolean
}

/** The result of `PUT /profile/contributor/available-for-instant`. */
export interface InstantAvailability {
  /** Whether the contributor accepts instant sessions now. */
  available_for_instant: boolean
}

/** The parameters of registering a push token; the call adds `device_type` 3 (web). */
export type PushTokenInput = {
  /** The push registration token. */
  token: string
}

/** The body of `POST /profile/contributor/fcm-token`. */
export type PushTokenBody = PushTokenInput & {
  /** The device type; 3 is the web. */
  device_type: 3
}

// ---------------------------------------------------------------------------------------------
// Slots and schedule
// ---------------------------------------------------------------------------------------------

/** A published availability slot (a "schedule" on the wire). */
export interface Slot {
  /** The slot's id (the schedule id). */
  id: number
  /** The contributor who published the slot. */
  contributor_id: number
  /** When the slot starts. */
  start: string
  /** When the slot ends. */
  end: string
  /** How the slot may be held: 1 office, 2 online, 3 both. */
  availability: Availability
  /** The office for in-office sessions, or `null`. */
  office: Office | null
  /** Whether a session has been booked in this slot. */
  is_booked: boolean
  /** The booked session's id, shown to the slot's contributor only; otherwise `null`. */
  session_id: number | null
}

/** A contributor's public schedule: the profile and a page of free slots. */
export interface ContributorSchedule {
  /** The contributor. */
  contributor: ContributorProfile
  /** The page of free slots, earliest first. */
  slots: Slot[]
}

/** The parameters of `GET /schedule/contributor/{id}/`. */
export type ContributorScheduleParams = PageParams & {
  /** The contributor's id. */
  id: number
}

/** One slot to publish. */
export type SlotInput = {
  /** When the slot starts. */
  start: string
  /** When the slot ends. */
  end: string
}

/** The body of `POST /schedule/v5/schedules`: slots to publish, held the same way. */
export type CreateSlotsInput = {
  /** The slots; they must not overlap each other or published slots. */
  slots: SlotInput[]
  /** How the slots may be held. */
  availability: Availability
  /** The office for in-office sessions; required when `availability` includes 1. */
  office_id?: number | null
}

/** A day's working hours in Asia/Riyadh, within which slots may be published. */
export interface WorkingDay {
  /** The weekday, 0 Sunday to 6 Saturday. */
  day: 0 | 1 | 2 | 3 | 4 | 5 | 6
  /** The first time of the day, `HH:mm`. */
  start: string
  /** The last time of the day, `HH:mm`. */
  end: string
}

/** The working hours within which contributors may publish slots. */
export interface WorkingHours {
  /** The time zone of the hours: always Asia/Riyadh. */
  time_zone: 'Asia/Riyadh'
  /** The length of one slot in minutes. */
  slot_minutes: number
  /** The working days; days not listed are off. */
  days: WorkingDay[]
}

/** A period `GET /schedule/booked-sessions` can read. */
export type DateScope = 'today' | 'week' | 'month' | 'upcoming' | 'past'

/** The query of `GET /schedule/booked-sessions`: a `date_scope`, or a range and state. */
export type BookedSessionsParams = PageParams & {
  /** A named period; when given, `from` and `to` are ignored. */
  date_scope?: DateScope
  /** Sessions starting at or after this time. */
  from?: string
  /** Sessions starting before this time. */
  to?: string
  /** Only sessions in this state. */
  state?: SessionState
}

/** The query of `GET /schedule/v2/contributor`: a range in Unix seconds (such as the current week). */
export type ContributorRangeParams = {
  /** The first second of the range, Unix seconds. */
  start_date: number
  /** The end of the range (exclusive), Unix seconds. */
  end_date: number
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** The meeting provider that runs an online session. */
export type MeetingProviderKind = 'webrtc' | 'zoom'

/** The meeting data of an online session (Zoom fields; the built-in WebRTC call uses `personal_id` as room). */
export interface MeetingData {
  /** The provider that runs the meeting. */
  provider: MeetingProviderKind
  /** The host's ZAK token (contributor only), or `null`. */
  zak_token: string | null
  /** The meeting number (the room id for WebRTC). */
  personal_id: string
  /** The meeting password, or `null`. */
  meeting_password: string | null
  /** The e-mail the host joins with, or `null`. */
  email: string | null
  /** The signature to join with, or `null` until `GET /schedule/zoom/jwt/…` provides it. */
  signature: string | null
}

/** A meeting role for the signature: 0 attendee, 1 host. */
export type MeetingRole = 0 | 1

/** The parameters of `GET /schedule/zoom/jwt/{meetingNumber}/{role}`. */
export type MeetingSignatureParams = {
  /** The meeting number (`MeetingData.personal_id`). */
  meeting_number: string
  /** The role to join with: 0 attendee, 1 host. */
  role: MeetingRole
}

/** A meeting signature. */
export interface MeetingSignature {
  /** The signature (a JWT) to join the meeting with. */
  signature: string
  /** The provider SDK's public key, or `null` when the provider needs none. */
  sdk_key: string | null
  /** The meeting as the caller joins it: for the host (role 1), with the ZAK that starts it. */
  meeting?: MeetingData
}

/** One STUN or TURN server of a built-in call (an entry of `RTCConfiguration.iceServers`). */
export interface IceServer {
  /** `stun:`, `stuns:`, `turn:` or `turns:` URLs. */
  urls: string[]
  /** TURN only: made for the caller, `<expiry>:<person id>`. */
  username?: string
  /** TURN only: valid until `expires_at`. */
  credential?: string
}

/** The servers of a session's built-in WebRTC call: `GET /schedule/webrtc/ice-servers/{id}`. */
export interface IceServers {
  /** For `RTCConfiguration.iceServers`; empty when the platform names none (host candidates only). */
  ice_servers: IceServer[]
  /** `relay`: media only through TURN, so neither side learns the other's address. */
  ice_transport_policy: 'all' | 'relay'
  /** When the TURN credentials stop working, or `null` without TURN. */
  expires_at: string | null
}

/** The fields the recommendation form and a stored recommendation share. */
export type RecommendationFields = {
  /** The challenges the business owner faces. */
  challenges: string
  /** The contributor's recommendations. */
  recommendations: string
  /** Whether the business owner needs another session. */
  need_another_session: boolean
  /** Whether the business owner needs an academy course. */
  need_academy_course: boolean
  /** The recommended academy courses (ids from the academy), when `need_academy_course`. */
  academy_course_ids: number[]
  /** Whether the business owner needs a platform feature (service). */
  need_platform_feature: boolean
  /** The recommended platform services (ids), when `need_platform_feature`. */
  service_ids: number[]
  /** The company's phase. */
  company_phase: CompanyPhase
  /** Whether the session is a success story. */
  success_story: boolean
  /** The success story in short, when `success_story`; otherwise `null`. */
  success_story_summary: string | null
  /** A free comment, or `null`. */
  comment: string | null
  /** Links to supporting material outside the platform. */
  supported_file_url: string[]
}

/** The recommendation form, the body of `POST /rating/v4/sme`. */
export type RecommendationInput = RecommendationFields & {
  /** The session the recommendations are for. */
  session_id: number
  /** The `path` of a voice note from `uploadVoiceNote`, or `null`. */
  voice_note: string | null
  /** The `path`s of attachments from `uploadAttachments`. */
  attachments: string[]
}

/** A contributor's recommendations for a session, as stored. */
export interface Recommendation extends RecommendationFields {
  /** The recommendation's id. */
  id: number
  /** The session the recommendations are for. */
  session_id: number
  /** The voice note, or `null`. */
  voice_note: StoredFile | null
  /** The voice note's length in seconds, or `null`. */
  voice_note_duration: number | null
  /** The attached files. */
  attachments: StoredFile[]
  /** When the recommendations were written. */
  created_at: string
}

/** A session between a business owner and a contributor. */
export interface Session {
  /** The session's id. */
  id: number
  /** The session type: the subject type of the advice (1 consulting, 2 guidance, 4 partnerships). */
  type: SubjectType
  /** How the session is held: 0 online, 1 in the office. */
  communication_way: CommunicationWayId
  /** The slot (schedule) the session was booked in; `null` for an instant session. */
  schedule_id: number | null
  /** The session's state. */
  state: SessionState
  /** Whether this is an instant ("join now") session. */
  is_instant: boolean
  /** When the session starts. */
  start: string
  /** When the session ends (later after an extension). */
  end: string
  /** When the meeting actually started, or `null`. */
  started_at: string | null
  /** When the meeting actually ended, or `null`. */
  ended_at: string | null
  /** The subject, or `null`. */
  subject: Subject | null
  /** What the business owner wrote when booking, or `null`. */
  description: string | null
  /** The contributor. */
  contributor: ContributorSummary
  /** The business owner. */
  sme: SmeSummary
  /** The office of an in-office session, or `null`. */
  office: Office | null
  /** The meeting data of an online session, for its two participants; otherwise `null`. */
  meeting: MeetingData | null
  /** The contributor's recommendations, or `null` before they are written. */
  recommendations: Recommendation | null
  /** The request the session came from (advisors), or `null`. */
  request_id: number | null
  /** The cancellation reason, when `state` is `cancelled`; otherwise `null`. */
  cancel_reason: string | null
  /** The end reason given when the session was ended, or `null`. */
  end_reason: string | null
}

/** The body of a booking: how and about what. */
export type BookingInput = {
  /** How the session is to be held; the slot's availability must allow it. */
  communication_way: CommunicationWayId
  /** The subject of the session. */
  subject_id: number
  /** What the business owner wants to discuss, or `null`. */
  description?: string | null
}

/** The parameters of a booking: the slot (schedule) id and the booking body. */
export type BookingParams = BookingInput & {
  /** The slot (schedule) to book. */
  id: number
}

/** The result of a booking: a session, or for advisors a request that waits for an answer. */
export type BookingResult =
  | { kind: 'session'; session: Session }
  | { kind: 'request'; request: SessionRequest }

/** A business owner's request for a session with an advisor. */
export interface SessionRequest {
  /** The request's id. */
  id: number
  /** The request's state. */
  state: RequestState
  /** The advisor's reason when rejecting, or `null`. */
  reason: string | null
  /** What the business owner wrote when booking, or `null`. */
  description: string | null
  /** The advisor. */
  contributor: ContributorSummary
  /** The business owner. */
  sme: SmeSummary
  /** The subject, or `null`. */
  subject: Subject | null
  /** The requested slot. */
  slot: Slot
  /** How the session is to be held. */
  communication_way: CommunicationWayId
  /** The session created on acceptance, or `null`. */
  session_id: number | null
  /** When the request was made. */
  created_at: string
  /** When an unanswered request expires, or `null`. */
  expires_at: string | null
}

/** The query of request lists: paging and an optional state. */
export type RequestListParams = PageParams & {
  /** Only requests in this state. */
  state?: RequestState
}

/** The answer to a request: accept, or reject with a reason. */
export type RequestAnswer = {
  /** The request's id. */
  id: number
  /** Whether the advisor accepts. */
  is_accepted: boolean
  /** The reason, required when rejecting. */
  reason?: string | null
}

/** The parameters of ending a session; the call adds `end_from` 1 (the web dashboard). */
export type EndSessionParams = {
  /** The session's id. */
  id: number
  /** Whether to end the session before its end time. */
  force_end?: boolean
  /** Why the session ends early, or `null`. */
  end_reason?: string | null
}

/** The parameters of cancelling a session. */
export type CancelSessionParams = {
  /** The session's id. */
  id: number
  /** The chosen reason. */
  cancel_reason_id: number
  /** The contributor's own words; required when the reason `requires_details`. */
  reason?: string | null
}

/** The parameters of calls that take only an id in the path. */
export type IdParams = {
  /** The id in the path. */
  id: number
}

/** The parameters of paged reads with an id in the path. */
export type IdPageParams = IdParams & PageParams

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/** The parameters of a voice-note upload, sent as the multipart field `file`. */
export type VoiceNoteUploadParams = {
  /** The recording. */
  file: Blob
  /** The file name to send; defaults to the File's name, else `voice-note`. */
  filename?: string
}

/** The result of a voice-note upload. */
export interface VoiceNoteUploadResult {
  /** The stored voice note; send its `path` as a recommendation's `voice_note`. */
  file: StoredFile
  /** The recording's length in seconds. */
  duration: number
}

/** The parameters of an attachments upload, sent as the multipart fields `files[]`. */
export type AttachmentsUploadParams = {
  /** The files to attach. */
  files: Blob[]
}

/** The result of an attachments upload. */
export interface AttachmentsUploadResult {
  /** The stored files, in the order sent; send their `path`s as a recommendation's `attachments`. */
  files: StoredFile[]
}

// ---------------------------------------------------------------------------------------------
// Rating
// ---------------------------------------------------------------------------------------------

/** An encrypted rating token: AES-256-CBC, key from PBKDF2-SHA-512 (999 iterations). */
export interface EncryptedToken {
  /** The ciphertext, base64. */
  ciphertext: string
  /** The 16-byte IV, hex. */
  iv: string
  /** The PBKDF2 salt, hex. */
  salt: string
}

/** The kind of answer a rating question takes. */
export type QuestionType = 'stars' | 'yes_no' | 'text'

/** A question of a rating questionnaire. */
export interface Question {
  /** The question's id. */
  id: number
  /** The question. */
  text: string
  /** The kind of answer: 1–5 stars, yes or no, or free text. */
  type: QuestionType
  /** Whether an answer is required. */
  required: boolean
}

/** A rating questionnaire, about the session or about the contributor. */
export interface Questionnaire {
  /** The questionnaire's id. */
  id: number
  /** The questionnaire's title. */
  title: string
  /** What the questionnaire rates. */
  target: 'session' | 'contributor'
  /** The questions, in order. */
  questions: Question[]
}

/** The session a rating link rates, as the rating form names it (in the request's language). */
export interface RatingSession {
  /** When the session started (as booked). */
  start: string
  /** The expert the session was with. */
  contributor: {
    /** The expert's full name. */
    full_name: string
    /** The kind of expert. */
    kind: ContributorKind
  }
  /** The session's subject, or `null` when it has none. */
  subject: {
    /** The subject's id. */
    id: number
    /** The subject's name. */
    name: string
  } | null
}

/** What a rating link opens: the session, the encrypted rating token and the questionnaires. */
export interface RatingDetails {
  /** The session to rate. */
  session_id: number
  /** The rating token, encrypted; decrypt it to call the rating endpoints. */
  sme_access_token: EncryptedToken
  /** The questionnaires to answer. */
  questionnaires: Questionnaire[]
  /**
   * Who and what the session was: its start, its expert and its subject. The reference server sends it; a
   * back end that predates it (the agency's) may not, so the form shows it only when present.
   */
  session?: RatingSession
}

/** An answer to one rating question: stars 1–5, a yes/no, or text. */
export type QuestionAnswer = {
  /** The question answered. */
  question_id: number
  /** The answer. */
  value: number | boolean | string
}

/** The parameters of submitting a rating. */
export type RatingSubmission = {
  /** The session rated. */
  id: number
  /** The answers. */
  answers: QuestionAnswer[]
  /** A free comment, or `null`. */
  comment?: string | null
}

/** The parameters of `GET /rating/sme/validate-rating/{token}`. */
export type RatingTokenParams = {
  /** The token from the rating link. */
  token: string
}

// ---------------------------------------------------------------------------------------------
// Chat and notifications
// ---------------------------------------------------------------------------------------------

/** The parameters of `GET /schedule/v2/chatting-possibility/{id}`. */
export type ChattingPossibilityParams = {
  /** The other person's id. */
  id: number
  /** Whether that id is a business owner's or a contributor's. */
  user_type: UserRole
}

/** Whether two people may chat. */
export interface ChattingPossibility {
  /** Whether chatting is possible. */
  can_chat: boolean
  /** Why not, for people, or `null`. */
  reason: string | null
}

/** The kind of chat message a notification announces. */
export type ChatMessageType = 'text' | 'image' | 'file' | 'voice'

/** The parameters of `POST /schedule/notifiable-id/{id}/chat-notification`. */
export type ChatNotificationParams = {
  /** The id of the person to notify. */
  id: number
  /** Whether that person is a business owner or a contributor. */
  notifiable_user: UserRole
  /** The kind of message sent. */
  type: ChatMessageType
  /** The message text (or a short preview). */
  message: string
}

/**
 * The file a voice, image or file chat message carries. `url` is served by `GET /uploader/files/{id}` to
 * the two people of the conversation only: fetch it with the API key and the bearer token (an `<audio>`
 * or `<img>` cannot send them), then show it from a blob URL.
 */
export interface ChatMessageFile {
  /** The file's address (`{base}/uploader/files/{id}`). */
  url: string
  /** The original file name. */
  name: string
  /** The MIME type, as the server detected it. */
  mime_type: string
  /** The size in bytes. */
  size: number
  /** A voice note's length in seconds, or `null`. */
  duration: number | null
}

/** One chat message of `GET /chat/messages/{id}` (a reference-server extension). */
export interface ChatMessage {
  /** The message's id. */
  id: number
  /** The kind of message. */
  type: ChatMessageType
  /** The text, exactly as sent (plain text: never render it as HTML); for a file, its address. */
  body: string | null
  /** The sender: the contributor id when the expert sent it, `sme:{person id}` when the business owner did. */
  user: { id: number | string }
  /** Whether the signed-in person sent it. */
  mine: boolean
  /** 1 sent, 2 read (`MESSAGE_STATUS_READ`). */
  status: number
  /** When it was sent. */
  created_at: string
  /** The file a voice, image or file message carries; `null` for text. */
  file: ChatMessageFile | null
}

/** The parameters of `GET /chat/messages/{id}`: the other party as in chatting-possibility, and the page. */
export type ChatMessagesParams = ChattingPossibilityParams & PageParams

/** The parameters of `POST /chat/read/{id}`: the other party as in chatting-possibility. */
export type ChatReadParams = ChattingPossibilityParams

/** The answer of `POST /chat/read/{id}`. */
export interface ChatReadResult {
  /** How many of the other party's messages this call marked read. */
  read: number
}

/** The parameters of `GET /chat/conversations`. */
export type ChatConversationsParams = {
  /** Whose side: `sme`, the signed-in business owner's conversations with experts; `contributor`, the signed-in expert's. */
  as: UserRole
}

/** A conversation of `GET /chat/conversations` (a reference-server extension), newest change first. */
export interface ChatConversationSummary {
  /** The conversation's id. */
  conversation_id: number
  /** The business owner's person id, as a string (the realtime conversation id). */
  id: string
  /** The expert. */
  contributor: ContributorSummary
  /** The business owner. */
  sme: SmeSummary
  /** The last message, or `null`. */
  lastMessage: ChatLastMessage | null
  /** How many messages the other party sent that the signed-in person has not read (non-empty, status not 2). */
  unread: number
  /** When the conversation last changed. */
  updated_at: string
}

/** A notification for a contributor (named so as not to shadow the DOM's `Notification`). */
export interface AppNotification {
  /** The notification's id. */
  id: number
  /** The title. */
  title: string
  /** The text. */
  body: string
  /** What it links to: a request (`/request/{id}`) before a session (`/session/{id}`). */
  data: {
    /** The request it is about, or `null`. */
    request_id: number | null
    /** The session it is about, or `null`. */
    session_id: number | null
  }
  /** When it was read, or `null` while unread. */
  read_at: string | null
  /** When it was created. */
  created_at: string
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

/** A contributor's session counts for the dashboard. */
export interface SessionStatistics {
  /** All sessions. */
  total: number
  /** Booked sessions still to come. */
  booked: number
  /** Sessions that ended. */
  ended: number
  /** Cancelled sessions. */
  cancelled: number
  /** Sessions the business owner missed. */
  sme_absent: number
  /** Sessions held online. */
  online: number
  /** Sessions held in the office. */
  office: number
  /** Hours of ended sessions. */
  hours: number
  /** Sessions per calendar month in Riyadh time (`YYYY-MM`), oldest first; months without sessions are left out. */
  by_month: { month: string; total: number; ended: number }[]
  /** Sessions going on now. */
  ongoing: number
  /**
   * The last 6 calendar months in Riyadh time (`YYYY-MM`), oldest first, the current one last, every month
   * present (zeros included): the sessions starting in it, in all and by state. For charts.
   */
  last_months: {
    month: string
    total: number
    booked: number
    ongoing: number
    ended: number
    cancelled: number
    sme_absent: number
  }[]
}

/** A contributor's business-owner counts for the dashboard. */
export interface SmeStatistics {
  /** Distinct business owners met. */
  total: number
  /** Business owners met once. */
  new: number
  /** Business owners met more than once. */
  returning: number
  /** Business owners per company phase of their latest recommendation. */
  by_company_phase: Record<CompanyPhase, number>
  /**
   * The last 6 calendar months in Riyadh time (`YYYY-MM`), oldest first, every month present: the business
   * owners met in it (an ongoing or ended session), of whom `new` were met for the first time and
   * `returning` had been met before. For charts.
   */
  by_month: { month: string; met: number; new: number; returning: number }[]
}

// ---------------------------------------------------------------------------------------------
// Academy and services integration
// ---------------------------------------------------------------------------------------------

/** A category of academy courses. */
export interface AcademyCategory {
  /** The category's id. */
  id: number
  /** The category's name. */
  name: string
}

/** A course of the agency's academy. */
export interface AcademyCourse {
  /** The course's id. */
  id: number
  /** The course's title. */
  title: string
  /** A short description, or `null`. */
  description: string | null
  /** The category's id, or `null`. */
  category_id: number | null
  /** The absolute URL of the course's image, or `null`. */
  image_url: string | null
  /** The absolute URL of the course page. */
  url: string
}

/** The body of `POST /integration/academy/all_courses`: paging, search text and category. */
export type AcademyCoursesParams = PageParams & {
  /** The search text. */
  search?: string
  /** Only courses of this category. */
  category_id?: number
}

/** A service (platform feature) of the agency's services platform. */
export interface PlatformService {
  /** The service's id. */
  id: number
  /** The service's name. */
  name: string
  /** A short description, or `null`. */
  description: string | null
  /** The absolute URL of the service's icon, or `null`. */
  icon_url: string | null
  /** The absolute URL of the service page. */
  url: string
}

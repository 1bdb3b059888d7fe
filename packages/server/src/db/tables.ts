/**
 * The database's table types. Flags are integers 0/1 and times are ISO 8601 UTC
 * text on both SQLite and PostgreSQL, so one set of queries serves both.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A signed-in person, identified by the provider's issuer and subject only. */
export interface PeopleTable {
  id: Generated<number>
  issuer: string
  subject: string
  full_name: string
  email: string | null
  phone: string | null
  photo_path: string | null
  /** Granted on the command line (`npm run admin -- grant`). */
  is_admin: Generated<number>
  /** Granted on the command line (`npm run admin -- grant --analyst`): reports and the audit trail. */
  is_analyst: Generated<number>
  /** The back-office roles the sign-in provider named at the last sign-in (`OIDC_ROLES_CLAIM`), comma-separated. */
  provider_roles: Generated<string>
  created_at: string
  /** When the person's data was erased (issue 34, migration 0021); null for everyone else. */
  erased_at: ColumnType<string | null, string | null | undefined>
}

/** An expert: a person with a contributor identity. */
export interface ContributorsTable {
  id: Generated<number>
  person_id: number
  kind: 'bsa' | 'advisor' | 'consultant' | 'partner'
  /** Grammatical gender for the kind's title (a woman is «مستشارة»); null when not given. */
  gender: ColumnType<'female' | 'male' | null, 'female' | 'male' | null | undefined>
  title_ar: string
  title_en: string
  bio_ar: string
  bio_en: string
  /** Arabic-normalised name, titles, bio and subjects, for search. */
  search_text: string
  center_id: number | null
  can_create_slots: number
  can_delete_slots: number
  chat_status: number
  join_now_enabled: number
  available_for_instant: number
  photo_path: string | null
  /** 0 once the back office deactivates the expert: gone from search and booking (issue 33). */
  is_active: Generated<number>
  /** The expert's own Zoom user their meetings are created under; null: a host from the pool. */
  zoom_user: ColumnType<string | null, string | null | undefined>
  created_at: string
}

/**
 * What a text search ranks a contributor by (migration 0007): the normalised words, without articles,
 * of the name, of the titles and subjects, and of the bios, each ` between spaces `. Apart from
 * `contributors` so that its rows, read by every list and profile, stay narrow.
 */
export interface RankingFieldsTable {
  contributor_id: number
  name: string
  topics: string
  bio: string
}

/** The search vocabulary: every word contributors' texts hold, under itself and each of its one-deletion variants. */
export interface SearchWordsTable {
  variant: string
  word: string
}

/** A subject of advice. */
export interface SubjectsTable {
  id: Generated<number>
  name_ar: string
  name_en: string
  type: 1 | 2 | 4
  bsa: number
  /** 1: retired by the back office (migration 0014): gone from the public lists, kept for history. */
  is_retired: Generated<number>
}

/** Which subjects a contributor covers. */
export interface ContributorSubjectsTable {
  contributor_id: number
  subject_id: number
}

/** A business-support center. */
export interface CentersTable {
  id: Generated<number>
  name_ar: string
  name_en: string
  city_ar: string
  city_en: string
}

/** An office of a center, where in-office sessions take place. */
export interface OfficesTable {
  id: Generated<number>
  center_id: number
  name_ar: string
  name_en: string
  address_ar: string
  address_en: string
  /** An https link to the office on a map (migration 0014). */
  map_url: ColumnType<string | null, string | null | undefined>
}

/** A contributor's published slot. `availability`: 1 office, 2 online, 3 both. */
export interface SlotsTable {
  id: Generated<number>
  contributor_id: number
  start_at: string
  end_at: string
  availability: 1 | 2 | 3
  office_id: number | null
  created_at: string
}

/**
 * A booking: a session, or for advisors first a request. `active_slot_id` holds the
 * slot while the booking is live and is NULL once it is released (rejected,
 * expired, cancelled); its UNIQUE index is what lets exactly one booking win a race.
 */
export interface SessionsTable {
  id: Generated<number>
  slot_id: number
  active_slot_id: number | null
  contributor_id: number
  sme_id: number
  subject_id: number | null
  communication_way: 0 | 1
  office_id: number | null
  state: 'pending' | 'booked' | 'ongoing' | 'ended' | 'cancelled' | 'sme_absent'
  request_state: 'waiting' | 'accepted' | 'rejected' | 'expired' | 'withdrawn' | null
  request_reason: string | null
  answered_at: string | null
  description: string | null
  start_at: string
  end_at: string
  started_at: string | null
  ended_at: string | null
  end_reason: string | null
  cancel_reason_id: number | null
  cancel_reason: string | null
  is_instant: number
  meeting_provider: 'webrtc' | 'zoom' | null
  meeting_number: string | null
  meeting_password: string | null
  /** The Zoom user the meeting was made under (migration 0014); null: none, or ZOOM_HOST_USER before it. */
  zoom_host: ColumnType<string | null, string | null | undefined>
  /**
   * The `SEQUENCE` of its calendar file (migration 0017): 0 as booked, raised by each cancellation or move mailed
   * with the same UID (issue 34).
   */
  ics_sequence: ColumnType<number, number | undefined, number>
  /** Who cancelled it (migration 0017); null: not cancelled, or by its expert before the column. */
  cancelled_by: ColumnType<
    'expert' | 'owner' | 'admin' | null,
    'expert' | 'owner' | 'admin' | null | undefined,
    'expert' | 'owner' | 'admin' | null
  >
  /** The API key it was booked through (migration 0022): its partner's webhooks hear of it; null before. */
  api_key: ColumnType<string | null, string | null | undefined, string | null>
  created_at: string
  updated_at: string
}

/** A partner's webhook receiver (migration 0022, issue 36). */
export interface WebhookEndpointsTable {
  id: Generated<number>
  /** The API key whose bookings and requests it hears. */
  api_key: string
  url: string
  /** The events it hears, a JSON array. */
  events: string
  source: 'admin' | 'config'
  /** For `source` 'config': its API key (one per key); null for the back office's. */
  config_key: string | null
  /** `whsec_…`: signs every webhook. */
  secret: string
  /** The secret before the last rotation, which also signs until `previous_secret_until`. */
  previous_secret: string | null
  previous_secret_until: string | null
  paused_at: string | null
  /** `admin` (by hand) or `failing` (a day of failures). */
  pause_reason: 'admin' | 'failing' | null
  /** When the current run of failures began; null after a success. */
  failing_since: string | null
  created_at: string
  updated_at: string
}

/** One event to one endpoint, with its attempts (migration 0022): the webhooks' outbox. */
export interface WebhookDeliveriesTable {
  id: Generated<number>
  endpoint_id: number
  /** The `webhook-id` header (msg_…): the same on every attempt and redelivery. */
  message_id: string
  /** `<event key>:<endpoint id>`: an event is queued once per endpoint. */
  dedupe_key: string
  event_id: string
  event_type: string
  /** The JSON body, as signed and sent. */
  body: string
  state: 'pending' | 'delivered' | 'failed'
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: string | null
  last_attempt_at: string | null
  last_status: number | null
  last_error: string | null
  delivered_at: string | null
  claimed_by: string | null
  claimed_until: string | null
  created_at: string
}

/** A signed-in API session; a token whose session is revoked or expired is refused. */
export interface AuthSessionsTable {
  id: string
  person_id: number
  created_at: string
  expires_at: string
  revoked_at: string | null
  fcm_token: string | null
  /**
   * The API key the session was signed in through (null for sessions older than the column): only a session of
   * the mobile app's key makes app links.
   */
  api_key: string | null
}

/** A site setting in both languages (about us, terms, contact numbers, mentor video…). */
export interface SettingsTable {
  key: string
  value_ar: string
  value_en: string
}

/** A frequently asked question. */
export interface FaqsTable {
  id: Generated<number>
  question_ar: string
  question_en: string
  answer_ar: string
  answer_en: string
  position: number
}

/** A reason a contributor may give for cancelling. */
export interface CancelReasonsTable {
  id: Generated<number>
  label_ar: string
  label_en: string
  requires_details: number
  /** 1: retired by the back office (migration 0014): gone from the list, kept for history. */
  is_retired: Generated<number>
}

/** A business owner's company. */
export interface CompaniesTable {
  id: Generated<number>
  person_id: number
  name: string
  cr_number: string | null
  city: string | null
  phase: 'idea_owner' | 'launched_project' | 'facing_challenge' | 'growing' | null
  created_at: string
}

/** A request to delete an account. */
export interface DeletionRequestsTable {
  id: Generated<number>
  person_id: number
  reason: string
  created_at: string
  /** The back office's decision (issue 33, migration 0015); all four null while pending. */
  decided_at: ColumnType<string | null, string | null | undefined>
  /** The deciding admin's person id. */
  decided_by: ColumnType<number | null, number | null | undefined>
  decision: ColumnType<'approved' | 'rejected' | null, 'approved' | 'rejected' | null | undefined>
  /** Why, as mailed to the person. */
  decision_reason: ColumnType<string | null, string | null | undefined>
}

/** Push registrations of contributors' browsers: a Web Push subscription (JSON) or an FCM token. */
export interface PushTokensTable {
  token: string
  person_id: number
  device_type: number
  created_at: string
  kind: Generated<'webpush' | 'fcm'>
  subscription: string | null
}

/** An uploaded file (voice note, attachment, chat file), stored through the file storage. */
export interface FilesTable {
  id: string
  owner_person_id: number
  session_id: number | null
  kind: 'voice_note' | 'attachment' | 'chat'
  original_name: string
  stored_name: string
  mime_type: string
  size: number
  duration_seconds: number | null
  created_at: string
}

/** A session's recommendations (the form of spec section 3); list columns are JSON text. */
export interface RecommendationsTable {
  session_id: number
  challenges: string
  recommendations: string
  need_another_session: number
  need_academy_course: number
  academy_course_ids: string
  need_platform_feature: number
  service_ids: string
  company_phase: 'idea_owner' | 'launched_project' | 'facing_challenge' | 'growing' | null
  success_story: number
  success_story_summary: string | null
  comment: string | null
  voice_note_file_id: string | null
  attachment_file_ids: string
  supported_file_urls: string
  created_at: string
  updated_at: string
}

/** A rating questionnaire. */
export interface QuestionnairesTable {
  id: Generated<number>
  target: 'session' | 'contributor'
  title_ar: string
  title_en: string
  position: number
}

/** A question of a questionnaire. */
export interface QuestionsTable {
  id: Generated<number>
  questionnaire_id: number
  type: 'stars' | 'yes_no' | 'text'
  text_ar: string
  text_en: string
  required: number
  position: number
}

/** A rating link: only hashes of its tokens are stored. */
export interface RatingLinksTable {
  id: Generated<number>
  token_hash: string
  session_id: number
  sme_id: number
  access_token_hash: string
  access_used_at: string | null
  created_at: string
  expires_at: string
}

/** A session's rating: one per session. */
export interface RatingsTable {
  session_id: number
  contributor_id: number
  stars: number | null
  comment: string | null
  created_at: string
}

/** One answer of a rating. */
export interface RatingAnswersTable {
  session_id: number
  question_id: number
  value: string
}

/** A chat conversation between a contributor and a business owner. */
export interface ConversationsTable {
  id: Generated<number>
  contributor_id: number
  sme_id: number
  last_message_id: number | null
  created_at: string
  updated_at: string
}

/** A chat message; `status` 2 means read. Bodies are plain text, never HTML. */
export interface ChatMessagesTable {
  id: Generated<number>
  conversation_id: number
  sender_person_id: number
  type: 'text' | 'image' | 'file' | 'voice'
  body: string | null
  file_id: string | null
  status: number
  created_at: string
}

/** A notification for a person, in both languages. */
export interface NotificationsTable {
  id: Generated<number>
  person_id: number
  kind: string
  title_ar: string
  title_en: string
  body_ar: string
  body_en: string
  request_id: number | null
  session_id: number | null
  /** A chat message's conversation, as the recipient's chat page names the other party (`/Chat/{id}`). */
  chat_with: number | null
  read_at: string | null
  created_at: string
}

/** An e-mail waiting to be sent (the rating link, for one). */
export interface OutboxTable {
  id: Generated<number>
  /** What the mail is: `rating`, `booking_confirmed`, `session_reminder`. */
  kind: string
  /** Queuing a second mail with the same key does nothing (`booking_confirmed:12`). */
  dedupe_key: string
  to_address: string
  subject: string
  /** The plain-text part. */
  body: string
  /** The HTML part. */
  html: string | null
  /** JSON: `[{ filename, contentType, content }]`, content as text (the calendar file). */
  attachments: string | null
  /** The link the mail carries (the rating link), for tests and the development mailbox. */
  link: string | null
  /** The stable `Message-ID`, the same on every attempt. */
  message_id: string
  attempts: Generated<number>
  /** Not sent before this time; null once sent. */
  next_attempt_at: string | null
  /** The instance sending it now, until `claimed_until`; a crashed sender's claim lapses. */
  claimed_by: string | null
  claimed_until: string | null
  last_error: string | null
  created_at: string
  sent_at: string | null
}

/** A widget's sign-in result, kept for a minute under a hash of its one-time handle. */
export interface SignInHandoffsTable {
  /** SHA-256 of the one-time code (hex), never the code. */
  id: string
  /** base64url(SHA-256(verifier)) of the page that opened the popup: only that verifier redeems. */
  challenge: string
  /** The partner's API key and page origin the result may be redeemed with. */
  api_key: string
  origin: string
  /** The login result sealed with a key derived from the code (base64). */
  sealed: string
  expires_at: string
}

/** A mobile app's one-time link into the site, kept for a minute under a hash of its handle. */
export interface AppLinksTable {
  /** SHA-256 of the handle (hex), never the handle. */
  id: string
  /** Whose link, from which app session, and the path it opens, sealed with a key derived from the handle. */
  sealed: string
  expires_at: string
}

/** An academy course category. */
export interface AcademyCategoriesTable {
  id: Generated<number>
  name_ar: string
  name_en: string
}

/** An academy course. */
export interface AcademyCoursesTable {
  id: Generated<number>
  category_id: number
  title_ar: string
  title_en: string
  description_ar: string
  description_en: string
  url: string | null
  hours: number | null
}

/** A platform service. */
export interface PlatformServicesTable {
  id: Generated<number>
  name_ar: string
  name_en: string
  description_ar: string
  description_en: string
  url: string | null
}

/** One back-office action (or a person's own sensitive one): append-only, never updated or deleted. */
export interface AuditLogTable {
  id: Generated<number>
  occurred_at: string
  /** The author; null for the command line. */
  actor_person_id: number | null
  /** The author as they were named then (`command line` for the command). */
  actor_label: string
  /** What was done: `<area>.<verb>`, e.g. `expert.invite`, `faq.update`. */
  action: string
  /** What it was done to: a table-like name (`expert`, `faq`, `setting`, `person`, `deletion_request`). */
  target_type: string
  target_id: string | null
  /** The value before and after, as JSON; null where there is none (a creation has no before). */
  before_json: string | null
  after_json: string | null
}

/**
 * An invitation to become an expert (issue 33, migration 0013): the expert the admin set up, waiting for the
 * first sign-in with `email` (verified by the provider) before `expires_at`. Only a hash of the link's token.
 */
export interface ExpertInvitationsTable {
  id: Generated<number>
  /** Lower-cased. */
  email: string
  /** The name the admin wrote for the mail's greeting; the provider's name is the one kept. */
  full_name: string | null
  /** SHA-256 of the link's one-time token (hex), never the token. */
  token_hash: string
  kind: 'bsa' | 'advisor' | 'consultant' | 'partner'
  gender: 'female' | 'male' | null
  center_id: number | null
  /** JSON array of subject ids. */
  subject_ids: string
  title_ar: string
  title_en: string
  bio_ar: string
  bio_en: string
  can_create_slots: number
  can_delete_slots: number
  chat_status: number
  join_now_enabled: number
  zoom_user: string | null
  /** The inviting admin's person id. */
  invited_by: number | null
  created_at: string
  expires_at: string
  accepted_at: string | null
  accepted_person_id: number | null
  contributor_id: number | null
  revoked_at: string | null
}

/** What follows a change of a session, recorded in the change's transaction and done once it commits. */
export interface SessionFollowUpsTable {
  id: Generated<number>
  session_id: number
  /** What happened: `domain/follow-ups.ts`'s `FollowUpKind`. */
  kind: string
  /** Unique when set: a follow-up that must be recorded once per session (`starting:<id>`). */
  dedupe_key: string | null
  created_at: string
  /** When it was done; null while pending. */
  done_at: string | null
  attempts: Generated<number>
  last_error: string | null
  /** What the change was, as JSON, when its mails need more than the session (a move's times; migration 0017). */
  details_json: ColumnType<string | null, string | null | undefined, string | null>
}

/** A read of a business owner's contact details by someone else (issue 34, migration 0019): one row a read call. */
export interface PersonalDataReadsTable {
  id: Generated<number>
  occurred_at: string
  reader_person_id: number
  /** The reader as named then. */
  reader_label: string
  reader_role: 'expert' | 'admin'
  /** Whose details were read. */
  subject_person_id: number
  /** What was read, comma-separated: `email,mobile,companies`. */
  fields: string
  /** The call it was read through (its operationId). */
  via: string
  session_id: number | null
}

/** A person's data export (issue 34, migration 0019): requested, prepared in the background, kept a few days. */
export interface DataExportsTable {
  id: Generated<number>
  person_id: number
  state: 'preparing' | 'ready' | 'failed' | 'expired'
  requested_at: string
  /** While a preparer holds it; a lapsed claim is taken over. */
  claimed_until: string | null
  attempts: Generated<number>
  finished_at: string | null
  /** The ZIP's name in the exports storage, once ready. */
  stored_name: string | null
  size: number | null
  /** When the ZIP is deleted. */
  expires_at: string | null
  last_error: string | null
}

/** A kind of mail a person turned off (issue 34, migration 0020); no row: the kind is on. */
export interface MailOptOutsTable {
  person_id: number
  /** Core's `MailPreferenceKind`: `session_reminders`, `expert_news`… */
  kind: string
  created_at: string
}

/**
 * One acceptance of a role's terms (issue 34, migration 0018): append-only, one row per person, role and
 * terms version.
 */
export interface ConsentsTable {
  id: Generated<number>
  person_id: number
  /** Whose terms: `sme` (business owners) or `contributor` (experts). */
  role: 'sme' | 'contributor'
  /** The version accepted: 0 the text as installed, then each version the back office published. */
  terms_version: number
  accepted_at: string
}

/**
 * What is left to do after a person's data was erased in the decision's transaction (issue 34, migration
 * 0021): delete their files' bytes, delete the decision mail once it is sent, compact the database files.
 */
export interface ErasuresTable {
  person_id: number
  request_id: number
  created_at: string
  /** JSON array of stored names whose bytes may still be on disk. */
  stored_files: string
  /** The outbox key of the decision mail; null when the person had no address. */
  mail_key: string | null
  /** When everything was done; null while some is left. */
  done_at: string | null
  attempts: Generated<number>
  last_error: string | null
}

/**
 * One private calendar subscription address (issue 36, migration 0023): the SHA-256 of its token, never the
 * token; at most one unrevoked row per person and role.
 */
export interface CalendarFeedsTable {
  id: Generated<number>
  person_id: number
  /** Whose sessions it lists: `sme` (as business owner) or `contributor` (as expert). */
  role: 'sme' | 'contributor'
  /** The token's SHA-256, hex. */
  token_hash: string
  created_at: string
  revoked_at: ColumnType<string | null, string | null | undefined>
}

/** The whole database. */
export interface Database {
  people: PeopleTable
  contributors: ContributorsTable
  ranking_fields: RankingFieldsTable
  search_words: SearchWordsTable
  subjects: SubjectsTable
  contributor_subjects: ContributorSubjectsTable
  centers: CentersTable
  offices: OfficesTable
  slots: SlotsTable
  sessions: SessionsTable
  auth_sessions: AuthSessionsTable
  settings: SettingsTable
  faqs: FaqsTable
  cancel_reasons: CancelReasonsTable
  companies: CompaniesTable
  deletion_requests: DeletionRequestsTable
  push_tokens: PushTokensTable
  files: FilesTable
  recommendations: RecommendationsTable
  questionnaires: QuestionnairesTable
  questions: QuestionsTable
  rating_links: RatingLinksTable
  ratings: RatingsTable
  rating_answers: RatingAnswersTable
  conversations: ConversationsTable
  chat_messages: ChatMessagesTable
  notifications: NotificationsTable
  outbox: OutboxTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  sign_in_handoffs: SignInHandoffsTable
  app_links: AppLinksTable
  academy_categories: AcademyCategoriesTable
  academy_courses: AcademyCoursesTable
  platform_services: PlatformServicesTable
  audit_log: AuditLogTable
  expert_invitations: ExpertInvitationsTable
  session_follow_ups: SessionFollowUpsTable
  erasures: ErasuresTable
  consents: ConsentsTable
  mail_opt_outs: MailOptOutsTable
  calendar_feeds: CalendarFeedsTable
  personal_data_reads: PersonalDataReadsTable
  data_exports: DataExportsTable
}

/** A row as read. */
export type Row<T extends keyof Database> = Selectable<Database[T]>
/** A row as inserted. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>
/** A row change. */
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>

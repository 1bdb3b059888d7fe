/**
 * The database's table types. Flags are integers 0/1 and times are ISO 8601 UTC
 * text on both SQLite and PostgreSQL, so one set of queries serves both.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A signed-in person, identified by the provider's issuer and subject only. */
export interface PeopleTable {
  id: Generated<number>
  issuer: string
  subject: string
  full_name: string
  email: string | null
  phone: string | null
  photo_path: string | null
  is_admin: Generated<number>
  created_at: string
}

/** An expert: a person with a contributor identity. */
export interface ContributorsTable {
  id: Generated<number>
  person_id: number
  kind: 'bsa' | 'advisor' | 'consultant' | 'partner'
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
  created_at: string
}

/** A subject of advice. */
export interface SubjectsTable {
  id: Generated<number>
  name_ar: string
  name_en: string
  type: 1 | 2 | 4
  bsa: number
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
  request_state: 'waiting' | 'accepted' | 'rejected' | 'expired' | null
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
  created_at: string
  updated_at: string
}

/** A signed-in API session; a token whose session is revoked or expired is refused. */
export interface AuthSessionsTable {
  id: string
  person_id: number
  created_at: string
  expires_at: string
  revoked_at: string | null
  fcm_token: string | null
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
}

/** Push tokens registered by contributors' browsers. */
export interface PushTokensTable {
  token: string
  person_id: number
  device_type: number
  created_at: string
}

/** The whole database. */
export interface Database {
  people: PeopleTable
  contributors: ContributorsTable
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
}

/** A row as read. */
export type Row<T extends keyof Database> = Selectable<Database[T]>
/** A row as inserted. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>
/** A row change. */
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>

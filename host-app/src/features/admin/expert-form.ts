/**
 * The expert form of the back office (issue 33): what an admin types to invite an expert or edit one, its
 * checks before anything is sent (the server checks again), and the body each call takes.
 */
import type { CallBody, CallData, ContributorGender, ContributorKind } from '@mashura/core'
import type { AdminMessageKey } from './i18n.ts'

/** The longest title, as the contract's `EXPERT_TITLE_MAX`. */
export const TITLE_MAX = 150
/** The longest bio, as the contract's `EXPERT_BIO_MAX`. */
export const BIO_MAX = 5000
/** The longest e-mail address or Zoom user, as the contract's `EMAIL_MAX`. */
export const EMAIL_MAX = 254
/** The longest name in an invitation's greeting. */
export const NAME_MAX = 150
/** The most subjects an expert covers, as the contract's `EXPERT_SUBJECTS_MAX`. */
export const SUBJECTS_MAX = 50
/** The longest reason (a deactivation's, a deletion decision's), as the contract's `REASON_MAX`. */
export const REASON_MAX = 1000

/** An expert as the back office lists them. */
export type AdminExpert = CallData<'adminGetExpert'>

/** The form's fields as typed (text as text; choices empty when none is made). */
export interface ExpertFormValues {
  email: string
  full_name: string
  kind: ContributorKind | ''
  gender: ContributorGender | ''
  center_id: string
  subject_ids: number[]
  title_ar: string
  title_en: string
  bio_ar: string
  bio_en: string
  join_now_enabled: boolean
  chat_status: boolean
  can_create_slots: boolean
  can_delete_slots: boolean
  zoom_user: string
}

/** A field's problem: a message key and its values. */
export interface FieldProblem {
  key: AdminMessageKey
  values?: Record<string, number>
}

/** The problems of a form, by field; empty when it may be sent. */
export type ExpertFormErrors = Partial<Record<keyof ExpertFormValues, FieldProblem>>

/** The form of a new invitation: chat and slots allowed, instant sessions off, as the server's defaults. */
export function emptyExpertForm(): ExpertFormValues {
  return {
    email: '',
    full_name: '',
    kind: '',
    gender: '',
    center_id: '',
    subject_ids: [],
    title_ar: '',
    title_en: '',
    bio_ar: '',
    bio_en: '',
    join_now_enabled: false,
    chat_status: true,
    can_create_slots: true,
    can_delete_slots: true,
    zoom_user: '',
  }
}

/** The form filled with an expert's current values, to edit them. */
export function expertFormOf(expert: AdminExpert): ExpertFormValues {
  return {
    email: expert.email ?? '',
    full_name: expert.full_name,
    kind: expert.kind,
    gender: expert.gender ?? '',
    center_id: expert.center ? String(expert.center.id) : '',
    subject_ids: expert.subjects.map((subject) => subject.id),
    title_ar: expert.title_ar,
    title_en: expert.title_en,
    bio_ar: expert.bio_ar,
    bio_en: expert.bio_en,
    join_now_enabled: expert.join_now_enabled,
    chat_status: expert.chat_status,
    can_create_slots: expert.can_create_slots,
    can_delete_slots: expert.can_delete_slots,
    zoom_user: expert.zoom_user ?? '',
  }
}

/** A plausible e-mail address: something, an at sign, a domain with a dot; no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Checks the form before sending: an invitation needs a valid e-mail address; both need a kind and both
 * titles; nothing may be longer than the server takes.
 */
export function validateExpertForm(values: ExpertFormValues, mode: 'invite' | 'edit'): ExpertFormErrors {
  const errors: ExpertFormErrors = {}
  const tooLong = (field: keyof ExpertFormValues, text: string, max: number) => {
    if (text.trim().length > max) errors[field] = { key: 'admin.form.tooLong', values: { max } }
  }
  if (mode === 'invite') {
    const email = values.email.trim()
    if (!email) errors.email = { key: 'admin.form.required' }
    else if (!EMAIL.test(email) || email.length > EMAIL_MAX) errors.email = { key: 'admin.form.email' }
    tooLong('full_name', values.full_name, NAME_MAX)
  }
  if (!values.kind) errors.kind = { key: 'admin.form.required' }
  for (const field of ['title_ar', 'title_en'] as const) {
    if (!values[field].trim()) errors[field] = { key: 'admin.form.required' }
    else tooLong(field, values[field], TITLE_MAX)
  }
  tooLong('bio_ar', values.bio_ar, BIO_MAX)
  tooLong('bio_en', values.bio_en, BIO_MAX)
  tooLong('zoom_user', values.zoom_user, EMAIL_MAX)
  if (values.subject_ids.length > SUBJECTS_MAX)
    errors.subject_ids = { key: 'admin.form.tooManySubjects', values: { max: SUBJECTS_MAX } }
  return errors
}

/** Whether a form's check found nothing. */
export function isValid(errors: ExpertFormErrors): boolean {
  return Object.keys(errors).length === 0
}

/** The fields both calls send, from a valid form. */
function expertFields(values: ExpertFormValues) {
  return {
    kind: values.kind as ContributorKind,
    gender: values.gender || null,
    center_id: values.center_id ? Number(values.center_id) : null,
    subject_ids: values.subject_ids,
    title_ar: values.title_ar.trim(),
    title_en: values.title_en.trim(),
    bio_ar: values.bio_ar.trim(),
    bio_en: values.bio_en.trim(),
    join_now_enabled: values.join_now_enabled,
    chat_status: values.chat_status,
    can_create_slots: values.can_create_slots,
    can_delete_slots: values.can_delete_slots,
    zoom_user: values.zoom_user.trim() || null,
  }
}

/** The body of an invitation (`adminInviteExpert`) from a valid form. */
export function inviteBody(values: ExpertFormValues): CallBody<'adminInviteExpert'> {
  const name = values.full_name.trim()
  return { email: values.email.trim(), ...(name ? { full_name: name } : {}), ...expertFields(values) }
}

/**
 * The body of an update (`adminUpdateExpert`): only the fields that differ from the expert's current values
 * (the others stay as they are, even if someone else changed them meanwhile); null when nothing changed.
 */
export function updateBody(
  values: ExpertFormValues,
  expert: AdminExpert,
): CallBody<'adminUpdateExpert'> | null {
  const next = expertFields(values)
  const now = expertFields(expertFormOf(expert))
  const changed: Record<string, unknown> = {}
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const a = next[key]
    const b = now[key]
    const same = Array.isArray(a) && Array.isArray(b) ? sameIds(a, b) : a === b
    if (!same) changed[key] = a
  }
  return Object.keys(changed).length > 0 ? (changed as CallBody<'adminUpdateExpert'>) : null
}

/** Whether two lists hold the same ids, in any order. */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false
  const set = new Set(a)
  return b.every((id) => set.has(id))
}

/** What a deactivation sends: cancelling the expert's future sessions needs a reason. */
export interface DeactivationChoice {
  cancelSessions: boolean
  reason: string
  /** One of the content's cancel reasons, sent with the cancellations. */
  reasonId?: number | null
}

/** The problem of a deactivation's choice, or null when it may be sent. */
export function deactivationProblem(choice: DeactivationChoice): FieldProblem | null {
  const reason = choice.reason.trim()
  if (choice.cancelSessions && !reason) return { key: 'admin.form.reasonRequired' }
  if (reason.length > REASON_MAX) return { key: 'admin.form.tooLong', values: { max: REASON_MAX } }
  return null
}

/** The body of `adminDeactivateExpert` from a valid choice. */
export function deactivationBody(choice: DeactivationChoice): CallBody<'adminDeactivateExpert'> {
  const reason = choice.reason.trim()
  return {
    cancel_sessions: choice.cancelSessions,
    ...(reason ? { reason } : {}),
    ...(choice.cancelSessions && choice.reasonId ? { cancel_reason_id: choice.reasonId } : {}),
  }
}

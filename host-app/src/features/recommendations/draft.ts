import '../../lib/more-messages.ts'
import type { CompanyPhase, RecommendationInput, StoredFile } from '@mashura/core'
import type { HostAppMessageKey } from '../../i18n/index.ts'

/** The server's limits on a recommendation: its free text, its courses or services, its attachments. */
export {
  RECOMMENDATION_ATTACHMENTS_MAX as ATTACHMENTS_MAX,
  RECOMMENDATION_LIST_MAX as LIST_MAX,
  RECOMMENDATION_TEXT_MAX as TEXT_MAX,
} from '@mashura/core/contract/limits'

/** A course as the form keeps it: enough to show it again after a reload. */
export interface PickedCourse {
  id: number
  title: string
}

/** A service as the form keeps it. */
export interface PickedService {
  id: number
  name: string
}

/**
 * Everything typed, chosen and uploaded on the form. Kept in sessionStorage per session so a reload or a
 * failed submit loses nothing; files are kept as their uploaded references, not as bytes.
 */
export interface RecommendationDraft {
  challenges: string
  recommendations: string
  need_another_session: boolean | null
  need_academy_course: boolean | null
  courses: PickedCourse[]
  need_platform_feature: boolean | null
  services: PickedService[]
  company_phase: CompanyPhase | null
  success_story: boolean
  success_story_summary: string
  comment: string
  voice_note: { file: StoredFile; duration: number } | null
  attachments: StoredFile[]
  /** Supporting links (spec 3.61 `supported_file_url`): http(s) addresses, as typed. */
  links: string[]
}

/** The form's fields that can carry an error, named as the server names them. */
export type DraftField =
  | 'challenges'
  | 'recommendations'
  | 'need_another_session'
  | 'need_academy_course'
  | 'academy_course_ids'
  | 'need_platform_feature'
  | 'service_ids'
  | 'company_phase'
  | 'success_story_summary'
  | 'comment'
  | 'voice_note'
  | 'attachments'
  | 'supported_file_url'

/** The fields in the order they appear, to focus the first one in error. */
export const FIELD_ORDER: readonly DraftField[] = [
  'challenges',
  'recommendations',
  'need_another_session',
  'need_academy_course',
  'academy_course_ids',
  'need_platform_feature',
  'service_ids',
  'company_phase',
  'success_story_summary',
  'comment',
  'voice_note',
  'attachments',
  'supported_file_url',
]

/** An empty form. */
export const EMPTY_DRAFT: RecommendationDraft = {
  challenges: '',
  recommendations: '',
  need_another_session: null,
  need_academy_course: null,
  courses: [],
  need_platform_feature: null,
  services: [],
  company_phase: null,
  success_story: false,
  success_story_summary: '',
  comment: '',
  voice_note: null,
  attachments: [],
  links: [],
}

/** The client-side checks (the server checks again): each field's message key, for the fields in error. */
export function validateDraft(d: RecommendationDraft): Partial<Record<DraftField, HostAppMessageKey>> {
  const errors: Partial<Record<DraftField, HostAppMessageKey>> = {}
  if (!d.challenges.trim()) errors.challenges = 'recs.error.required'
  if (!d.recommendations.trim()) errors.recommendations = 'recs.error.required'
  if (d.need_another_session === null) errors.need_another_session = 'recs.error.choose'
  if (d.need_academy_course === null) errors.need_academy_course = 'recs.error.choose'
  else if (d.need_academy_course && d.courses.length === 0)
    errors.academy_course_ids = 'recs.error.pickCourse'
  if (d.need_platform_feature === null) errors.need_platform_feature = 'recs.error.choose'
  else if (d.need_platform_feature && d.services.length === 0) errors.service_ids = 'recs.error.pickService'
  if (d.company_phase === null) errors.company_phase = 'recs.error.choose'
  if (d.success_story && !d.success_story_summary.trim()) errors.success_story_summary = 'recs.error.summary'
  if (d.links.some((link) => !isSupportingLink(link))) errors.supported_file_url = 'recs.links.invalid'
  return errors
}

/** The longest supporting link the server keeps. */
export const LINK_MAX = 2000

/**
 * Whether a supporting link is what the server accepts: an http or https address without spaces, at most
 * {@link LINK_MAX} characters (the contract's `supported_file_url` pattern).
 */
export function isSupportingLink(link: string): boolean {
  const text = link.trim()
  if (text.length === 0 || text.length > LINK_MAX || /\s/.test(text)) return false
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== ''
  } catch {
    return false
  }
}

/** The body of `POST /rating/v4/sme` for a valid draft: exactly what the server's schema accepts. */
export function toInput(sessionId: number, d: RecommendationDraft): RecommendationInput {
  return {
    session_id: sessionId,
    challenges: d.challenges.trim(),
    recommendations: d.recommendations.trim(),
    need_another_session: d.need_another_session === true,
    need_academy_course: d.need_academy_course === true,
    academy_course_ids: d.need_academy_course ? d.courses.map((c) => c.id) : [],
    need_platform_feature: d.need_platform_feature === true,
    service_ids: d.need_platform_feature ? d.services.map((s) => s.id) : [],
    // validateDraft has made sure a phase is chosen.
    company_phase: d.company_phase ?? 'idea_owner',
    success_story: d.success_story,
    success_story_summary: d.success_story ? d.success_story_summary.trim() : null,
    comment: d.comment.trim() || null,
    supported_file_url: d.links.map((link) => link.trim()),
    voice_note: d.voice_note?.file.path ?? null,
    attachments: d.attachments.map((f) => f.path),
  }
}

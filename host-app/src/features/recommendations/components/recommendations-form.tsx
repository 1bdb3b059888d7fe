import '../../../lib/more-messages.ts'
import { endSession, isApiError, type MessageKey, submitRecommendations } from '@mashura/core'
import { type FormEvent, type MouseEvent, useRef, useState } from 'react'
import type { HostAppMessageKey } from '../../../i18n/index.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { showApiError, showSnackbar } from '../../../lib/notices.ts'
import { type DraftField, FIELD_ORDER, type RecommendationDraft, toInput, validateDraft } from '../draft.ts'
import { useDraft } from '../hooks/use-draft.ts'
import { AttachmentsField } from './attachments-field.tsx'
import { CoursePicker } from './course-picker.tsx'
import { LinksField } from './links-field.tsx'
import { PhaseField } from './phase-field.tsx'
import { ServicePicker } from './service-picker.tsx'
import { TextAreaField } from './text-area-field.tsx'
import { VoiceNoteField } from './voice-note-field.tsx'
import { YesNoField } from './yes-no-field.tsx'

/** Each field's name as the error summary says it (its label or question). */
const FIELD_NAMES: Readonly<Record<DraftField, MessageKey | HostAppMessageKey>> = {
  challenges: 'recommendations.challenges',
  recommendations: 'recommendations.recommendations',
  need_another_session: 'recommendations.needAnotherSession',
  need_academy_course: 'recommendations.needAcademyCourse',
  academy_course_ids: 'recs.courses.legend',
  need_platform_feature: 'recommendations.needPlatformFeature',
  service_ids: 'recs.services.legend',
  company_phase: 'recommendations.companyPhase',
  success_story_summary: 'recommendations.successStorySummary',
  comment: 'recommendations.comment',
  voice_note: 'recommendations.voiceNote',
  attachments: 'recommendations.attachments',
  supported_file_url: 'sessionRecs.links',
}

/** The fields in error that a change of each part of the draft can put right. */
const FIELDS_OF: Readonly<Record<keyof RecommendationDraft, readonly DraftField[]>> = {
  challenges: ['challenges'],
  recommendations: ['recommendations'],
  need_another_session: ['need_another_session'],
  need_academy_course: ['need_academy_course', 'academy_course_ids'],
  courses: ['academy_course_ids'],
  need_platform_feature: ['need_platform_feature', 'service_ids'],
  services: ['service_ids'],
  company_phase: ['company_phase'],
  success_story: ['success_story_summary'],
  success_story_summary: ['success_story_summary'],
  comment: ['comment'],
  voice_note: ['voice_note'],
  attachments: ['attachments'],
  links: ['supported_file_url'],
}

/** The id of a field's block, which the error summary links to. */
export const fieldAnchor = (field: DraftField) => `recs-field-${field}`

/** The props of {@link RecommendationsForm}. */
export interface RecommendationsFormProps {
  sessionId: number
  /** Whether the session must be ended first (after a failed meeting start: `?endSession=true`). */
  endFirst: boolean
  /** Called after the server saved the recommendations. */
  onSaved: () => void
}

/**
 * Every field of the recommendation form (spec section 3), kept as a draft per session. Submitting checks
 * the fields here first, then (with `endFirst`) ends the session, ignoring a failure as spec section 5
 * says, then sends the form; the server's field errors show beside their fields and nothing typed is lost.
 */
export function RecommendationsForm({ sessionId, endFirst, onSaved }: RecommendationsFormProps) {
  const t = useT()
  const { draft, update, discard } = useDraft(sessionId)
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({})
  const [busy, setBusy] = useState(false)
  const ended = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  const inError = FIELD_ORDER.filter((field) => errors[field])

  /** The first control of a field, after React has drawn it. */
  const controlOf = (field: DraftField) =>
    formRef.current?.querySelector<HTMLElement>(
      `[data-field="${field}"] :is(textarea, input, select, button)`,
    )

  /** Shows errors and moves focus to the first field in error. */
  function showErrors(found: Partial<Record<DraftField, string>>) {
    setErrors(found)
    const first = FIELD_ORDER.find((field) => found[field])
    // After React has drawn the messages: the first control of the first field in error.
    window.requestAnimationFrame(() => {
      if (first) controlOf(first)?.focus()
    })
  }

  /**
   * Changes the draft, and takes away at once the error of each field the change has put right (the
   * form's own checks pass again; a server's message goes once its field changes). No new error appears
   * before the next submit.
   */
  function change(patch: Partial<RecommendationDraft>) {
    update(patch)
    const touched = new Set(Object.keys(patch).flatMap((key) => FIELDS_OF[key as keyof RecommendationDraft]))
    if (!inError.some((field) => touched.has(field))) return
    const still = validateDraft({ ...draft, ...patch })
    setErrors((current) => {
      const next = { ...current }
      for (const field of touched) if (!still[field]) delete next[field]
      return next
    })
  }

  /** Follows a link of the error summary: focus on the field's control, its label or question in view. */
  function follow(event: MouseEvent<HTMLAnchorElement>, field: DraftField) {
    const control = controlOf(field)
    if (!control) return
    event.preventDefault()
    control.focus({ preventScroll: true })
    document.getElementById(fieldAnchor(field))?.scrollIntoView({ block: 'center' })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const found = validateDraft(draft)
    if (Object.keys(found).length > 0) {
      showErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t.t(key)])))
      return
    }
    setErrors({})
    setBusy(true)
    if (endFirst && !ended.current) {
      // Spec section 5: a failure to end the session is ignored without a message.
      await endSession(api, { id: sessionId, force_end: true, end_reason: t.t('recs.endReason') }).catch(
        (error: unknown) => console.warn('ending the session failed (ignored)', error),
      )
      ended.current = true
    }
    try {
      await submitRecommendations(api, toInput(sessionId, draft))
      discard()
      showSnackbar({ kind: 'success', key: 'recommendations.saved' })
      onSaved()
    } catch (error) {
      setBusy(false)
      if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
        // The server names fields as the form does; a nested name (e.g. `attachments.0`) belongs to its list.
        const mapped: Partial<Record<DraftField, string>> = {}
        for (const [name, message] of Object.entries(error.fields)) {
          const field = name.split('.')[0] as DraftField
          mapped[FIELD_ORDER.includes(field) ? field : 'challenges'] ??= message
        }
        showErrors(mapped)
      } else showApiError(error)
    }
  }

  return (
    <form
      ref={formRef}
      className="card recs-form"
      data-region="recommendations-form"
      data-state={busy ? 'submitting' : 'idle'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="muted">{t.t('recs.form.intro')}</p>
      <div role="alert" className="recs-summary-slot">
        {inError.length > 0 ? (
          <div className="error-box recs-summary" data-region="form-errors">
            <p>{t.t('recs.form.fix', { count: inError.length })}</p>
            <ul>
              {inError.map((field) => (
                <li key={field}>
                  <a
                    href={`#${fieldAnchor(field)}`}
                    data-summary-for={field}
                    onClick={(event) => follow(event, field)}
                  >
                    {t.t('recs.form.fixLink', {
                      field: t.t(FIELD_NAMES[field]),
                      message: errors[field] ?? '',
                    })}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <TextAreaField
        name="challenges"
        label={t.t('recommendations.challenges')}
        placeholder={t.t('recommendations.challengesPlaceholder')}
        required
        value={draft.challenges}
        onChange={(challenges) => change({ challenges })}
        error={errors.challenges}
      />
      <TextAreaField
        name="recommendations"
        label={t.t('recommendations.recommendations')}
        placeholder={t.t('recommendations.recommendationsPlaceholder')}
        required
        rows={6}
        value={draft.recommendations}
        onChange={(recommendations) => change({ recommendations })}
        error={errors.recommendations}
      />
      <YesNoField
        name="need_another_session"
        legend={t.t('recommendations.needAnotherSession')}
        value={draft.need_another_session}
        onChange={(need_another_session) => change({ need_another_session })}
        error={errors.need_another_session}
      />
      <YesNoField
        name="need_academy_course"
        legend={t.t('recommendations.needAcademyCourse')}
        value={draft.need_academy_course}
        onChange={(need_academy_course) => change({ need_academy_course })}
        error={errors.need_academy_course}
      />
      {draft.need_academy_course ? (
        <CoursePicker
          value={draft.courses}
          onChange={(courses) => change({ courses })}
          error={errors.academy_course_ids}
        />
      ) : null}
      <YesNoField
        name="need_platform_feature"
        legend={t.t('recommendations.needPlatformFeature')}
        value={draft.need_platform_feature}
        onChange={(need_platform_feature) => change({ need_platform_feature })}
        error={errors.need_platform_feature}
      />
      {draft.need_platform_feature ? (
        <ServicePicker
          value={draft.services}
          onChange={(services) => change({ services })}
          error={errors.service_ids}
        />
      ) : null}
      <PhaseField
        value={draft.company_phase}
        onChange={(company_phase) => change({ company_phase })}
        error={errors.company_phase}
      />
      <div className="recs-field" data-field="success_story">
        <label className="recs-check recs-label">
          <input
            type="checkbox"
            name="success_story"
            checked={draft.success_story}
            onChange={(event) => change({ success_story: event.target.checked })}
          />
          {t.t('recommendations.successStory')}
        </label>
      </div>
      {draft.success_story ? (
        <TextAreaField
          name="success_story_summary"
          label={t.t('recommendations.successStorySummary')}
          required
          value={draft.success_story_summary}
          onChange={(success_story_summary) => change({ success_story_summary })}
          error={errors.success_story_summary}
        />
      ) : null}
      <TextAreaField
        name="comment"
        label={t.t('recommendations.comment')}
        rows={3}
        value={draft.comment}
        onChange={(comment) => change({ comment })}
        error={errors.comment}
      />
      <VoiceNoteField
        value={draft.voice_note}
        onChange={(voice_note) => change({ voice_note })}
        error={errors.voice_note}
      />
      <AttachmentsField
        value={draft.attachments}
        onChange={(attachments) => change({ attachments })}
        error={errors.attachments}
      />
      <LinksField
        value={draft.links}
        onChange={(links) => change({ links })}
        error={errors.supported_file_url}
      />
      <div className="recs-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy}
          data-action="submit-recommendations"
        >
          {t.t(busy ? 'recs.form.submitting' : 'recommendations.submit')}
        </button>
      </div>
    </form>
  )
}

import { endSession, isApiError, showApiError, showSnackbar, submitRecommendations } from '@mashura/core'
import { type FormEvent, useRef, useState } from 'react'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { type DraftField, FIELD_ORDER, toInput, validateDraft } from '../draft.ts'
import { useDraft } from '../hooks/use-draft.ts'
import { AttachmentsField } from './attachments-field.tsx'
import { CoursePicker } from './course-picker.tsx'
import { PhaseField } from './phase-field.tsx'
import { ServicePicker } from './service-picker.tsx'
import { TextAreaField } from './text-area-field.tsx'
import { VoiceNoteField } from './voice-note-field.tsx'
import { YesNoField } from './yes-no-field.tsx'

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
  const [summary, setSummary] = useState<string | null>(null)
  const ended = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)

  /** Shows errors and moves focus to the first field in error. */
  function showErrors(found: Partial<Record<DraftField, string>>) {
    setErrors(found)
    setSummary(t.t('recs.form.fix', { count: Object.keys(found).length }))
    const first = FIELD_ORDER.find((field) => found[field])
    // After React has drawn the messages: the first control of the first field in error.
    window.requestAnimationFrame(() => {
      formRef.current
        ?.querySelector<HTMLElement>(`[data-field="${first}"] :is(textarea, input, select, button)`)
        ?.focus()
    })
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
    setSummary(null)
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
        {summary ? (
          <p className="error-box" data-region="form-errors">
            {summary}
          </p>
        ) : null}
      </div>
      <TextAreaField
        name="challenges"
        label={t.t('recommendations.challenges')}
        placeholder={t.t('recommendations.challengesPlaceholder')}
        required
        value={draft.challenges}
        onChange={(challenges) => update({ challenges })}
        error={errors.challenges}
      />
      <TextAreaField
        name="recommendations"
        label={t.t('recommendations.recommendations')}
        placeholder={t.t('recommendations.recommendationsPlaceholder')}
        required
        rows={6}
        value={draft.recommendations}
        onChange={(recommendations) => update({ recommendations })}
        error={errors.recommendations}
      />
      <YesNoField
        name="need_another_session"
        legend={t.t('recommendations.needAnotherSession')}
        value={draft.need_another_session}
        onChange={(need_another_session) => update({ need_another_session })}
        error={errors.need_another_session}
      />
      <YesNoField
        name="need_academy_course"
        legend={t.t('recommendations.needAcademyCourse')}
        value={draft.need_academy_course}
        onChange={(need_academy_course) => update({ need_academy_course })}
        error={errors.need_academy_course}
      />
      {draft.need_academy_course ? (
        <CoursePicker
          value={draft.courses}
          onChange={(courses) => update({ courses })}
          error={errors.academy_course_ids}
        />
      ) : null}
      <YesNoField
        name="need_platform_feature"
        legend={t.t('recommendations.needPlatformFeature')}
        value={draft.need_platform_feature}
        onChange={(need_platform_feature) => update({ need_platform_feature })}
        error={errors.need_platform_feature}
      />
      {draft.need_platform_feature ? (
        <ServicePicker
          value={draft.services}
          onChange={(services) => update({ services })}
          error={errors.service_ids}
        />
      ) : null}
      <PhaseField
        value={draft.company_phase}
        onChange={(company_phase) => update({ company_phase })}
        error={errors.company_phase}
      />
      <div className="recs-field" data-field="success_story">
        <label className="recs-check recs-label">
          <input
            type="checkbox"
            name="success_story"
            checked={draft.success_story}
            onChange={(event) => update({ success_story: event.target.checked })}
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
          onChange={(success_story_summary) => update({ success_story_summary })}
          error={errors.success_story_summary}
        />
      ) : null}
      <TextAreaField
        name="comment"
        label={t.t('recommendations.comment')}
        rows={3}
        value={draft.comment}
        onChange={(comment) => update({ comment })}
        error={errors.comment}
      />
      <VoiceNoteField
        value={draft.voice_note}
        onChange={(voice_note) => update({ voice_note })}
        error={errors.voice_note}
      />
      <AttachmentsField
        value={draft.attachments}
        onChange={(attachments) => update({ attachments })}
        error={errors.attachments}
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

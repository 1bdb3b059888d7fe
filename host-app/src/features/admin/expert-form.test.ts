import { describe, expect, it } from 'vitest'
import { withExpertChoices } from './components/expert-dialog.tsx'
import {
  type AdminExpert,
  deactivationBody,
  deactivationProblem,
  emptyExpertForm,
  expertFormOf,
  inviteBody,
  isValid,
  REASON_MAX,
  TITLE_MAX,
  updateBody,
  validateExpertForm,
} from './expert-form.ts'

const expert: AdminExpert = {
  id: 7,
  person_id: 70,
  full_name: 'Noura Saleh',
  email: 'noura@example.sa',
  file: null,
  kind: 'consultant',
  gender: 'female',
  center: { id: 2, name_ar: 'مركز الرياض', name_en: 'Riyadh center' },
  subjects: [
    { id: 3, name_ar: 'التسويق', name_en: 'Marketing' },
    { id: 5, name_ar: 'التمويل', name_en: 'Finance' },
  ],
  title_ar: 'مستشارة تسويق',
  title_en: 'Marketing consultant',
  bio_ar: '',
  bio_en: '',
  is_active: true,
  join_now_enabled: false,
  chat_status: true,
  can_create_slots: true,
  can_delete_slots: false,
  available_for_instant: false,
  zoom_user: null,
  upcoming_sessions: 2,
  created_at: '2026-01-01T00:00:00.000Z',
}

describe('the expert form (issue 33)', () => {
  it('asks an invitation for a valid e-mail address, a kind and both titles', () => {
    const errors = validateExpertForm(emptyExpertForm(), 'invite')
    expect(Object.keys(errors).sort()).toEqual(['email', 'kind', 'title_ar', 'title_en'])
    expect(errors.email?.key).toBe('admin.form.required')
    const bad = validateExpertForm({ ...emptyExpertForm(), email: 'not an address' }, 'invite')
    expect(bad.email?.key).toBe('admin.form.email')
    const good = validateExpertForm(
      { ...emptyExpertForm(), email: ' a@b.sa ', kind: 'advisor', title_ar: 'مرشد', title_en: 'Advisor' },
      'invite',
    )
    expect(isValid(good)).toBe(true)
  })

  it('refuses texts longer than the server takes, and an edit needs no e-mail address', () => {
    const long = 'x'.repeat(TITLE_MAX + 1)
    const errors = validateExpertForm({ ...expertFormOf(expert), email: '', title_en: long }, 'edit')
    expect(errors).toEqual({ title_en: { key: 'admin.form.tooLong', values: { max: TITLE_MAX } } })
    expect(validateExpertForm({ ...expertFormOf(expert), title_ar: '   ' }, 'edit').title_ar?.key).toBe(
      'admin.form.required',
    )
  })

  it('sends an invitation with trimmed texts, nulls for empty choices and the flags', () => {
    const body = inviteBody({
      ...emptyExpertForm(),
      email: ' new@example.sa ',
      kind: 'partner',
      title_ar: ' شريك ',
      title_en: 'Partner',
      center_id: '4',
      subject_ids: [9],
    })
    expect(body).toMatchObject({
      email: 'new@example.sa',
      kind: 'partner',
      gender: null,
      center_id: 4,
      subject_ids: [9],
      title_ar: 'شريك',
      zoom_user: null,
      chat_status: true,
      join_now_enabled: false,
    })
    expect(body).not.toHaveProperty('full_name')
  })

  it('sends an update with only what changed, and nothing when nothing did', () => {
    expect(updateBody(expertFormOf(expert), expert)).toBeNull()
    // The same subjects in another order are no change.
    expect(updateBody({ ...expertFormOf(expert), subject_ids: [5, 3] }, expert)).toBeNull()
    expect(
      updateBody(
        {
          ...expertFormOf(expert),
          join_now_enabled: true,
          center_id: '',
          zoom_user: ' z@zoom.us ',
          subject_ids: [3],
        },
        expert,
      ),
    ).toEqual({ join_now_enabled: true, center_id: null, zoom_user: 'z@zoom.us', subject_ids: [3] })
  })

  it('needs a reason to cancel the sessions of a deactivated expert', () => {
    expect(deactivationProblem({ cancelSessions: true, reason: '  ' })?.key).toBe('admin.form.reasonRequired')
    expect(deactivationProblem({ cancelSessions: false, reason: '' })).toBeNull()
    expect(deactivationProblem({ cancelSessions: false, reason: 'x'.repeat(REASON_MAX + 1) })?.key).toBe(
      'admin.form.tooLong',
    )
    expect(deactivationBody({ cancelSessions: true, reason: ' Left the program ' })).toEqual({
      cancel_sessions: true,
      reason: 'Left the program',
    })
    expect(deactivationBody({ cancelSessions: false, reason: '' })).toEqual({ cancel_sessions: false })
    expect(deactivationBody({ cancelSessions: true, reason: 'Left', reasonId: 4 })).toEqual({
      cancel_sessions: true,
      reason: 'Left',
      cancel_reason_id: 4,
    })
    expect(deactivationBody({ cancelSessions: false, reason: '', reasonId: 4 })).toEqual({
      cancel_sessions: false,
    })
  })

  it("keeps the expert's own center and subjects among the choices when the lists lack them", () => {
    const choices = withExpertChoices({ centers: [], subjects: [{ id: 3, name: 'Marketing' }] }, expert, 'en')
    expect(choices.centers).toEqual([{ id: 2, name: 'Riyadh center' }])
    expect(choices.subjects).toEqual([
      { id: 3, name: 'Marketing' },
      { id: 5, name: 'Finance' },
    ])
    const none = { centers: [], subjects: [] }
    expect(withExpertChoices(none, undefined, 'ar')).toBe(none)
  })
})

import { CONTRIBUTOR_KINDS, isApiError } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { type FormEvent, useId, useRef, useState } from 'react'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { apiErrorText } from '../../../lib/notices.ts'
import {
  type AdminExpert,
  BIO_MAX,
  EMAIL_MAX,
  type ExpertFormErrors,
  type ExpertFormValues,
  emptyExpertForm,
  expertFormOf,
  inviteBody,
  isValid,
  NAME_MAX,
  TITLE_MAX,
  updateBody,
  validateExpertForm,
} from '../expert-form.ts'
import { useAdminT } from '../i18n.ts'
import { EXPERT_FLAGS, FLAG_LABELS } from '../labels.ts'
import type { Reference } from '../use-reference.ts'
import { CheckField, SelectField, TextAreaField, TextField } from './fields.tsx'

/**
 * The centers and subjects to choose from, with the expert's own added when the lists lack them (a retired
 * subject, or lists that could not be loaded), so that an edit never drops what it cannot show.
 */
export function withExpertChoices(
  reference: Reference,
  expert: AdminExpert | undefined,
  lang: string,
): Reference {
  if (!expert) return reference
  const name = (item: { name_ar: string; name_en: string }) => (lang === 'ar' ? item.name_ar : item.name_en)
  const centers = [...reference.centers]
  if (expert.center && !centers.some((c) => c.id === expert.center?.id))
    centers.push({ id: expert.center.id, name: name(expert.center) })
  const subjects = [...reference.subjects]
  for (const subject of expert.subjects)
    if (!subjects.some((s) => s.id === subject.id)) subjects.push({ id: subject.id, name: name(subject) })
  return { centers, subjects }
}

/**
 * The expert form in a dialog: a new invitation (by e-mail) or an edit of an expert. Checked before sending
 * (the first field with a problem takes the focus); the server's refusal shows in the dialog, by field when
 * it names one. An edit sends only what changed.
 */
export function ExpertDialog({
  expert,
  promote = false,
  reference,
  onClose,
  onDone,
}: {
  /** The expert to edit; a new invitation without. */
  expert?: AdminExpert | undefined
  /** Without `expert`: make a person who has signed in before an expert at once, found by e-mail. */
  promote?: boolean
  reference: Reference
  onClose: () => void
  /** After a success, with the message to show. */
  onDone: (message: string) => void
}) {
  const t = useAdminT()
  const id = useId()
  const mode = expert ? 'edit' : 'invite'
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<ExpertFormValues>(() =>
    expert ? expertFormOf(expert) : emptyExpertForm(),
  )
  const [errors, setErrors] = useState<ExpertFormErrors>({})
  const [serverFields, setServerFields] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)

  const set = <K extends keyof ExpertFormValues>(field: K, value: ExpertFormValues[K]) =>
    setValues((now) => ({ ...now, [field]: value }))
  const errorOf = (field: keyof ExpertFormValues): string | undefined => {
    const problem = errors[field]
    return problem ? t.t(problem.key, problem.values) : serverFields[field]
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateExpertForm(values, mode)
    setErrors(found)
    setServerFields({})
    setFailure('')
    if (!isValid(found)) {
      // After the errors are drawn: the first field with a problem takes the focus.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      if (expert) {
        const body = updateBody(values, expert)
        if (!body) {
          onDone(t.t('admin.experts.nothingChanged'))
          return
        }
        await callAdminApi(api, 'adminUpdateExpert', { params: { id: expert.id }, body })
        onDone(t.t('admin.experts.saved', { name: expert.full_name }))
      } else if (promote) {
        const { full_name: _name, ...body } = inviteBody(values)
        await callAdminApi(api, 'adminPromotePerson', { body })
        onDone(t.t('admin.experts.promoted', { email: values.email.trim() }))
      } else {
        await callAdminApi(api, 'adminInviteExpert', { body: inviteBody(values) })
        onDone(t.t('admin.experts.invited', { email: values.email.trim() }))
      }
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
      if (isApiError(error) && error.fields) setServerFields(error.fields)
    } finally {
      setBusy(false)
    }
  }

  const kinds = [
    { value: '', label: t.t('admin.form.choose') },
    ...CONTRIBUTOR_KINDS.map((kind) => ({
      value: kind,
      label: t.t(`contributors.kind.${kind}`, { gender: 'male' }),
    })),
  ]
  const genders = [
    { value: '', label: t.t('admin.gender.unset') },
    { value: 'female', label: t.t('admin.gender.female') },
    { value: 'male', label: t.t('admin.gender.male') },
  ]
  const choices = withExpertChoices(reference, expert, t.lang)
  const centers = [
    { value: '', label: t.t('admin.experts.noCenter') },
    ...choices.centers.map((center) => ({ value: String(center.id), label: center.name })),
  ]

  return (
    <SiteDialog
      title={
        expert
          ? t.t('admin.experts.editTitle', { name: expert.full_name })
          : t.t(promote ? 'admin.experts.promote' : 'admin.experts.invite')
      }
      className="admin-dialog admin-dialog-wide"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        data-form={`expert-${promote && !expert ? 'promote' : mode}`}
      >
        <p className="muted">
          {t.t(
            expert
              ? 'admin.experts.editHint'
              : promote
                ? 'admin.experts.promoteHint'
                : 'admin.experts.inviteHint',
          )}
        </p>
        <div className="admin-form-grid">
          {expert ? null : (
            <>
              <TextField
                label={t.t('admin.experts.email')}
                type="email"
                name="email"
                autoComplete="off"
                required
                dir="ltr"
                maxLength={EMAIL_MAX}
                value={values.email}
                error={errorOf('email')}
                onChange={(e) => set('email', e.target.value)}
              />
              {promote ? null : (
                <TextField
                  label={t.t('admin.experts.fullName')}
                  hint={t.t('admin.experts.fullNameHint')}
                  name="full_name"
                  autoComplete="off"
                  maxLength={NAME_MAX}
                  value={values.full_name}
                  error={errorOf('full_name')}
                  onChange={(e) => set('full_name', e.target.value)}
                />
              )}
            </>
          )}
          <SelectField
            label={t.t('admin.experts.kind')}
            name="kind"
            required
            options={kinds}
            value={values.kind}
            error={errorOf('kind')}
            onChange={(e) => set('kind', e.target.value as ExpertFormValues['kind'])}
          />
          <SelectField
            label={t.t('admin.experts.gender')}
            name="gender"
            options={genders}
            value={values.gender}
            error={errorOf('gender')}
            onChange={(e) => set('gender', e.target.value as ExpertFormValues['gender'])}
          />
          <SelectField
            label={t.t('admin.experts.center')}
            name="center_id"
            options={centers}
            value={values.center_id}
            error={errorOf('center_id')}
            onChange={(e) => set('center_id', e.target.value)}
          />
          <TextField
            label={t.t('admin.experts.zoomUser')}
            hint={t.t('admin.experts.zoomUserHint')}
            name="zoom_user"
            dir="ltr"
            autoComplete="off"
            maxLength={EMAIL_MAX}
            value={values.zoom_user}
            error={errorOf('zoom_user')}
            onChange={(e) => set('zoom_user', e.target.value)}
          />
          <TextField
            label={t.t('admin.experts.titleAr')}
            name="title_ar"
            lang="ar"
            dir="rtl"
            required
            maxLength={TITLE_MAX}
            value={values.title_ar}
            error={errorOf('title_ar')}
            onChange={(e) => set('title_ar', e.target.value)}
          />
          <TextField
            label={t.t('admin.experts.titleEn')}
            name="title_en"
            lang="en"
            dir="ltr"
            required
            maxLength={TITLE_MAX}
            value={values.title_en}
            error={errorOf('title_en')}
            onChange={(e) => set('title_en', e.target.value)}
          />
          <TextAreaField
            label={t.t('admin.experts.bioAr')}
            name="bio_ar"
            lang="ar"
            dir="rtl"
            rows={4}
            maxLength={BIO_MAX}
            value={values.bio_ar}
            error={errorOf('bio_ar')}
            onChange={(e) => set('bio_ar', e.target.value)}
          />
          <TextAreaField
            label={t.t('admin.experts.bioEn')}
            name="bio_en"
            lang="en"
            dir="ltr"
            rows={4}
            maxLength={BIO_MAX}
            value={values.bio_en}
            error={errorOf('bio_en')}
            onChange={(e) => set('bio_en', e.target.value)}
          />
        </div>
        <fieldset
          className="admin-fieldset"
          aria-describedby={errorOf('subject_ids') ? `${id}-subjects` : undefined}
        >
          <legend>{t.t('admin.experts.subjects')}</legend>
          {choices.subjects.length === 0 ? <p className="muted">{t.t('admin.experts.noSubjects')}</p> : null}
          <div className="admin-checks-box">
            {choices.subjects.map((subject) => (
              <CheckField
                key={subject.id}
                label={subject.name}
                checked={values.subject_ids.includes(subject.id)}
                onChange={(checked) =>
                  set(
                    'subject_ids',
                    checked
                      ? [...values.subject_ids, subject.id]
                      : values.subject_ids.filter((chosen) => chosen !== subject.id),
                  )
                }
              />
            ))}
          </div>
          {errorOf('subject_ids') ? (
            <p id={`${id}-subjects`} className="field-error">
              {errorOf('subject_ids')}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{t.t('admin.experts.flags')}</legend>
          {EXPERT_FLAGS.map((flag) => (
            <CheckField
              key={flag}
              name={flag}
              label={t.t(FLAG_LABELS[flag])}
              checked={values[flag]}
              onChange={(checked) => set(flag, checked)}
            />
          ))}
        </fieldset>
        {failure ? (
          <p className="error-box" role="alert">
            {failure}
          </p>
        ) : null}
        <DialogActions
          tone="primary"
          cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
          confirm={{
            label: t.t(
              expert
                ? 'admin.common.save'
                : promote
                  ? 'admin.experts.promoteSubmit'
                  : 'admin.experts.sendInvitation',
            ),
            submit: true,
            busy,
            disabled: busy,
            action: expert ? 'save-expert' : 'send-invitation',
          }}
        />
      </form>
    </SiteDialog>
  )
}

import { callAdminApi } from '@mashura/core/admin'
import { useState } from 'react'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { apiErrorText } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { type AdminExpert, deactivationBody, deactivationProblem, REASON_MAX } from '../expert-form.ts'
import { useAdminT } from '../i18n.ts'
import { focusFirstProblem } from './admin-loaded.tsx'
import { CheckField, SelectField, TextAreaField } from './fields.tsx'

/**
 * Deactivating an expert: they leave search and booking. The admin chooses whether their future sessions and
 * waiting requests are cancelled too (with a reason the business owners are told), or kept.
 */
export function DeactivateDialog({
  expert,
  onClose,
  onDone,
}: {
  expert: AdminExpert
  onClose: () => void
  onDone: (message: string) => void
}) {
  const t = useAdminT()
  const [cancelSessions, setCancelSessions] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonId, setReasonId] = useState('')
  // The content's cancel reasons (not the retired ones), to choose one for the cancellations.
  const reasons = useApi((signal) => callAdminApi(api, 'adminListCancelReasons', {}, { signal }), [])
  const reasonOptions = [
    { value: '', label: t.t('admin.experts.noReasonChosen') },
    ...(reasons.data?.data ?? [])
      .filter((r) => !r.is_retired)
      .map((r) => ({ value: String(r.id), label: t.lang === 'ar' ? r.label_ar : r.label_en })),
  ]
  const [problem, setProblem] = useState('')
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)

  async function confirm() {
    const found = deactivationProblem({ cancelSessions, reason })
    setProblem(found ? t.t(found.key, found.values) : '')
    setFailure('')
    if (found) {
      focusFirstProblem()
      return
    }
    setBusy(true)
    try {
      const { data } = await callAdminApi(api, 'adminDeactivateExpert', {
        params: { id: expert.id },
        body: deactivationBody({ cancelSessions, reason, reasonId: reasonId ? Number(reasonId) : null }),
      })
      onDone(
        t.t('admin.experts.deactivated', {
          name: expert.full_name,
          count: data.cancelled_session_ids.length,
        }),
      )
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <SiteDialog
      title={t.t('admin.experts.deactivateTitle', { name: expert.full_name })}
      className="admin-dialog"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <p>{t.t('admin.experts.deactivateText')}</p>
      <p>{t.t('admin.experts.upcoming', { count: expert.upcoming_sessions })}</p>
      {expert.upcoming_sessions > 0 ? (
        <CheckField
          name="cancel_sessions"
          label={t.t('admin.experts.cancelSessions')}
          hint={t.t('admin.experts.cancelSessionsHint')}
          checked={cancelSessions}
          onChange={setCancelSessions}
        />
      ) : null}
      {cancelSessions && reasonOptions.length > 1 ? (
        <SelectField
          label={t.t('admin.experts.cancelReason')}
          name="cancel_reason_id"
          value={reasonId}
          options={reasonOptions}
          onChange={(e) => setReasonId(e.target.value)}
        />
      ) : null}
      <TextAreaField
        label={t.t(cancelSessions ? 'admin.experts.reasonRequired' : 'admin.experts.reasonOptional')}
        name="reason"
        rows={3}
        maxLength={REASON_MAX}
        required={cancelSessions}
        value={reason}
        error={problem || undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : null}
      <DialogActions
        cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
        confirm={{
          label: t.t('admin.experts.deactivate'),
          onClick: () => void confirm(),
          busy,
          disabled: busy,
          action: 'confirm-deactivate',
        }}
      />
    </SiteDialog>
  )
}

/** Reactivating an expert: they are back in search and booking (their cancelled sessions stay cancelled). */
export function ReactivateDialog({
  expert,
  onClose,
  onDone,
}: {
  expert: AdminExpert
  onClose: () => void
  onDone: (message: string) => void
}) {
  const t = useAdminT()
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)

  async function confirm() {
    setBusy(true)
    setFailure('')
    try {
      await callAdminApi(api, 'adminReactivateExpert', { params: { id: expert.id } })
      onDone(t.t('admin.experts.reactivated', { name: expert.full_name }))
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <SiteDialog
      title={t.t('admin.experts.reactivateTitle', { name: expert.full_name })}
      className="admin-dialog"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <p>{t.t('admin.experts.reactivateText')}</p>
      {failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : null}
      <DialogActions
        tone="primary"
        cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
        confirm={{
          label: t.t('admin.experts.reactivate'),
          onClick: () => void confirm(),
          busy,
          disabled: busy,
          action: 'confirm-reactivate',
        }}
      />
    </SiteDialog>
  )
}

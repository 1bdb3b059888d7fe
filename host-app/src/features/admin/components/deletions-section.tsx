import type { CallData, CallQuery } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { apiErrorText, showSnackbar } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { usePageParam } from '../../../lib/use-page-param.ts'
import { REASON_MAX } from '../expert-form.ts'
import { type AdminTranslator, useAdminT } from '../i18n.ts'
import { AdminLoaded, focusFirstProblem } from './admin-loaded.tsx'
import { SelectField, TextAreaField } from './fields.tsx'

/** A request in the queue. */
type DeletionRequest = CallData<'adminListDeletionRequests'>[number]

/** The queue's states; the first is what it shows at first. */
const STATES = ['pending', 'approved', 'rejected', 'all'] as const
type StateFilter = (typeof STATES)[number]

/** How close a pending request is to its 30-day deadline: overdue, due within a week, or in time. */
export function deadlineTone(request: { state: string; overdue: boolean; days_left: number }) {
  if (request.state !== 'pending') return 'done'
  if (request.overdue || request.days_left < 0) return 'overdue'
  if (request.days_left <= 7) return 'soon'
  return 'ok'
}

/** The sentence about a request's age and deadline. */
function deadlineText(t: AdminTranslator, request: DeletionRequest): string {
  const age = t.t('admin.deletions.age', { days: request.age_days })
  if (request.state !== 'pending') return age
  const due =
    request.days_left < 0
      ? t.t('admin.deletions.overdue', { days: -request.days_left })
      : t.t('admin.deletions.daysLeft', { days: request.days_left })
  return `${age} ${due}`
}

/**
 * The account-deletion requests (issue 33): oldest first, each with its age against the 30-day deadline the
 * personal-data law sets; an admin approves or rejects a pending one with a reason, which is mailed to the
 * person.
 */
export function DeletionsSection() {
  const t = useAdminT()
  const [params, setParams] = useSearchParams()
  const page = usePageParam()
  const asked = params.get('state')
  const state: StateFilter = STATES.find((s) => s === asked) ?? 'pending'
  const query: CallQuery<'adminListDeletionRequests'> = { page, ...(state === 'all' ? {} : { state }) }
  const list = useApi(
    (signal) => callAdminApi(api, 'adminListDeletionRequests', { query }, { signal }),
    [page, state, t.lang],
  )
  const [deciding, setDeciding] = useState<{
    request: DeletionRequest
    decision: 'approved' | 'rejected'
  } | null>(null)

  return (
    <section aria-labelledby="admin-deletions-title" data-section="deletions">
      <div className="admin-section-head">
        <h2 id="admin-deletions-title">{t.t('admin.section.deletions')}</h2>
      </div>
      <p className="muted">{t.t('admin.deletions.intro')}</p>
      <div className="admin-filters admin-filters-narrow">
        <SelectField
          label={t.t('admin.deletions.state')}
          name="state"
          value={state}
          options={STATES.map((s) => ({ value: s, label: t.t(`admin.deletions.state.${s}`) }))}
          onChange={(e) => setParams(e.target.value === 'pending' ? {} : { state: e.target.value })}
        />
      </div>
      <AdminLoaded state={list}>
        {(answer) => (
          <>
            <p className="muted" role="status">
              {t.t('admin.common.results', { count: answer.meta.total })}
            </p>
            {answer.data.length === 0 ? (
              <p className="empty-state">{t.t('admin.deletions.none')}</p>
            ) : (
              <ul className="admin-cards">
                {answer.data.map((request) => {
                  const titleId = `admin-deletion-${request.id}`
                  const tone = deadlineTone(request)
                  return (
                    <li
                      key={request.id}
                      className="card admin-card"
                      aria-labelledby={titleId}
                      data-deletion={request.id}
                    >
                      <div className="admin-card-head">
                        <h3 id={titleId} className="admin-card-title">
                          <bdi>{request.person.full_name}</bdi>
                        </h3>
                        <span className={`pill admin-pill-${tone}`}>
                          {t.t(`admin.deletions.state.${request.state}`)}
                        </span>
                      </div>
                      <p className={`admin-deadline admin-deadline-${tone}`}>{deadlineText(t, request)}</p>
                      <dl className="admin-facts">
                        <div>
                          <dt>{t.t('admin.experts.email')}</dt>
                          <dd dir="ltr">{request.person.email ?? '-'}</dd>
                        </div>
                        <div>
                          <dt>{t.t('admin.deletions.requestedAt')}</dt>
                          <dd>{t.intl.formatDate(request.created_at, { dateStyle: 'medium' })}</dd>
                        </div>
                        <div>
                          <dt>{t.t('admin.deletions.deadline')}</dt>
                          <dd>{t.intl.formatDate(request.deadline_at, { dateStyle: 'medium' })}</dd>
                        </div>
                        <div className="admin-fact-wide">
                          <dt>{t.t('admin.deletions.reason')}</dt>
                          <dd>{request.reason || '-'}</dd>
                        </div>
                        {request.decided_at ? (
                          <div className="admin-fact-wide">
                            <dt>{t.t('admin.deletions.decision')}</dt>
                            <dd>
                              {t.t('admin.deletions.decidedBy', {
                                name: `\u2068${request.decided_by?.full_name ?? '-'}\u2069`,
                                date: t.intl.formatDate(request.decided_at, { dateStyle: 'medium' }),
                              })}
                              {request.decision_reason ? <> {request.decision_reason}</> : null}
                            </dd>
                          </div>
                        ) : null}
                      </dl>
                      {request.state === 'pending' ? (
                        <div className="admin-card-actions">
                          <ActionButton
                            action="approve-deletion"
                            aria-describedby={titleId}
                            onClick={() => setDeciding({ request, decision: 'approved' })}
                          >
                            {t.t('admin.deletions.approve')}
                          </ActionButton>
                          <ActionButton
                            action="reject-deletion"
                            aria-describedby={titleId}
                            onClick={() => setDeciding({ request, decision: 'rejected' })}
                          >
                            {t.t('admin.deletions.reject')}
                          </ActionButton>
                        </div>
                      ) : null}
                    </li>
                  )
                })}
              </ul>
            )}
            <Pager meta={answer.meta} />
          </>
        )}
      </AdminLoaded>
      {deciding ? (
        <DecisionDialog
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={(message) => {
            setDeciding(null)
            showSnackbar({ kind: 'success', text: message })
            list.reload()
          }}
        />
      ) : null}
    </section>
  )
}

/** Why a decision cannot be sent: a reason is required, and not too long. */
export function decisionProblem(reason: string): 'admin.form.reasonRequired' | 'admin.form.tooLong' | null {
  const text = reason.trim()
  if (!text) return 'admin.form.reasonRequired'
  if (text.length > REASON_MAX) return 'admin.form.tooLong'
  return null
}

/** Approving or rejecting a request, with the reason the person receives. */
function DecisionDialog({
  request,
  decision,
  onClose,
  onDone,
}: {
  request: DeletionRequest
  decision: 'approved' | 'rejected'
  onClose: () => void
  onDone: (message: string) => void
}) {
  const t = useAdminT()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState('')
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const approve = decision === 'approved'

  async function confirm() {
    const found = decisionProblem(reason)
    setProblem(found ? t.t(found, { max: REASON_MAX }) : '')
    setFailure('')
    if (found) {
      focusFirstProblem()
      return
    }
    setBusy(true)
    try {
      await callAdminApi(api, 'adminDecideDeletionRequest', {
        params: { id: request.id },
        body: { decision, reason: reason.trim() },
      })
      onDone(
        t.t(approve ? 'admin.deletions.approved' : 'admin.deletions.rejected', {
          name: request.person.full_name,
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
      title={t.t(approve ? 'admin.deletions.approveTitle' : 'admin.deletions.rejectTitle', {
        name: request.person.full_name,
      })}
      className="admin-dialog"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <p>{t.t(approve ? 'admin.deletions.approveText' : 'admin.deletions.rejectText')}</p>
      <TextAreaField
        label={t.t('admin.deletions.decisionReason')}
        hint={t.t('admin.deletions.decisionReasonHint')}
        name="reason"
        rows={3}
        required
        maxLength={REASON_MAX}
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
        tone={approve ? 'danger' : 'primary'}
        cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
        confirm={{
          label: t.t(approve ? 'admin.deletions.approve' : 'admin.deletions.reject'),
          onClick: () => void confirm(),
          busy,
          disabled: busy,
          action: approve ? 'confirm-approve' : 'confirm-reject',
        }}
      />
    </SiteDialog>
  )
}

import '../../../lib/more-messages.ts'
import {
  $auth,
  answerRequest,
  formatDate,
  formatTime,
  getRequestDetails,
  isApiError,
  moveMyRequest,
  type Slot,
  timeZoneLabel,
  withdrawMyRequest,
} from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { requestStateIcon, requestStateLabelKey } from '../request-state.ts'
import { MoveRequestDialog } from './move-request-dialog.tsx'
import { cutoffHoursOf, OwnerRequestChanges, type RequestChange } from './owner-request-changes.tsx'
import { RejectDialog } from './reject-dialog.tsx'
import { RequestFacts } from './request-facts.tsx'
import { StateIcon } from './state-icon.tsx'
import { WithdrawDialog } from './withdraw-dialog.tsx'
import '../requests.css'
import { showApiError, showSnackbar } from '../../../lib/notices.ts'

/**
 * `/request/{id}`: a request's details. The advisor answers a waiting request here: accept, or reject with a
 * required reason in a dialog; the request reloads after either. A request that is not the person's or does
 * not exist (403/404) sends them home, as session details do (spec 8).
 */
export function RequestPage() {
  const t = useT()
  const { id } = useParams()
  const requestId = Number(id)
  const valid = Number.isInteger(requestId) && requestId > 0
  const role = useStore($auth).userRole
  const [busy, setBusy] = useState(false)
  const [rejecting, setRejecting] = useState(false)
  // The business owner's own change open in a dialog (issue 34).
  const [changing, setChanging] = useState<RequestChange | null>(null)
  const { data, error, loading, reload } = useApi(
    (signal) => getRequestDetails(api, { id: requestId }, { signal }),
    [requestId, t.lang],
  )

  async function answer(accept: boolean, reason?: string) {
    setBusy(true)
    try {
      await answerRequest(api, { id: requestId, is_accepted: accept, reason: reason ?? null })
      setRejecting(false)
      showSnackbar({ kind: 'success', text: t.t(accept ? 'requestPage.accepted' : 'requestPage.rejected') })
      reload()
    } catch (failure) {
      showApiError(failure)
    } finally {
      setBusy(false)
    }
  }

  /** Runs the owner's withdraw or move, then closes its dialog, says what happened and reloads the request. */
  async function change(call: () => Promise<string>) {
    setBusy(true)
    try {
      const text = await call()
      setChanging(null)
      showSnackbar({ kind: 'success', text })
      reload()
    } catch (failure) {
      showApiError(failure)
    } finally {
      setBusy(false)
    }
  }

  const withdraw = (reasonId: number, details: string | null) =>
    change(async () => {
      await withdrawMyRequest(api, { id: requestId, cancel_reason_id: reasonId, reason: details })
      return t.t('myBookings.withdrawn')
    })

  const move = (slot: Slot) =>
    change(async () => {
      const { data: moved } = await moveMyRequest(api, { id: requestId, schedule_id: slot.id })
      return t.t('myBookings.moved', {
        date: formatDate(moved.slot.start, t.lang),
        time: formatTime(moved.slot.start, t.lang),
        zone: timeZoneLabel(t.lang),
      })
    })

  if (!valid || (isApiError(error) && (error.status === 403 || error.status === 404)))
    return <Navigate to={paths.home.to()} replace />
  const request = data?.data
  const canAnswer = role === 'contributor' && request?.state === 'waiting'
  const until = role === 'sme' && request?.state === 'waiting' ? request.changeable_until : undefined
  const ownRequest = request && until !== undefined ? { ...request, changeable_until: until } : null
  return (
    <section className="sme-page" data-page="request">
      <Link className="back-link" to={paths.requests.to()}>
        {t.t('requestPage.backToList')}
      </Link>
      <h1>{t.t('requests.details')}</h1>
      <Loaded state={{ data: request, error, loading, reload }}>
        {(request) => (
          <article className="card request-details" data-request-id={request.id} data-state={request.state}>
            <p
              className={`pill request-state request-state-${requestStateIcon(request.state)}`}
              role="status"
            >
              <StateIcon state={request.state} />
              {t.t(requestStateLabelKey(request.state))}
            </p>
            {role === 'sme' && request.state === 'waiting' ? (
              <p className="muted">{t.t('requestPage.waitingHint')}</p>
            ) : null}
            <RequestFacts request={request} />
            <div className="request-actions">
              {request.session_id ? (
                <Link className="button button-primary" to={paths.session.to(request.session_id)}>
                  {t.t('requestPage.openSession')}
                </Link>
              ) : null}
              {canAnswer ? (
                <>
                  <p className="muted request-accept-hint">
                    {t.t('requestPage.acceptConfirm', { name: request.sme.full_name })}
                  </p>
                  <ActionButton
                    tone="primary"
                    action="accept-request"
                    disabled={busy}
                    onClick={() => void answer(true)}
                  >
                    {t.t('requests.accept')}
                  </ActionButton>
                  <ActionButton action="reject-request" disabled={busy} onClick={() => setRejecting(true)}>
                    {t.t('requests.reject')}
                  </ActionButton>
                </>
              ) : null}
            </div>
            {ownRequest ? (
              <OwnerRequestChanges request={ownRequest} busy={busy} onChange={setChanging} />
            ) : null}
          </article>
        )}
      </Loaded>
      {ownRequest && changing === 'withdraw' ? (
        <WithdrawDialog
          busy={busy}
          onClose={() => setChanging(null)}
          onWithdraw={(id, why) => void withdraw(id, why)}
        />
      ) : null}
      {ownRequest && changing === 'move' ? (
        <MoveRequestDialog
          request={ownRequest}
          cutoffHours={cutoffHoursOf(ownRequest)}
          busy={busy}
          onClose={() => setChanging(null)}
          onMove={(slot) => void move(slot)}
        />
      ) : null}
      <RejectDialog
        open={rejecting}
        busy={busy}
        onClose={() => setRejecting(false)}
        onReject={(reason) => void answer(false, reason)}
      />
    </section>
  )
}

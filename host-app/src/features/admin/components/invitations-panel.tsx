import type { CallData } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { useState } from 'react'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { api } from '../../../lib/api.ts'
import { showApiError, showSnackbar } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { useAdminT } from '../i18n.ts'
import { AdminLoaded } from './admin-loaded.tsx'
import { SelectField } from './fields.tsx'

type Invitation = CallData<'adminListInvitations'>[number]

/** The states the invitations list can show; pending first. */
const STATES = ['pending', 'accepted', 'revoked', 'expired'] as const

/**
 * The invitations sent (issue 33), by state: who was invited, as what, when it lapses; a pending one can be
 * revoked (its link then stops working). Loaded only when the admin opens the panel.
 */
export function InvitationsPanel({ refresh }: { refresh: number }) {
  const [open, setOpen] = useState(false)
  const t = useAdminT()
  return (
    <details className="admin-details admin-invitations" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t.t('admin.invitations.title')}</summary>
      {open ? <InvitationsList refresh={refresh} /> : null}
    </details>
  )
}

function InvitationsList({ refresh }: { refresh: number }) {
  const t = useAdminT()
  const [state, setState] = useState<(typeof STATES)[number]>('pending')
  const [busy, setBusy] = useState<number | null>(null)
  const list = useApi(
    (signal) => callAdminApi(api, 'adminListInvitations', { query: { state } }, { signal }),
    [state, refresh, t.lang],
  )
  async function revoke(invitation: Invitation) {
    setBusy(invitation.id)
    try {
      await callAdminApi(api, 'adminRevokeInvitation', { params: { id: invitation.id } })
      showSnackbar({ kind: 'success', text: t.t('admin.invitations.revoked', { email: invitation.email }) })
      list.reload()
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="admin-invitations-body">
      <div className="admin-filters admin-filters-narrow">
        <SelectField
          label={t.t('admin.experts.state')}
          name="invitation-state"
          value={state}
          options={STATES.map((s) => ({ value: s, label: t.t(`admin.invitations.state.${s}`) }))}
          onChange={(e) => setState(STATES.find((s) => s === e.target.value) ?? 'pending')}
        />
      </div>
      <AdminLoaded state={list}>
        {(answer) =>
          answer.data.length === 0 ? (
            <p className="muted">{t.t('admin.invitations.none')}</p>
          ) : (
            <ul className="admin-cards">
              {answer.data.map((invitation) => {
                const titleId = `admin-invitation-${invitation.id}`
                return (
                  <li key={invitation.id} className="card admin-card" aria-labelledby={titleId}>
                    <h3 id={titleId} className="admin-card-title" dir="ltr">
                      {invitation.email}
                    </h3>
                    <p className="admin-card-line">
                      {t.t(`contributors.kind.${invitation.kind}`, { gender: invitation.gender ?? 'male' })}
                      {' | '}
                      <bdi>{t.lang === 'ar' ? invitation.title_ar : invitation.title_en}</bdi>
                    </p>
                    <p className="muted admin-card-line">
                      {t.t('admin.invitations.dates', {
                        sent: t.intl.formatDate(invitation.created_at, { dateStyle: 'medium' }),
                        expires: t.intl.formatDate(invitation.expires_at, { dateStyle: 'medium' }),
                      })}
                    </p>
                    {invitation.state === 'pending' ? (
                      <div className="admin-card-actions">
                        <ActionButton
                          action="revoke-invitation"
                          aria-describedby={titleId}
                          busy={busy === invitation.id}
                          disabled={busy !== null}
                          onClick={() => void revoke(invitation)}
                        >
                          {t.t('admin.invitations.revoke')}
                        </ActionButton>
                      </div>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )
        }
      </AdminLoaded>
    </div>
  )
}

import { DELETION_REASON_MAX, requestAccountDeletion } from '@mashura/core'
import { useId, useState } from 'react'
import {
  DELETION_REASON_ROWS,
  type DeletionDialogEvent,
  type DeletionDialogState,
  deletionReason,
} from '../../lib/account-deletion.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { apiErrorText } from '../../lib/notices.ts'
import { DialogActions } from '../ui/dialog-actions.tsx'
import { LabelledTextArea } from '../ui/labelled-text-area.tsx'
import { SiteDialog } from '../ui/site-dialog.tsx'

/** The props of {@link DeletionDialog}. */
export interface DeletionDialogProps {
  /** The dialog's step, from the `deletionDialog` machine (`lib/account-deletion.ts`). */
  state: DeletionDialogState
  /** Moves the machine one step. */
  dispatch: (event: DeletionDialogEvent) => void
}

/**
 * The account-deletion dialog (spec sections 2, 4, 5): confirm (Yes/No), then a required reason of at most
 * 300 characters (Cancel/Send), then the server's answer. A failure keeps the typed reason and says why.
 */
export function DeletionDialog({ state, dispatch }: DeletionDialogProps) {
  const t = useT()
  const counterId = useId()
  const [reason, setReason] = useState('')
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [answer, setAnswer] = useState<string | null>(null)
  const checked = deletionReason(reason)
  const remaining = DELETION_REASON_MAX - Array.from(checked.value).length

  const close = (event: DeletionDialogEvent) => {
    dispatch(event)
    if (event !== 'yes') {
      setReason('')
      setFailure(null)
    }
  }
  const send = async () => {
    if (!checked.valid || sending) return
    setSending(true)
    setFailure(null)
    try {
      const response = await requestAccountDeletion(api, { reason: checked.value.trim() })
      setAnswer(response.message?.trim() || null)
      setReason('')
      dispatch('sent')
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
    } finally {
      setSending(false)
    }
  }

  return (
    <SiteDialog
      open={state !== 'closed'}
      onClose={() => close(state === 'sent' ? 'close' : state === 'reason' ? 'cancel' : 'no')}
      className="deletion-dialog"
      data-region="deletion-dialog"
      data-state={state}
      title={t.t('accountDeletion.title')}
    >
      {state === 'confirm' ? (
        <>
          <p>{t.t('accountDeletion.question')}</p>
          <DialogActions
            cancel={{ label: t.t('accountDeletion.no'), action: 'deletion-no', onClick: () => close('no') }}
            confirm={{
              label: t.t('accountDeletion.yes'),
              action: 'deletion-yes',
              onClick: () => dispatch('yes'),
            }}
          />
        </>
      ) : null}
      {state === 'reason' ? (
        <form
          className="deletion-form"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <LabelledTextArea
            label={t.t('accountDeletion.reasonLabel')}
            name="reason"
            rows={DELETION_REASON_ROWS}
            maxLength={DELETION_REASON_MAX}
            required
            // The reason is the only thing to do in this step of the dialog.
            autoFocus
            value={checked.value}
            placeholder={t.t('accountDeletion.reasonPlaceholder')}
            aria-describedby={counterId}
            aria-invalid={failure ? true : undefined}
            onChange={(event) => setReason(deletionReason(event.target.value).value)}
          />
          <p id={counterId} className="field-hint">
            {t.t('accountDeletion.charactersLeft', { remaining })}
          </p>
          {failure ? (
            <p className="form-error" role="alert">
              {failure}
            </p>
          ) : null}
          <DialogActions
            cancel={{
              label: t.t('accountDeletion.cancel'),
              action: 'deletion-cancel',
              onClick: () => close('cancel'),
            }}
            confirm={{
              label: t.t(sending ? 'shell.deletion.sending' : 'accountDeletion.send'),
              action: 'deletion-send',
              submit: true,
              disabled: !checked.valid || sending,
              busy: sending,
            }}
          />
        </form>
      ) : null}
      {state === 'sent' ? (
        <>
          <p role="status">{answer ?? t.t('accountDeletion.sent')}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-primary"
              data-action="deletion-close"
              // biome-ignore lint/a11y/noAutofocus: the only button left once the request is sent
              autoFocus
              onClick={() => close('close')}
            >
              {t.t('common.close')}
            </button>
          </div>
        </>
      ) : null}
    </SiteDialog>
  )
}

import '../../../lib/more-messages.ts'
import { getCancelReasons } from '@mashura/core'
import { useId, useState } from 'react'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { LabelledTextArea } from '../../../components/ui/labelled-text-area.tsx'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'

/** The props of {@link WithdrawDialog}. */
export interface WithdrawDialogProps {
  /** Whether the withdrawal is being sent. */
  busy: boolean
  /** Closes without withdrawing. */
  onClose: () => void
  /** Withdraws with the chosen reason and, when the reason asks for them, the owner's words. */
  onWithdraw: (reasonId: number, details: string | null) => void
}

/**
 * Asks the business owner why she withdraws her waiting request (issue 34): one of the server's cancel reasons
 * (read when the dialog opens), and her own words when the reason asks for them. Mounted only while open.
 */
export function WithdrawDialog({ busy, onClose, onWithdraw }: WithdrawDialogProps) {
  const t = useT()
  const reasons = useApi((signal) => getCancelReasons(api, { signal }), [t.lang])
  const [chosen, setChosen] = useState<number | null>(null)
  const [details, setDetails] = useState('')
  const [missing, setMissing] = useState<'reason' | 'details' | null>(null)
  const errorId = useId()
  const name = useId()
  const reason = reasons.data?.data.find((r) => r.id === chosen)
  return (
    <SiteDialog open onClose={onClose} className="owner-change-dialog" title={t.t('myBookings.withdraw')}>
      <form
        data-region="withdraw-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (busy) return
          if (!reason) return setMissing('reason')
          if (reason.requires_details && details.trim() === '') return setMissing('details')
          onWithdraw(reason.id, details.trim() === '' ? null : details.trim())
        }}
      >
        <Loaded state={{ ...reasons, data: reasons.data?.data }}>
          {(list) => (
            <fieldset
              className="owner-change-choices"
              aria-invalid={missing === 'reason' ? true : undefined}
              aria-describedby={missing === 'reason' ? errorId : undefined}
            >
              <legend className="field-label">{t.t('myBookings.reason')}</legend>
              {list.map((r) => (
                <label key={r.id} className="owner-change-choice">
                  <input
                    type="radio"
                    name={name}
                    value={r.id}
                    checked={chosen === r.id}
                    onChange={() => {
                      setChosen(r.id)
                      setMissing(null)
                    }}
                  />
                  {r.name}
                </label>
              ))}
            </fieldset>
          )}
        </Loaded>
        {reason?.requires_details ? (
          <LabelledTextArea
            label={t.t('myBookings.details')}
            name="details"
            rows={3}
            required
            maxLength={1000}
            className="field"
            aria-invalid={missing === 'details' ? true : undefined}
            aria-describedby={missing === 'details' ? errorId : undefined}
            value={details}
            onChange={(event) => {
              setDetails(event.target.value)
              setMissing(null)
            }}
          />
        ) : null}
        {missing ? (
          <p className="field-error" id={errorId} role="alert">
            {t.t(missing === 'reason' ? 'myBookings.chooseReason' : 'errors.fieldRequired')}
          </p>
        ) : null}
        <DialogActions
          cancel={{ label: t.t('myBookings.keep'), action: 'withdraw-keep', onClick: onClose }}
          confirm={{
            label: t.t('myBookings.withdrawConfirm'),
            action: 'withdraw-send',
            submit: true,
            disabled: busy || !reasons.data,
            busy,
          }}
        />
      </form>
    </SiteDialog>
  )
}

import { type ApiClient, type CancelReason, getCancelReasons } from '@mashura/core'
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { ErrorNotice, Skeleton } from '../shared/notice.tsx'
import { RadioOption } from '../shared/radio-option.tsx'
import { DialogButtons, ReasonField, RoomDialog, type RoomDialogFrame } from './room-dialog.tsx'

/** The props of {@link CancelDialog}: the room's dialog frame (`busy` while the cancel call runs), and more. */
export interface CancelDialogProps extends RoomDialogFrame {
  /** Cancels the session with the chosen reason and, for an "other" reason, the canceller's words. */
  onCancel(reasonId: number, details: string | null): void
  /** The API client with the viewer's token, to read the reasons. */
  client: ApiClient
  /** Turns a failed read into a message (null after a 401, which signs the room out). */
  failure(error: unknown, fallback: string): string | null
}

type Reasons =
  | { kind: 'loading' }
  | { kind: 'ready'; reasons: CancelReason[] }
  | { kind: 'error'; message: string }

/**
 * The cancel dialog: a radio group of the server's cancel reasons (read when the dialog opens), the
 * canceller's own words when the reason asks for them, then Cancel the session (spec section 4). The expert
 * and, for her own upcoming session, the business owner (issue 34) share it.
 */
export function CancelDialog({ onCancel, client, failure, ...frame }: CancelDialogProps) {
  const { isOpen, onClose, busy, t } = frame
  const [reasons, setReasons] = useState<Reasons>({ kind: 'loading' })
  const [chosen, setChosen] = useState<number | null>(null)
  const [details, setDetails] = useState('')
  const [missing, setMissing] = useState<'reason' | 'details' | null>(null)
  const detailsRef = useRef<HTMLTextAreaElement>(null)
  const groupRef = useRef<HTMLDivElement>(null)
  const errorId = useId()
  const labelId = useId()
  const name = useId()
  const genericError = t.t('common.error')

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setReasons({ kind: 'loading' })
      try {
        const { data } = await getCancelReasons(client, signal ? { signal } : {})
        if (!signal?.aborted) setReasons({ kind: 'ready', reasons: data })
      } catch (error) {
        if (signal?.aborted) return
        const message = failure(error, genericError)
        if (message !== null) setReasons({ kind: 'error', message })
      }
    },
    [client, failure, genericError],
  )

  useEffect(() => {
    if (!isOpen) return
    setChosen(null)
    setDetails('')
    setMissing(null)
    const controller = new AbortController()
    load(controller.signal)
    return () => controller.abort()
  }, [isOpen, load])

  const reason = reasons.kind === 'ready' ? reasons.reasons.find((r) => r.id === chosen) : undefined

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || reasons.kind !== 'ready') return
    if (!reason) {
      setMissing('reason')
      groupRef.current?.querySelector<HTMLInputElement>('input')?.focus()
      return
    }
    if (reason.requires_details && details.trim() === '') {
      setMissing('details')
      detailsRef.current?.focus()
      return
    }
    onCancel(reason.id, details.trim() === '' ? null : details.trim())
  }

  return (
    <RoomDialog {...frame} title={t.t('meeting.cancel')}>
      <form className="dialog-form" part="cancel-form" noValidate onSubmit={submit}>
        {reasons.kind === 'loading' && <Skeleton lines={3} label={t.t('common.loading')} />}
        {reasons.kind === 'error' && (
          <ErrorNotice message={reasons.message} retryLabel={t.t('common.retry')} onRetry={() => load()} />
        )}
        {reasons.kind === 'ready' && (
          <>
            <div
              ref={groupRef}
              role="radiogroup"
              className="reasons"
              aria-labelledby={labelId}
              aria-invalid={missing === 'reason'}
              aria-describedby={missing === 'reason' ? errorId : undefined}
            >
              <span className="label" id={labelId}>
                {t.t('meeting.cancelReason')}
              </span>
              {reasons.reasons.map((r) => (
                <RadioOption
                  key={r.id}
                  className="reason"
                  name={name}
                  value={r.id}
                  required
                  checked={chosen === r.id}
                  onChoose={() => {
                    setChosen(r.id)
                    if (missing === 'reason') setMissing(null)
                  }}
                >
                  {r.name}
                </RadioOption>
              ))}
            </div>
            {reason?.requires_details && (
              <ReasonField
                label={t.t('sessionRoom.cancelDetails')}
                fieldRef={detailsRef}
                rows={3}
                invalid={missing === 'details'}
                describedBy={missing === 'details' ? errorId : undefined}
                value={details}
                onChange={(value) => {
                  setDetails(value)
                  if (value.trim() !== '') setMissing(null)
                }}
              />
            )}
            {missing && (
              <p className="field-error" part="error" id={errorId}>
                {t.t(missing === 'reason' ? 'sessionRoom.chooseReason' : 'errors.fieldRequired')}
              </p>
            )}
          </>
        )}
        <DialogButtons
          confirm={reasons.kind === 'ready' ? t.t('meeting.cancelConfirm') : undefined}
          danger
          busy={busy}
          keep={t.t('sessionRoom.keep')}
          onKeep={onClose}
        />
      </form>
    </RoomDialog>
  )
}

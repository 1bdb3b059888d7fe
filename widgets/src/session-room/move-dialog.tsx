import {
  type ApiClient,
  formatDate,
  formatTime,
  getContributorSchedule,
  groupByRiyadhDay,
  type Session,
  type Slot,
  slotCanTakeMove,
  timeZoneLabel,
} from '@mashura/core'
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { ErrorNotice, Skeleton } from '../shared/notice.tsx'
import { RadioOption } from '../shared/radio-option.tsx'
import { DialogButtons, RoomDialog, type RoomDialogFrame } from './room-dialog.tsx'

/** The props of {@link MoveDialog}: the room's dialog frame (`busy` while the move runs), and more. */
export interface MoveDialogProps extends RoomDialogFrame {
  /** The session to move. */
  session: Session
  /** The cut-off in hours: a slot closer to its start than this cannot be moved to. */
  cutoffHours: number
  /** Moves the session to the chosen slot. */
  onMove(slot: Slot): void
  /** The API client, to read the expert's free slots. */
  client: ApiClient
  /** Turns a failed read into a message (null after a 401, which signs the room out). */
  failure(error: unknown, fallback: string): string | null
}

type Slots = { kind: 'loading' } | { kind: 'ready'; slots: Slot[] } | { kind: 'error'; message: string }

/** The free slots read at once: the public schedule call's largest page, earliest first. */
const PER_PAGE = 100

/**
 * The move dialog: the same expert's free slots (the public schedule, read when the dialog opens) that can
 * take the session, grouped by Riyadh day as one radio group (one Tab stop, arrow keys between slots),
 * then Move (issue 34).
 */
export function MoveDialog({ session, cutoffHours, onMove, client, failure, ...frame }: MoveDialogProps) {
  const { isOpen, onClose, busy, t } = frame
  const [slots, setSlots] = useState<Slots>({ kind: 'loading' })
  const [chosen, setChosen] = useState<number | null>(null)
  const [missing, setMissing] = useState(false)
  const groupRef = useRef<HTMLDivElement>(null)
  const errorId = useId()
  const labelId = useId()
  const introId = useId()
  const name = useId()
  const genericError = t.t('common.error')
  const contributorId = session.contributor.id

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setSlots({ kind: 'loading' })
      try {
        const { data } = await getContributorSchedule(
          client,
          { id: contributorId, page: 1, per_page: PER_PAGE },
          signal ? { signal } : {},
        )
        if (signal?.aborted) return
        const now = new Date()
        const moving = { slotId: session.schedule_id, communicationWay: session.communication_way }
        setSlots({
          kind: 'ready',
          slots: data.slots.filter((slot) => slotCanTakeMove(slot, moving, cutoffHours, now)),
        })
      } catch (error) {
        if (signal?.aborted) return
        const message = failure(error, genericError)
        if (message !== null) setSlots({ kind: 'error', message })
      }
    },
    [client, contributorId, cutoffHours, session, failure, genericError],
  )

  // Read once per opening: a reload of the session behind the open dialog must not clear the choice.
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    if (!isOpen) return
    setChosen(null)
    setMissing(false)
    const controller = new AbortController()
    loadRef.current(controller.signal)
    return () => controller.abort()
  }, [isOpen])

  const slot = slots.kind === 'ready' ? slots.slots.find((s) => s.id === chosen) : undefined
  const lang = t.lang
  const zone = timeZoneLabel(lang)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || slots.kind !== 'ready' || slots.slots.length === 0) return
    if (!slot) {
      setMissing(true)
      groupRef.current?.querySelector<HTMLInputElement>('input')?.focus()
      return
    }
    onMove(slot)
  }

  return (
    <RoomDialog {...frame} title={t.t('sessionRoom.move')}>
      <form className="dialog-form" part="move-form" noValidate onSubmit={submit}>
        <p className="hint" id={introId}>
          {t.t('sessionRoom.moveIntro', { name: session.contributor.sso_user.full_name, zone })}
        </p>
        {slots.kind === 'loading' && <Skeleton lines={3} label={t.t('common.loading')} />}
        {slots.kind === 'error' && (
          <ErrorNotice message={slots.message} retryLabel={t.t('common.retry')} onRetry={() => load()} />
        )}
        {slots.kind === 'ready' && slots.slots.length === 0 && (
          <p className="hint" part="no-slots">
            {t.t('sessionRoom.moveNone')}
          </p>
        )}
        {slots.kind === 'ready' && slots.slots.length > 0 && (
          <div
            ref={groupRef}
            role="radiogroup"
            className="move-slots"
            part="move-slots"
            aria-labelledby={labelId}
            aria-describedby={missing ? `${introId} ${errorId}` : introId}
            aria-invalid={missing}
          >
            <span className="label" id={labelId}>
              {t.t('sessionRoom.freeTimes')}
            </span>
            {groupByRiyadhDay(slots.slots, (s) => s.start).map(({ day, items }) => {
              const dayLabel = formatDate(items[0]!.start, lang)
              return (
                <div key={day} className="move-day">
                  <h4 className="move-day-heading">{dayLabel}</h4>
                  <div className="move-day-slots">
                    {items.map((s) => (
                      <RadioOption
                        key={s.id}
                        className="reason move-slot"
                        data-slot-id={s.id}
                        name={name}
                        value={s.id}
                        required
                        checked={chosen === s.id}
                        onChoose={() => {
                          setChosen(s.id)
                          setMissing(false)
                        }}
                      >
                        {/* The day is in the radio's name, for a reader that jumps between the radios. */}
                        <span className="visually-hidden">{dayLabel} </span>
                        {t
                          .t('sessionRoom.timeRange', {
                            start: formatTime(s.start, lang),
                            end: formatTime(s.end, lang),
                            zone: '',
                          })
                          .trim()}
                      </RadioOption>
                    ))}
                  </div>
                </div>
              )
            })}
          </div>
        )}
        {missing && (
          <p className="field-error" part="error" id={errorId}>
            {t.t('sessionRoom.chooseTime')}
          </p>
        )}
        <DialogButtons
          confirm={
            slots.kind === 'ready' && slots.slots.length > 0 ? t.t('sessionRoom.moveConfirm') : undefined
          }
          busy={busy}
          keep={t.t('sessionRoom.keep')}
          onKeep={onClose}
        />
      </form>
    </RoomDialog>
  )
}

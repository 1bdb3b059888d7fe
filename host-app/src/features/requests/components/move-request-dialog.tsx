import '../../../lib/more-messages.ts'
import {
  formatDate,
  formatTime,
  getContributorSchedule,
  groupByRiyadhDay,
  type SessionRequest,
  type Slot,
  slotCanTakeMove,
  timeZoneLabel,
} from '@mashura/core'
import { useId, useState } from 'react'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'

/** The props of {@link MoveRequestDialog}. */
export interface MoveRequestDialogProps {
  /** The waiting request to move. */
  request: SessionRequest
  /** The cut-off in hours: a slot closer to its start than this cannot take the request. */
  cutoffHours: number
  /** Whether the move is being sent. */
  busy: boolean
  /** Closes without moving. */
  onClose: () => void
  /** Moves the request to the chosen slot. */
  onMove: (slot: Slot) => void
}

/**
 * The business owner moves her waiting request to another free slot of the same advisor (issue 34): the
 * advisor's public schedule (read when the dialog opens), by Riyadh day, one radio group. Mounted only while open.
 */
export function MoveRequestDialog({ request, cutoffHours, busy, onClose, onMove }: MoveRequestDialogProps) {
  const t = useT()
  const lang = t.lang
  const schedule = useApi(
    async (signal) => {
      const { data } = await getContributorSchedule(
        api,
        { id: request.contributor.id, page: 1, per_page: 100 },
        { signal },
      )
      const now = new Date()
      return data.slots.filter((slot) =>
        slotCanTakeMove(
          slot,
          { slotId: request.slot.id, communicationWay: request.communication_way },
          cutoffHours,
          now,
        ),
      )
    },
    [request, cutoffHours, lang],
  )
  const [chosen, setChosen] = useState<number | null>(null)
  const [missing, setMissing] = useState(false)
  const errorId = useId()
  const name = useId()
  const zone = timeZoneLabel(lang)
  const slot = schedule.data?.find((s) => s.id === chosen)
  return (
    <SiteDialog open onClose={onClose} className="owner-change-dialog" title={t.t('myBookings.move')}>
      <form
        data-region="move-request-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (busy || !schedule.data?.length) return
          if (!slot) return setMissing(true)
          onMove(slot)
        }}
      >
        <p className="muted">
          {t.t('myBookings.moveIntro', { name: request.contributor.sso_user.full_name, zone })}
        </p>
        <Loaded state={schedule}>
          {(slots) =>
            slots.length === 0 ? (
              <p data-region="no-free-times">{t.t('myBookings.noFreeTimes')}</p>
            ) : (
              <fieldset
                className="owner-change-choices"
                aria-invalid={missing ? true : undefined}
                aria-describedby={missing ? errorId : undefined}
              >
                <legend className="field-label">{t.t('myBookings.freeTimes')}</legend>
                {groupByRiyadhDay(slots, (s) => s.start).map(({ day, items }) => {
                  const dayLabel = formatDate(items[0]!.start, lang)
                  return (
                    <div key={day} className="owner-change-day">
                      <h3 className="owner-change-day-heading">{dayLabel}</h3>
                      {items.map((s) => (
                        <label key={s.id} className="owner-change-choice" data-slot-id={s.id}>
                          <input
                            type="radio"
                            name={name}
                            value={s.id}
                            checked={chosen === s.id}
                            onChange={() => {
                              setChosen(s.id)
                              setMissing(false)
                            }}
                          />
                          <span className="visually-hidden">{dayLabel} </span>
                          {`${formatTime(s.start, lang)} – ${formatTime(s.end, lang)}`}
                        </label>
                      ))}
                    </div>
                  )
                })}
              </fieldset>
            )
          }
        </Loaded>
        {missing ? (
          <p className="field-error" id={errorId} role="alert">
            {t.t('myBookings.chooseTime')}
          </p>
        ) : null}
        <DialogActions
          tone="primary"
          cancel={{ label: t.t('myBookings.keep'), action: 'move-keep', onClick: onClose }}
          confirm={{
            label: t.t('myBookings.moveConfirm'),
            action: 'move-send',
            submit: true,
            disabled: busy || !schedule.data?.length,
            busy,
          }}
        />
      </form>
    </SiteDialog>
  )
}

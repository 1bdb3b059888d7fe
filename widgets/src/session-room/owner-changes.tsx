import { canOwnerChange, formatDate, formatTime, timeZoneLabel } from '@mashura/core'
import { type MouseEvent, useEffect, useId, useState } from 'react'
import type { RoomTranslator } from './session-details.tsx'
import type { OwnerWindow } from './session-rules.ts'

/** A change the business owner makes to her own upcoming session. */
export type OwnerChange = 'ownerCancel' | 'move'

/** The longest wait `setTimeout` takes (about 24.8 days); a later cut-off is not waited for. */
const MAX_DELAY_MS = 2 ** 31 - 1

/** The props of {@link OwnerChanges}. */
export interface OwnerChangesProps {
  /** Until when she may change the session. */
  window: OwnerWindow
  /** Whether a call runs: the buttons then do nothing. */
  busy: boolean
  /** Called with the change and the button pressed (the opener its dialog gives focus back to). */
  onChange(change: OwnerChange, button: HTMLButtonElement): void
  /** The translator. */
  t: RoomTranslator
}

/**
 * The business owner's Cancel and Move buttons for her own upcoming session (issue 34), with the moment
 * they close. After the cut-off both stay in place, `aria-disabled` and described by why and since when
 * they are closed, so that a keyboard or screen-reader user reaches the reason from the button itself.
 * An open window closes on screen when its moment passes, without a reload.
 */
export function OwnerChanges({ window, busy, onChange, t }: OwnerChangesProps) {
  const noteId = useId()
  const until = Date.parse(window.until)
  const [now, setNow] = useState(Date.now)
  const open = canOwnerChange({ changeable_until: window.until }, new Date(now))
  useEffect(() => {
    const wait = until - Date.now()
    if (wait <= 0 || wait > MAX_DELAY_MS) return
    const timer = setTimeout(() => setNow(Date.now()), wait + 50)
    return () => clearTimeout(timer)
  }, [until])
  const values = {
    date: formatDate(window.until, t.lang),
    time: formatTime(window.until, t.lang),
    zone: timeZoneLabel(t.lang),
    hours: window.hours,
  }
  const button = (change: OwnerChange, label: string, part: string) => (
    <button
      type="button"
      part={`action ${part}`}
      data-action={change}
      className="m-button m-button-quiet"
      data-closed={open ? undefined : ''}
      aria-disabled={busy || !open}
      aria-describedby={noteId}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (!busy && open) onChange(change, event.currentTarget)
      }}
    >
      {label}
    </button>
  )
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a form; a labelled group is the pattern
    <div
      className="owner-changes"
      part="owner-changes"
      role="group"
      aria-label={t.t('sessionRoom.ownerChanges')}
    >
      <div className="actions">
        {button('move', t.t('sessionRoom.move'), 'action-move')}
        {button('ownerCancel', t.t('meeting.cancel'), 'action-owner-cancel')}
      </div>
      <p
        id={noteId}
        part={open ? 'changes-until' : 'changes-closed'}
        className="changes-note"
        data-open={open}
      >
        {t.t(open ? 'sessionRoom.changesUntil' : 'sessionRoom.changesClosed', values)}
      </p>
    </div>
  )
}

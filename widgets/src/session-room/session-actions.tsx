import type { MouseEvent } from 'react'
import type { RoomTranslator } from './session-details.tsx'
import type { RoomAction } from './session-rules.ts'

const LABELS = {
  start: 'meeting.start',
  continue: 'meeting.continue',
  end: 'meeting.end',
  markAbsent: 'meeting.markAbsent',
  cancel: 'meeting.cancel',
  join: 'meeting.joinNow',
  extend: 'meeting.extend',
  endInstant: 'meeting.endInstant',
} as const satisfies Record<RoomAction, string>

const PARTS: Record<RoomAction, string> = {
  start: 'action action-start',
  continue: 'action action-continue',
  end: 'action action-end',
  markAbsent: 'action action-absent',
  cancel: 'action action-cancel',
  join: 'action action-join',
  extend: 'action action-extend',
  endInstant: 'action action-end-instant',
}

/** The props of {@link SessionActions}. */
export interface SessionActionsProps {
  /** The actions to offer, in order. */
  actions: readonly RoomAction[]
  /** Whether a call runs: every button then says it is unavailable and does nothing. */
  busy: boolean
  /** Called with the action and the button pressed (the opener that a dialog gives focus back to). */
  onAction(action: RoomAction, button: HTMLButtonElement): void
  /** The translator. */
  t: RoomTranslator
}

/** The session's action buttons, only those the viewer may use now; nothing when there are none. */
export function SessionActions({ actions, busy, onAction, t }: SessionActionsProps) {
  if (actions.length === 0) return null
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a form; a labelled group is the pattern
    <div className="actions" part="actions" role="group" aria-label={t.t('sessionRoom.actions')}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          part={PARTS[action]}
          data-action={action}
          className={`m-button${action === 'cancel' || action === 'markAbsent' ? ' m-button-quiet' : ''}`}
          // aria-disabled, not disabled: the pressed button keeps focus while its call runs.
          aria-disabled={busy}
          onClick={(event: MouseEvent<HTMLButtonElement>) => {
            if (!busy) onAction(action, event.currentTarget)
          }}
        >
          {t.t(LABELS[action])}
        </button>
      ))}
    </div>
  )
}

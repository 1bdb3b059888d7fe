import { formatTime, riyadhInstant, type Slot, startOfRiyadhDay } from '@mashura/core'
import { useT } from '../../lib/i18n.ts'
import { draftEndTime, type SlotDraft } from './slot-times.ts'

/** The lengths a slot may have, in minutes (the platform's own length is added when it differs). */
const LENGTHS = [30, 45, 60, 90, 120]

/** The props of {@link WeekDay}. */
export interface WeekDayProps {
  /** The Riyadh day, `YYYY-MM-DD`. */
  day: string
  /** Whether the day is already over (nothing can be added to it). */
  past: boolean
  /** Whether the day is today. */
  today: boolean
  /** The slots already published on the day, free or booked. */
  published: Slot[]
  /** The person's drafts on the day. */
  drafts: SlotDraft[]
  /** The server's message per draft key, when the last publish refused some. */
  errors: Record<string, string>
  /** The platform's slot length in minutes (a new draft's length). */
  slotMinutes: number
  onAdd: (day: string) => void
  onChange: (key: string, change: Partial<SlotDraft>) => void
  onRemove: (key: string) => void
}

/**
 * One day of the week view: its name and date, the slots already published on it, and the drafts being
 * put together (start time, length, the end it gives), each with the server's message next to it when it
 * was refused. A past day shows what it had and takes nothing new.
 */
export function WeekDay(props: WeekDayProps) {
  const { day, past, today, published, drafts, errors, slotMinutes, onAdd, onChange, onRemove } = props
  const t = useT()
  const headingId = `week-day-${day}`
  // The translator's formatters read dates on a Riyadh clock.
  const start = startOfRiyadhDay(day)
  const name = t.intl.formatDate(start, { weekday: 'long' })
  const date = t.intl.formatDate(start, { day: 'numeric', month: 'long' })
  const lengths = LENGTHS.includes(slotMinutes) ? LENGTHS : [...LENGTHS, slotMinutes].sort((a, b) => a - b)
  return (
    <section
      className="week-day"
      aria-labelledby={headingId}
      data-day={day}
      data-state={past ? 'past' : today ? 'today' : undefined}
    >
      <h3 id={headingId} className="week-day-head">
        <span>{name}</span> <span className="week-day-date">{date}</span>
        {today ? <span className="week-day-today">{t.t('workspace.week.today')}</span> : null}
      </h3>
      {published.length > 0 ? (
        <ul
          className="week-published"
          aria-label={t.t('workspace.week.published', { day: `${name} ${date}` })}
        >
          {published.map((slot) => (
            <li key={slot.id} data-slot-id={slot.id} data-state={slot.is_booked ? 'booked' : 'free'}>
              <span dir="auto">
                {formatTime(slot.start, t.lang)}–{formatTime(slot.end, t.lang)}
              </span>{' '}
              <span className="muted">
                {t.t(slot.is_booked ? 'workspace.week.booked' : 'workspace.week.free')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {drafts.length > 0 ? (
        <ul className="week-drafts">
          {drafts.map((draft, i) => {
            const error = errors[draft.key]
            const errorId = `${draft.key}-error`
            const label = t.t('workspace.week.draftLabel', { n: i + 1, day: `${name} ${date}` })
            return (
              <li
                key={draft.key}
                className="week-draft"
                data-draft-key={draft.key}
                data-state={error ? 'refused' : undefined}
              >
                <fieldset>
                  <legend className="visually-hidden">{label}</legend>
                  <label>
                    <span>{t.t('workspace.week.start')}</span>
                    <input
                      type="time"
                      step={300}
                      required
                      value={draft.start}
                      data-field="start"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(e) => onChange(draft.key, { start: e.target.value })}
                    />
                  </label>
                  <label>
                    <span>{t.t('workspace.week.length')}</span>
                    <select
                      value={draft.minutes}
                      data-field="minutes"
                      onChange={(e) => onChange(draft.key, { minutes: Number(e.target.value) })}
                    >
                      {lengths.map((m) => (
                        <option key={m} value={m}>
                          {t.t('workspace.week.minutes', { m })}
                        </option>
                      ))}
                    </select>
                  </label>
                  <p className="week-draft-end muted" data-field="end">
                    {draftEndTime(draft)
                      ? t.t('workspace.week.ends', {
                          time: formatTime(riyadhInstant(draft.day, draftEndTime(draft)), t.lang),
                        })
                      : ''}
                  </p>
                  <button
                    type="button"
                    className="button week-draft-remove"
                    data-action="remove-draft"
                    onClick={() => onRemove(draft.key)}
                  >
                    {t.t('workspace.week.remove')}
                    <span className="visually-hidden"> {label}</span>
                  </button>
                </fieldset>
                {error ? (
                  <p id={errorId} className="field-error" data-field-error>
                    {error}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}
      {past ? (
        <p className="muted week-day-note">{t.t('workspace.week.pastDay')}</p>
      ) : (
        <button type="button" className="button week-add" data-action="add-draft" onClick={() => onAdd(day)}>
          {t.t('workspace.week.add')}
          <span className="visually-hidden"> {t.t('workspace.week.onDay', { day: `${name} ${date}` })}</span>
        </button>
      )}
    </section>
  )
}

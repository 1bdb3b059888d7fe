import { calendarDaysBetween } from '@mashura/core'
import { useId, useRef, useState } from 'react'
import type { ExpertSearchKey, ExpertSearchTranslator } from './expert-search-types.ts'
import { MAX_SEARCH_DAYS } from './search-query.ts'

/** The props of {@link DatesFilter}. */
export interface DatesFilterProps {
  /**
   * The chosen days, or null for any day: read when the filter mounts (a resumed search shows its days).
   * Whoever clears every filter remounts it (a new `key`), which empties partly typed inputs too.
   */
  value: { start: string; end: string } | null
  /** Called with the first and last chosen day (`YYYY-MM-DD`), or null when cleared or not (yet) valid. */
  onChange: (value: { start: string; end: string } | null) => void
  /** Today in Riyadh (`YYYY-MM-DD`): earlier days cannot be chosen, since only future slots count. */
  today: string
  /** The widget's translator. */
  t: ExpertSearchTranslator
}

/** The days the filter stands for, or null for any day. */
type Range = DatesFilterProps['value']

/** One of the two inputs. */
type Which = 'from' | 'to'

/** What is wrong with one of the two days, if anything. */
type Problem = 'incomplete' | 'past' | 'beforeStart' | null

/** What the two inputs hold: the whole days typed (`YYYY-MM-DD` or '') and whether one is partly typed. */
interface Typed {
  from: string
  to: string
  /** The browser holds part of a day (its value reads '' until day, month and year are all there). */
  partial: Record<Which, boolean>
}

/** The message of each problem of each input (the first day is never before the last: the last is). */
const MESSAGES: Record<Which, Partial<Record<NonNullable<Problem>, ExpertSearchKey>>> = {
  from: { incomplete: 'expertSearch.datesStartIncomplete', past: 'expertSearch.datesStartPast' },
  to: {
    incomplete: 'expertSearch.datesEndIncomplete',
    past: 'expertSearch.datesEndPast',
    beforeStart: 'expertSearch.datesEndBeforeStart',
  },
}

const NO_PROBLEMS: Record<Which, Problem> = { from: null, to: null }
const NOT_PARTIAL: Record<Which, boolean> = { from: false, to: false }

/** What is wrong with each day typed. */
function problemsOf({ from, to, partial }: Typed, today: string): Record<Which, Problem> {
  return {
    from: partial.from ? 'incomplete' : from && from < today ? 'past' : null,
    to: partial.to
      ? 'incomplete'
      : to && to < today
        ? 'past'
        : to && from && !partial.from && to < from
          ? 'beforeStart'
          : null,
  }
}

/** A whole day as the API and `search-query.ts` read it (`max` keeps the browser's years to four digits). */
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The range two typed days make: both whole and without problems, or null (any day). */
function rangeOf(typed: Typed, today: string): Range {
  const problems = problemsOf(typed, today)
  const whole = DAY.test(typed.from) && DAY.test(typed.to)
  return whole && !problems.from && !problems.to ? { start: typed.from, end: typed.to } : null
}

/** The number of days from `start` to `end`, both included. */
function dayCount(start: string, end: string): number {
  return calendarDaysBetween(start, end) + 1
}

/**
 * Empties date inputs: React leaves alone an input whose value already reads '', which a partly typed one
 * does, and its typed segments would stay.
 */
function empty(...inputs: (HTMLInputElement | null)[]): void {
  for (const input of inputs) if (input) input.value = ''
}

/** Whether two ranges name the same days. */
const same = (a: Range, b: Range) => a?.start === b?.start && a?.end === b?.end

/**
 * The "calendar dates" filter of spec section 2: a first and a last Gregorian Riyadh day.
 *
 * Two native `<input type="date">` in a `<fieldset>` with a legend, rather than react-aria-components'
 * DateRangePicker: that picker (with `@internationalized/date`) was about 70% of the widget's own script
 * (issue 15), while the browser's date input costs nothing, is labelled by a plain `<label>`, is typed with
 * the keyboard segment by segment (arrows step a segment, Alt+Down opens the browser's own calendar) and
 * is known to screen readers. Its `min` (today; for the last day, the first) greys out earlier days in the
 * browser's calendar; what can still be typed is checked here and said inline, in the widget's language
 * (`aria-invalid`, `aria-describedby`, a polite live region). The inputs show Gregorian days, as the old
 * picker did on Arabic pages too (design section 7: Gregorian first); their digit order follows the
 * visitor's browser, as every native date field does.
 *
 * Only a whole, valid range applies, as with the old picker, which applied nothing until both ends were
 * set: while a day is missing, partly typed, before today or the last before the first, the filter asks
 * for any day (null). A problem is said once the visitor leaves the field, and unsaid as soon as it is
 * mended ("reward early, punish late": a year passes through 0002, 0020, … while it is typed).
 */
export function DatesFilter({ value, onChange, today, t }: DatesFilterProps) {
  const ids = { from: useId(), to: useId(), hint: useId(), note: useId(), errors: useId() }
  const fromRef = useRef<HTMLInputElement>(null)
  const toRef = useRef<HTMLInputElement>(null)
  // A resumed search starts from the range it had.
  const [typed, setTyped] = useState<Typed>({
    from: value?.start ?? '',
    to: value?.end ?? '',
    partial: NOT_PARTIAL,
  })
  const [shown, setShown] = useState(NO_PROBLEMS)
  // The range this filter sent last, so that each new one is sent once.
  const sent = useRef<Range>(value)

  /** Takes what the inputs now hold; `leaving` says every problem left, else only mended ones go. */
  function take(next: Typed, leaving: boolean) {
    const problems = problemsOf(next, today)
    setTyped(next)
    setShown((old) => (leaving ? problems : { from: old.from && problems.from, to: old.to && problems.to }))
    const range = rangeOf(next, today)
    if (same(range, sent.current)) return
    sent.current = range
    onChange(range)
  }

  /** What the two inputs hold now, with `which` read from its element. */
  function read(which: Which, input: HTMLInputElement): Typed {
    return {
      ...typed,
      [which]: input.value,
      partial: { ...typed.partial, [which]: input.value === '' && input.validity.badInput },
    }
  }

  function clear() {
    empty(fromRef.current, toRef.current)
    take({ from: '', to: '', partial: NOT_PARTIAL }, true)
    // The button goes away with the days: focus goes back to where days are typed.
    fromRef.current?.focus()
  }

  const range = rangeOf(typed, today)
  const capped = range !== null && dayCount(range.start, range.end) > MAX_SEARCH_DAYS
  const errorId = (which: Which) => `${ids.errors}-${which}`

  const field = (which: Which) => {
    const problem = shown[which]
    return (
      <div className="date-field">
        <label className="date-label" htmlFor={ids[which]}>
          {t.t(which === 'from' ? 'expertSearch.datesStart' : 'expertSearch.datesEnd')}
        </label>
        <input
          ref={which === 'from' ? fromRef : toRef}
          id={ids[which]}
          className="date-input"
          type="date"
          name={which}
          value={typed[which]}
          // Only future slots count; the last day cannot come before the first.
          min={which === 'to' && typed.from > today ? typed.from : today}
          // Four-digit years: the browser would take up to six, which no `YYYY-MM-DD` day (nor `Date`) reads.
          max="9999-12-31"
          aria-invalid={problem ? true : undefined}
          aria-describedby={[ids.hint, problem && errorId(which), which === 'to' && capped && ids.note]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => take(read(which, event.currentTarget), false)}
          onBlur={(event) => take(read(which, event.currentTarget), true)}
        />
      </div>
    )
  }

  const message = (which: Which) => {
    const problem = shown[which]
    if (!problem) return null
    const key = MESSAGES[which][problem]
    return key ? (
      <p id={errorId(which)} className="date-error">
        {t.t(key)}
      </p>
    ) : null
  }

  return (
    <fieldset className="field dates">
      <legend className="label">{t.t('contributors.filters.dates')}</legend>
      <div className="date-group" part="dates">
        {field('from')}
        {field('to')}
      </div>
      <p id={ids.hint} className="hint">
        {t.t('expertSearch.datesHint')}
      </p>
      {/* Always there, so that a message appearing in it is announced. */}
      <div className="date-messages" aria-live="polite">
        {message('from')}
        {message('to')}
        {capped && (
          <p id={ids.note} className="hint">
            {t.t('expertSearch.datesCapped', { count: MAX_SEARCH_DAYS })}
          </p>
        )}
      </div>
      {(typed.from || typed.to || typed.partial.from || typed.partial.to) && (
        <button type="button" className="m-button m-button-quiet clear-dates" onClick={clear}>
          {t.t('expertSearch.clearDates')}
        </button>
      )}
    </fieldset>
  )
}

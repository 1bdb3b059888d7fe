import { addDays, type DateRange, type Slot, type Translator } from '@mashura/core'
import { type Ref, useId } from 'react'
import { RadioOption } from '../shared/radio-option.tsx'
import { StepNav } from '../shared/step-nav.tsx'
import { dayLabel, hijriDayLabel, hijriRangeLabel, slotDuration, slotTime, weekRangeLabel } from './format.ts'
import { waysOf } from './ways.ts'

/** The props of {@link WeekHeader}. */
export interface WeekHeaderProps {
  t: Translator<string>
  /** The week shown. */
  week: DateRange
  /** Whether the week shown is the current one (no going back). */
  isFirst: boolean
  /** Moves by `delta` weeks. */
  onMove: (delta: -1 | 1) => void
  /** The heading, focused after a week change and after a dialog closes. */
  headingRef: Ref<HTMLHeadingElement>
  /** The heading's id, labelling the slot list. */
  headingId: string
}

/**
 * The week bar: previous and next week around the week's Gregorian range, with the Hijri range beside it
 * in Arabic, and the note that times are Saudi Arabia time.
 */
export function WeekHeader({ t, week, isFirst, onMove, headingRef, headingId }: WeekHeaderProps) {
  const hijri = hijriRangeLabel(t, week)
  return (
    <StepNav
      part="week-header"
      label={t.t('bookingCalendar.weekNavigation')}
      buttonClass="week-button"
      stopWith="disabled"
      previous={{
        part: 'previous-week',
        stop: isFirst,
        content: (
          <>
            <span className="arrow arrow-previous" aria-hidden="true" />
            {t.t('bookingCalendar.previousWeek')}
          </>
        ),
      }}
      next={{
        part: 'next-week',
        content: (
          <>
            {t.t('bookingCalendar.nextWeek')}
            <span className="arrow arrow-next" aria-hidden="true" />
          </>
        ),
      }}
      onStep={onMove}
    >
      <h3 part="week-title" className="week-title" id={headingId} ref={headingRef} tabIndex={-1}>
        <span className="gregorian">
          {t.t('bookingCalendar.weekRange', { range: weekRangeLabel(t, week) })}
        </span>
        {hijri && (
          <span part="hijri" className="hijri">
            {t.t('bookingCalendar.hijriRange', { range: hijri })}
          </span>
        )}
      </h3>
    </StepNav>
  )
}

/** The props of {@link SlotGrid}. */
export interface SlotGridProps {
  t: Translator<string>
  /** The week shown. */
  week: DateRange
  /** The week's free slots, earliest first. */
  slots: Slot[]
  /** The chosen slot's id, or null. */
  selected: number | null
  /** Called when a slot is chosen. */
  onSelect: (slotId: number) => void
  /** The id of the element that labels the group (the week heading). */
  labelledBy: string
  /** Whether a slot overlaps the signed-in person's own sessions or requests (it cannot be chosen). */
  clashes?: ((slot: Slot) => boolean) | undefined
}

/** Groups a week's slots by the Riyadh day they start on: seven lists, Sunday first. */
function byDay(week: DateRange, slots: Slot[]): { day: Date; slots: Slot[] }[] {
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(week.start, i)
    const next = addDays(week.start, i + 1).getTime()
    return {
      day,
      slots: slots.filter((s) => {
        const at = Date.parse(s.start)
        return at >= day.getTime() && at < next
      }),
    }
  })
}

/**
 * The week's free slots as one radio group laid out in seven day columns: native radios sharing one name,
 * so the group is one Tab stop, arrow keys move between slots (choosing as they go, as radios do), Space
 * chooses, and each slot's name carries its day for screen readers.
 */
export function SlotGrid({ t, week, slots, selected, onSelect, labelledBy, clashes }: SlotGridProps) {
  const hintId = useId()
  const name = useId()
  const clash = t.t('bookingCalendar.clash')
  const anyClash = clashes !== undefined && slots.some(clashes)
  return (
    <div role="radiogroup" className="slot-grid" aria-labelledby={labelledBy} aria-describedby={hintId}>
      <p id={hintId} part="time-zone" className="time-zone">
        {t.t('bookingCalendar.timesIn')}
      </p>
      {anyClash && (
        <p part="clash-note" className="clash-note">
          {t.t('bookingCalendar.clashNote', { clash })}
        </p>
      )}
      <div part="days" className="days">
        {byDay(week, slots).map(({ day, slots: daySlots }) => {
          const label = dayLabel(t, day)
          const hijri = hijriDayLabel(t, day)
          return (
            <div key={day.toISOString()} part="day" className="day" data-empty={daySlots.length === 0}>
              <h4 part="day-heading" className="day-heading">
                <span>{label}</span>
                {hijri && (
                  <span part="hijri" className="hijri">
                    {hijri}
                  </span>
                )}
              </h4>
              {daySlots.length === 0 ? (
                <p className="day-empty">{t.t('bookingCalendar.dayEmpty')}</p>
              ) : (
                daySlots.map((slot) => {
                  const clashing = clashes?.(slot) ?? false
                  const body = (
                    <span
                      key="body"
                      part={
                        clashing ? 'slot slot-clash' : selected === slot.id ? 'slot slot-selected' : 'slot'
                      }
                      className="slot-body"
                    >
                      <span className="visually-hidden">{label} </span>
                      <span part="slot-time" className="slot-time">
                        {slotTime(t, slot)}
                      </span>
                      <span part="slot-duration" className="slot-duration">
                        {slotDuration(t, slot)}
                      </span>
                      <span part="slot-ways" className="slot-ways">
                        {/* «عن بُعد أو حضوري»: words, not a dot, which beside the time's digits reads as 0. */}
                        {t.intl.formatList(
                          waysOf(slot).map((way) =>
                            t.t(
                              way === 'online'
                                ? 'bookingCalendar.wayOnlineShort'
                                : 'bookingCalendar.wayOfficeShort',
                            ),
                          ),
                          { type: 'disjunction' },
                        )}
                      </span>
                      {clashing && (
                        <span part="slot-clash-label" className="slot-clash-label">
                          {clash}
                        </span>
                      )}
                    </span>
                  )
                  // A clashing slot is a disabled radio of the group: announced with its reason, never chosen.
                  // (Drawn here rather than by RadioOption, which the rate form shares and pays for.)
                  return clashing ? (
                    <label key={slot.id} className="slot" data-slot-id={slot.id} data-clash>
                      <input type="radio" className="visually-hidden" name={name} value={slot.id} disabled />
                      {body}
                    </label>
                  ) : (
                    <RadioOption
                      key={slot.id}
                      className="slot"
                      data-slot-id={slot.id}
                      name={name}
                      value={slot.id}
                      checked={selected === slot.id}
                      onChoose={() => onSelect(slot.id)}
                    >
                      {body}
                    </RadioOption>
                  )
                })
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

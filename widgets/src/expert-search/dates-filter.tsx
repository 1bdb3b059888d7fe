import { useEffect, useState } from 'react'
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  type DateRange,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
  Text,
} from 'react-aria-components'
import type { ExpertSearchTranslator } from './expert-search-types.ts'

/** The props of {@link DatesFilter}. */
export interface DatesFilterProps {
  /** The chosen days, or null for any day; the picker forgets its own value when this turns null. */
  value: { start: string; end: string } | null
  /** Called with the first and last chosen day (`YYYY-MM-DD`), or null when cleared. */
  onChange: (value: { start: string; end: string } | null) => void
  /** Today in Riyadh (`YYYY-MM-DD`): earlier days cannot be chosen, since only future slots count. */
  today: string
  /** Where the calendar popover renders: inside the widget's shadow root, so that its styles apply. */
  portal: Element | null
  /** The widget's translator. */
  t: ExpertSearchTranslator
}

/**
 * The "calendar dates" filter of spec section 2: a date range picker (typed segments and a calendar grid)
 * of Gregorian Riyadh days. react-aria-components makes it keyboard operable and labelled.
 */
export function DatesFilter({ value, onChange, today, portal, t }: DatesFilterProps) {
  // The picker wants its own date objects; the filters keep plain day strings.
  const [range, setRange] = useState<DateRange | null>(null)
  useEffect(() => {
    if (value === null) setRange(null)
  }, [value])

  // Arabic pages still pick Gregorian days (design section 7: Gregorian first); react-aria would use the
  // Umm al-Qura calendar for plain `ar-SA`.
  const locale = t.lang === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB'
  return (
    <I18nProvider locale={locale}>
      <DateRangePicker
        className="field dates"
        value={range}
        granularity="day"
        isDateUnavailable={(date) => date.toString() < today}
        onChange={(next) => {
          setRange(next)
          onChange(next ? { start: next.start.toString(), end: next.end.toString() } : null)
        }}
      >
        <Label className="label">{t.t('contributors.filters.dates')}</Label>
        <Group className="date-group" part="dates">
          <DateInput slot="start" className="date-input" aria-label={t.t('expertSearch.datesStart')}>
            {(segment) => <DateSegment segment={segment} className="date-segment" />}
          </DateInput>
          <span aria-hidden="true" className="date-dash">
            –
          </span>
          <DateInput slot="end" className="date-input" aria-label={t.t('expertSearch.datesEnd')}>
            {(segment) => <DateSegment segment={segment} className="date-segment" />}
          </DateInput>
          <Button className="icon-button" aria-label={t.t('expertSearch.openCalendar')}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zm-2 8h14v10H5z"
              />
            </svg>
          </Button>
        </Group>
        <Text slot="description" className="hint">
          {t.t('expertSearch.datesHint')}
        </Text>
        <Popover className="popover" placement="bottom" UNSTABLE_portalContainer={portal ?? undefined}>
          <Dialog className="calendar-dialog" aria-label={t.t('expertSearch.calendarLabel')}>
            <RangeCalendar className="calendar">
              <header className="calendar-header">
                <Button
                  slot="previous"
                  className="icon-button to-start"
                  aria-label={t.t('expertSearch.previousMonth')}
                >
                  <Chevron />
                </Button>
                <Heading className="calendar-heading" />
                <Button slot="next" className="icon-button to-end" aria-label={t.t('expertSearch.nextMonth')}>
                  <Chevron />
                </Button>
              </header>
              <CalendarGrid className="calendar-grid">
                {(date) => <CalendarCell date={date} className="calendar-cell" />}
              </CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </DateRangePicker>
      {range && (
        <button
          type="button"
          className="m-button m-button-quiet clear-dates"
          onClick={() => {
            setRange(null)
            onChange(null)
          }}
        >
          {t.t('expertSearch.clearDates')}
        </button>
      )}
    </I18nProvider>
  )
}

/** A chevron; the CSS turns it to the inline start or end (`to-start`, `to-end`) in either direction. */
function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 6l6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6z" />
    </svg>
  )
}

import {
  type Availability,
  createSlots,
  formatDateWithHijri,
  getContributorSlots,
  getOffices,
  getWorkingHours,
  isApiError,
  riyadhDay,
  toUnixSeconds,
} from '@mashura/core'
import { type FormEvent, useId, useRef, useState } from 'react'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { showApiError, showSnackbar } from '../../lib/notices.ts'
import { useApi } from '../../lib/use-api.ts'
import { draftsToSlots, fieldErrorsByDraft, nextStartTime, type SlotDraft, weekAt } from './slot-times.ts'
import { WeekDay } from './week-day.tsx'

/** The slot length when the working hours cannot be read (the platform's default). */
const DEFAULT_SLOT_MINUTES = 60

/** How many weeks ahead the view goes. */
const MAX_WEEKS_AHEAD = 12

/** The ways a slot may be held, as availability bits: 2 online, 1 office, 3 both. */
const WAYS: { value: Availability; key: 'online' | 'office' | 'both' }[] = [
  { value: 2, key: 'online' },
  { value: 1, key: 'office' },
  { value: 3, key: 'both' },
]

/** The offices of the contributor's center, or every office when their center has none. */
async function loadOffices(contributorId: number, signal: AbortSignal) {
  const own = await getOffices(api, { contributor: contributorId }, { signal })
  return own.data.length > 0 ? own.data : (await getOffices(api, {}, { signal })).data
}

let draftCount = 0
/** A fresh draft key. */
function newKey() {
  draftCount += 1
  return `draft-${draftCount}`
}

/**
 * The contributor's week view to publish slots (spec 5, 8), in Riyadh time: seven day columns from Sunday
 * (a day list on a phone), moving week by week; on each day any number of slots (start time and length),
 * all published at once and held the same way (online, in an office, or both, with the office). The
 * server refuses past or overlapping slots: its message shows next to each refused slot and nothing typed
 * is lost. Success shows the server's message and empties the drafts.
 */
export function AddSlotsForm({ contributorId, onCreated }: { contributorId: number; onCreated: () => void }) {
  const t = useT()
  const id = useId()
  const [offset, setOffset] = useState(0)
  const [drafts, setDrafts] = useState<SlotDraft[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [summary, setSummary] = useState('')
  const [way, setWay] = useState<Availability>(2)
  const [officeId, setOfficeId] = useState('')
  const [busy, setBusy] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const week = weekAt(offset)
  const today = riyadhDay(new Date())
  const hours = useApi((signal) => getWorkingHours(api, { signal }), [])
  const offices = useApi((signal) => loadOffices(contributorId, signal), [contributorId, t.lang])
  const published = useApi(
    (signal) =>
      getContributorSlots(
        api,
        { start_date: toUnixSeconds(week.start), end_date: toUnixSeconds(week.end) - 1 },
        { signal },
      ),
    [offset, t.lang],
  )
  const minutes = hours.data?.data.slot_minutes ?? DEFAULT_SLOT_MINUTES
  const needsOffice = (way & 1) === 1
  const officeList = offices.data ?? []
  const { slots, keys } = draftsToSlots(drafts)
  const weekLabel = t.t('workspace.week.label', {
    start: formatDateWithHijri(week.start, t.lang),
    end: formatDateWithHijri(new Date(week.end.getTime() - 1), t.lang),
  })

  function forget(key: string) {
    setErrors(({ [key]: _dropped, ...rest }) => rest)
  }

  function add(day: string) {
    setDrafts((list) => [...list, { key: newKey(), day, start: nextStartTime(list, day), minutes }])
  }

  function change(key: string, update: Partial<SlotDraft>) {
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...update } : d)))
    forget(key)
  }

  function remove(key: string) {
    setDrafts((list) => list.filter((d) => d.key !== key))
    forget(key)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || slots.length === 0) return
    setBusy(true)
    setSummary('')
    setErrors({})
    try {
      const result = await createSlots(api, {
        slots,
        availability: way,
        office_id: needsOffice ? Number(officeId) : null,
      })
      showSnackbar(
        result.message
          ? { kind: 'success', text: result.message }
          : { kind: 'success', key: 'common.success' },
      )
      setDrafts([])
      published.reload()
      onCreated()
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        // Keep every draft as typed; say what the server refused, next to the slot it names.
        setErrors(fieldErrorsByDraft(error.fields, keys))
        setSummary(error.message)
        summaryRef.current?.focus()
      } else showApiError(error)
    } finally {
      setBusy(false)
    }
  }

  const weekSlots = published.data?.data ?? []
  // Why the publish button is disabled, said beside it (a disabled button alone tells nobody what to do).
  const whyDisabled = busy
    ? t.t('workspace.week.publishing')
    : slots.length === 0
      ? t.t('workspace.week.whyNoDrafts')
      : needsOffice && !officeId
        ? t.t(
            officeList.length > 0 || offices.loading
              ? 'workspace.week.whyNoOffice'
              : 'workspace.week.whyNoOffices',
          )
        : null
  return (
    <form
      className="slot-form"
      onSubmit={submit}
      data-region="add-slots"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`}>{t.t('profile.addSlots')}</h2>
      <p className="muted slot-form-zone">{t.t('workspace.week.hint')}</p>
      <div className="week-nav" data-region="week-nav">
        <button
          type="button"
          className="button"
          data-action="previous-week"
          disabled={offset === 0}
          onClick={() => setOffset((n) => Math.max(0, n - 1))}
        >
          <span aria-hidden="true" className="week-arrow">
            ‹
          </span>{' '}
          {t.t('workspace.week.previous')}
        </button>
        <p className="week-label" aria-live="polite" data-week-start={week.days[0]}>
          {weekLabel}
        </p>
        <button
          type="button"
          className="button"
          data-action="next-week"
          disabled={offset >= MAX_WEEKS_AHEAD}
          onClick={() => setOffset((n) => Math.min(MAX_WEEKS_AHEAD, n + 1))}
        >
          {t.t('workspace.week.next')}{' '}
          <span aria-hidden="true" className="week-arrow">
            ›
          </span>
        </button>
        {offset > 0 ? (
          <button type="button" className="button" data-action="this-week" onClick={() => setOffset(0)}>
            {t.t('workspace.week.thisWeek')}
          </button>
        ) : null}
      </div>
      <p className="muted slot-form-zone">{t.t('time.riyadhTime')}</p>
      <div className="week-grid" aria-busy={published.loading}>
        {week.days.map((day) => (
          <WeekDay
            key={day}
            day={day}
            past={day < today}
            today={day === today}
            published={weekSlots.filter((s) => riyadhDay(s.start) === day)}
            drafts={drafts.filter((d) => d.day === day)}
            errors={errors}
            slotMinutes={minutes}
            onAdd={add}
            onChange={change}
            onRemove={remove}
          />
        ))}
      </div>
      {/* Drafts on other weeks stay: say so, so that none is published unseen. */}
      {drafts.some((d) => !week.days.includes(d.day)) ? (
        <p className="muted" data-region="other-week-drafts">
          {t.t('workspace.week.otherWeeks', {
            count: drafts.filter((d) => !week.days.includes(d.day)).length,
          })}
        </p>
      ) : null}
      <fieldset className="slot-form-ways">
        <legend>{t.t('profilePage.slotForm.way')}</legend>
        {WAYS.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="availability"
              value={option.value}
              checked={way === option.value}
              onChange={() => setWay(option.value)}
            />
            <span>{t.t(`profilePage.slotForm.${option.key}`)}</span>
          </label>
        ))}
      </fieldset>
      {needsOffice ? (
        officeList.length > 0 || offices.loading ? (
          <label className="slot-form-office">
            <span>{t.t('profilePage.slotForm.officeLabel')}</span>
            <select
              name="office_id"
              required
              value={officeId}
              data-field="office_id"
              aria-invalid={errors.office_id ? true : undefined}
              aria-describedby={errors.office_id ? `${id}-office-error` : undefined}
              onChange={(e) => {
                setOfficeId(e.target.value)
                forget('office_id')
              }}
            >
              <option value="">{t.t('profilePage.slotForm.chooseOffice')}</option>
              {officeList.map((office) => (
                <option key={office.id} value={office.id}>
                  {office.name}
                </option>
              ))}
            </select>
            {errors.office_id ? (
              <span id={`${id}-office-error`} className="field-error">
                {errors.office_id}
              </span>
            ) : null}
          </label>
        ) : (
          <p className="muted">{t.t('profilePage.slotForm.noOffices')}</p>
        )
      ) : null}
      <div
        ref={summaryRef}
        tabIndex={-1}
        role="alert"
        className={summary ? 'error-box slot-form-refused' : undefined}
        data-region="slot-errors"
      >
        {summary ? <p>{summary}</p> : null}
      </div>
      <p className="slot-form-count" aria-live="polite" data-count={slots.length}>
        {slots.length === 0
          ? t.t('workspace.week.noDrafts')
          : t.t('workspace.week.count', { count: slots.length })}
      </p>
      <button
        type="submit"
        className="button button-primary"
        data-action="publish-slots"
        disabled={whyDisabled !== null}
        aria-describedby={whyDisabled ? `${id}-why` : undefined}
      >
        {t.t('profilePage.slotForm.submit')}
      </button>
      {whyDisabled ? (
        <p id={`${id}-why`} className="muted slot-form-why" data-region="publish-why">
          {whyDisabled}
        </p>
      ) : null}
    </form>
  )
}

import {
  bookingCalendarMessages,
  catalogs,
  createTranslator,
  formatTime,
  riyadhParts,
  timeZoneLabel,
  weekBounds,
} from '@mashura/core'
import { formatHijriDate, setI18nErrorHandler } from '@mashura/core/testing'
import { sendKeys, setViewport } from '@web/test-runner-commands'
import { expect } from 'chai'
import type { BookingCreatedDetail, SignInRequiredDetail } from '../events.ts'
import { configureWidgets, resetWidgetConfig } from '../shared/config.ts'
import { expectAccessible } from '../test-support/axe.ts'
import { loaded, part, showWeekOf, slotRadio } from '../test-support/calendar.ts'
import { addSlot, newBusinessOwner, platform, platformAttributes, signIn } from '../test-support/platform.ts'
import { waitFor } from '../test-support/wait-for.ts'
import { type BookingCalendarElement, defineBookingCalendar } from './booking-calendar.element.ts'

/**
 * `<booking-calendar>` in real Chromium against the real reference server: every call goes over HTTP to
 * the seeded platform; slots and tokens come from the server's own functions (test-support/platform.ts).
 */

const ar = { ...catalogs.ar, ...bookingCalendarMessages.ar }
const en = { ...catalogs.en, ...bookingCalendarMessages.en }

function parts(element: Element, name: string): HTMLElement[] {
  return [...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`)]
}

/** The error notice that currently shows a message, if any. */
function shownNotice(element: Element): HTMLElement | null {
  return parts(element, 'notice').find((notice) => notice.textContent) ?? null
}

/** The element focused inside the widget's shadow root. */
function focused(element: Element): Element | null {
  return element.shadowRoot!.activeElement
}

let experts: Record<'consultant' | 'advisor', number>
let names: Record<'consultant' | 'advisor', string>

/** The calendar's messages with their arguments filled in, as the widget formats them. */
const translators = {
  ar: createTranslator('ar', bookingCalendarMessages),
  en: createTranslator('en', bookingCalendarMessages),
}

/** The VEVENT of the .ics file behind a download link, read back as a reader must (CRLF, unfolded). */
async function readIcs(link: HTMLAnchorElement): Promise<{ file: string; event: Map<string, string> }> {
  const file = await (await fetch(link.href)).text()
  // Every line ends with CRLF; no bare CR or LF anywhere.
  expect(file.endsWith('\r\n')).to.equal(true)
  expect(file.replace(/\r\n/g, '')).to.not.match(/[\r\n]/)
  for (const line of file.split('\r\n')) expect(new TextEncoder().encode(line).length).to.be.at.most(75)
  const lines = file
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
  expect(lines[0]).to.equal('BEGIN:VCALENDAR')
  expect(lines.at(-1)).to.equal('END:VCALENDAR')
  expect(lines).to.include('TZID:Asia/Riyadh')
  expect(lines).to.include('TZOFFSETTO:+0300')
  const event = new Map<string, string>()
  for (const line of lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'))) {
    const colon = line.indexOf(':')
    event.set(line.slice(0, colon), line.slice(colon + 1))
  }
  return { file, event }
}

/** Undoes iCalendar TEXT escaping. */
function icsText(value: string | undefined): string {
  return (value ?? '').replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))
}

/** A moment as an iCalendar local time on a Riyadh clock (`YYYYMMDDTHHMMSS`). */
function riyadhStamp(at: string): string {
  const p = riyadhParts(at)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${p.year}${two(p.month)}${two(p.day)}T${two(p.hour)}${two(p.minute)}${two(p.second)}`
}

async function mount(
  attributes: Record<string, string> = {},
  options: { token?: string | null; expert?: number } = {},
): Promise<BookingCalendarElement> {
  const element = document.createElement('booking-calendar')
  const all = {
    ...(await platformAttributes()),
    'contributor-id': String(options.expert ?? experts.consultant),
    ...attributes,
  }
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value)
  document.body.append(element)
  if (options.token !== undefined) element.token = options.token
  return element
}

/** Minutes from now to a time safely inside the current Riyadh week, or early next week near its end. */
function soon(extra = 0): number {
  const left = (weekBounds(new Date()).end.getTime() - Date.now()) / 60_000
  return left > 240 + extra ? 60 + extra : left + 120 + extra
}

/** An office of the consultant's center, read from the server's public offices call. */
async function consultantOffice(
  lang: 'ar' | 'en',
): Promise<{ id: number; name: string; address: string | null }> {
  const { apiBase, apiKey } = await platform()
  const response = await fetch(`${apiBase}/center/offices?contributor=${experts.consultant}`, {
    headers: { 'X-API-Key': apiKey, 'Accept-Language': lang },
  })
  return (await response.json()).data[0]
}

/** Collects the events of `name` that reach the document (so they bubbled and crossed the shadow root). */
function collect<T>(name: string): { events: CustomEvent<T>[]; stop: () => void } {
  const events: CustomEvent<T>[] = []
  const listener = (event: Event) => events.push(event as CustomEvent<T>)
  document.addEventListener(name, listener)
  return { events, stop: () => document.removeEventListener(name, listener) }
}

/** Chooses a slot by clicking its radio (as a click on its label does), then presses book. */
async function chooseAndBook(element: BookingCalendarElement, slotId: number): Promise<void> {
  const radio = await waitFor(() => slotRadio(element, slotId), 5000, `slot ${slotId}`)
  radio.click()
  await waitFor(() => !(part(element, 'book') as HTMLButtonElement).disabled)
  part(element, 'book')!.click()
}

before(async () => {
  defineBookingCalendar()
  // A missing message fails the test instead of showing its key.
  setI18nErrorHandler((error) => {
    throw error
  })
  const [consultant, advisor] = await Promise.all([signIn('dev-consultant'), signIn('dev-advisor')])
  experts = { consultant: consultant.contributorId!, advisor: advisor.contributorId! }
  names = { consultant: consultant.name, advisor: advisor.name }
})

after(() => {
  setI18nErrorHandler()
})

afterEach(() => {
  document.body.replaceChildren()
  for (const style of document.head.querySelectorAll('style[data-hostile]')) style.remove()
  resetWidgetConfig()
})

/** Checks the open confirm dialog of an advisor's slot: it speaks of sending a request, not of booking. */
async function expectRequestDialog(element: Element, lang: 'ar' | 'en'): Promise<void> {
  const messages = { ar, en }[lang]
  const dialog = await waitFor(() => part(element, 'confirm-dialog'))
  expect(dialog.querySelector('h2')!.textContent).to.equal(messages['bookingCalendar.requestTitle'])
  expect(part(element, 'request-note')!.textContent).to.equal(
    translators[lang].t('bookingCalendar.requestExplained', { name: names.advisor }),
  )
  expect(part(element, 'confirm')!.textContent).to.equal(messages['bookingCalendar.sendRequest'])
  expect(dialog.textContent).to.not.contain(messages['booking.confirm'])
  await expectAccessible(element, `request dialog (${lang})`)
}

describe('<booking-calendar>', () => {
  it('shows the week in Arabic, right to left, with Hijri dates and times labelled as Saudi time', async () => {
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(7) })
    // Hold the first answer back so the loading state can be seen (the call itself still goes to the server).
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    configureWidgets({ fetch: async (input, init) => gate.then(() => globalThis.fetch(input, init)) })
    const element = await mount()
    await waitFor(() => part(element, 'skeleton'), 5000, 'the skeleton')
    await expectAccessible(element, 'loading (ar)')
    release()
    await loaded(element)
    await showWeekOf(element, slot.id)

    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).to.equal('rtl')
    expect(base.getAttribute('lang')).to.equal('ar')
    const title = part(element, 'week-title')!.textContent!
    expect(title).to.contain(formatHijriDate(weekBounds(slot.start_at).start, 'ar').split(' ')[1]!)
    expect(part(element, 'time-zone')!.textContent).to.equal(ar['bookingCalendar.timesIn'])
    expect(part(element, 'time-zone')!.textContent).to.contain(timeZoneLabel('ar'))
    const radio = await waitFor(() => slotRadio(element, slot.id))
    expect(radio.closest('[part~="slot"], label')!.textContent).to.contain(formatTime(slot.start_at, 'ar'))
    expect(parts(element, 'day')).to.have.length(7)
    expect(parts(element, 'day-heading')[0]!.querySelector('[part~="hijri"]')).to.not.equal(null)
    // The live region says how many slots the week has.
    expect(part(element, 'status')!.getAttribute('role')).to.equal('status')
    expect(part(element, 'status')!.textContent).to.not.equal('')
    await expectAccessible(element, 'week (ar)')
  })

  it('is English and left to right with lang="en", without the Hijri dates', async () => {
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(9) })
    const element = await loaded(await mount({ lang: 'en' }))
    await showWeekOf(element, slot.id)
    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).to.equal('ltr')
    expect(base.getAttribute('lang')).to.equal('en')
    expect(part(element, 'title')!.textContent).to.equal(en['bookingCalendar.title'])
    expect(part(element, 'hijri')).to.equal(null)
    expect(part(element, 'time-zone')!.textContent).to.equal(en['bookingCalendar.timesIn'])
    const radio = await waitFor(() => slotRadio(element, slot.id))
    expect(radio.closest('label')!.textContent).to.contain(formatTime(slot.start_at, 'en'))
    await expectAccessible(element, 'week (en)')
  })

  it('moves between weeks, never before the current one, and offers the next week when one is empty', async () => {
    const element = await loaded(await mount())
    const previous = part(element, 'previous-week') as HTMLButtonElement
    // Late on a Saturday the current week has no free slot left and the calendar opens on the next one:
    // going back reaches the current week, and no further.
    for (let i = 0; i < 2 && !previous.disabled; i++) {
      const shown = part(element, 'week-title')!.textContent
      previous.click()
      await waitFor(() => part(element, 'week-title')!.textContent !== shown)
      await loaded(element)
    }
    expect(previous.disabled).to.equal(true)
    const first = part(element, 'week-title')!.textContent
    part(element, 'next-week')!.click()
    await waitFor(() => part(element, 'week-title')!.textContent !== first)
    await loaded(element)
    expect(previous.disabled).to.equal(false)
    previous.click()
    await waitFor(() => part(element, 'week-title')!.textContent === first)
    // The seed publishes three weeks of slots; the sixth week is empty.
    for (let i = 0; i < 5; i++) {
      part(element, 'next-week')!.click()
      await loaded(element)
    }
    await waitFor(() => part(element, 'empty'), 8000, 'the empty week')
    // Said once, by the status line; the empty block holds the next-week button.
    expect(part(element, 'status')!.textContent).to.equal('لا توجد مواعيد متاحة في هذا الأسبوع')
    expect(part(element, 'empty')!.textContent).to.equal(ar['bookingCalendar.showNextWeek'])
    await expectAccessible(element, 'empty week (ar)')
    const before = part(element, 'week-title')!.textContent
    part(element, 'show-next-week')!.click()
    await waitFor(() => part(element, 'week-title')!.textContent !== before)
    // The button that was pressed is gone; focus lands on the week's heading.
    await waitFor(() => focused(element) === part(element, 'week-title'))
  })

  it('books an online slot: confirm, success modal, the schedule reloads without it, booking-created fires', async () => {
    const { token } = await newBusinessOwner()
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(11), availability: 2 })
    const element = await loaded(await mount({}, { token }))
    await showWeekOf(element, slot.id)
    // Signed in through the property: no sign-in button, and no token in the DOM.
    expect(part(element, 'sign-in')).to.equal(null)
    expect(element.outerHTML).to.not.contain(token)
    expect(element.token).to.equal(token)
    const created = collect<BookingCreatedDetail>('booking-created')
    await chooseAndBook(element, slot.id)

    const dialog = await waitFor(() => part(element, 'confirm-dialog'), 5000, 'the confirm dialog')
    expect(dialog.textContent).to.contain(timeZoneLabel('ar'))
    expect(dialog.textContent).to.contain(formatTime(slot.start_at, 'ar'))
    expect(dialog.textContent).to.contain(ar['booking.online'])
    // Only what the slot allows is offered.
    expect(dialog.textContent).to.not.contain(ar['booking.inOffice'])
    // A consultant's slot is booked outright: no word of a request.
    expect(dialog.querySelector('h2')!.textContent).to.equal(ar['bookingCalendar.confirmTitle'])
    expect(part(element, 'confirm')!.textContent).to.equal(ar['booking.confirm'])
    expect(part(element, 'request-note')).to.equal(null)
    await expectAccessible(element, 'confirm dialog (ar)')
    part(element, 'confirm')!.click()

    const success = await waitFor(() => part(element, 'success-dialog'), 8000, 'the success dialog')
    expect(success.textContent).to.contain(ar['booking.successTitle'])
    expect(success.textContent).to.contain(formatTime(slot.start_at, 'ar'))
    expect(part(element, 'confirm-dialog')).to.equal(null)
    await expectAccessible(element, 'success dialog (ar)')
    // The schedule reloaded without the booked slot.
    await waitFor(() => slotRadio(element, slot.id) === null, 8000, 'the slot to disappear')

    created.stop()
    expect(created.events).to.have.length(1)
    const event = created.events[0]!
    expect(event.bubbles).to.equal(true)
    expect(event.composed).to.equal(true)
    expect(event.target).to.equal(element)
    expect(event.detail).to.include({
      contributorId: experts.consultant,
      slotId: slot.id,
      communicationWay: 'online',
      officeId: null,
      pendingApproval: false,
    })
    expect(event.detail.sessionId).to.be.a('number')
    expect(Date.parse(event.detail.startAt)).to.equal(Date.parse(slot.start_at))

    part(element, 'close')!.click()
    await waitFor(() => part(element, 'success-dialog') === null)
    await waitFor(() => focused(element) === part(element, 'week-title'), 2000, 'focus on the week')
  })

  it('books in the office: the slot’s office is shown and sent, in English', async () => {
    const office = await consultantOffice('en')
    const { token } = await newBusinessOwner()
    const slot = await addSlot({
      expert: 'dev-consultant',
      startsIn: soon(13),
      availability: 3,
      officeId: office.id,
    })
    const element = await loaded(await mount({ lang: 'en' }, { token }))
    await showWeekOf(element, slot.id)
    const created = collect<BookingCreatedDetail>('booking-created')
    await chooseAndBook(element, slot.id)
    const dialog = await waitFor(() => part(element, 'confirm-dialog'))
    expect(dialog.textContent).to.contain(en['booking.online'])
    expect(dialog.textContent).to.contain(en['booking.inOffice'])
    const officeRadio = [...dialog.querySelectorAll('label')].find(
      (l) => l.textContent === en['booking.inOffice'],
    )!
    officeRadio.click()
    await waitFor(() => part(element, 'office'))
    expect(part(element, 'office')!.textContent).to.contain(office.name)
    await expectAccessible(element, 'confirm dialog, office (en)')
    part(element, 'confirm')!.click()
    const success = await waitFor(() => part(element, 'success-dialog'), 8000)
    expect(success.textContent).to.contain(en['booking.successTitle'])
    const download = await waitFor(() => part(element, 'add-to-calendar') as HTMLAnchorElement | null)
    expect(download.textContent).to.equal(en['bookingCalendar.addToCalendar'])
    // A partner page without `session-href`: no link to a session page it does not know.
    expect(part(element, 'session-link')).to.equal(null)
    await expectAccessible(element, 'success dialog (en)')
    created.stop()
    expect(created.events[0]!.detail).to.include({
      communicationWay: 'office',
      officeId: office.id,
      slotId: slot.id,
    })
    // The calendar file is held in the office: its location is the office's name and address.
    const { event } = await readIcs(download)
    expect(icsText(event.get('LOCATION'))).to.equal(
      office.address
        ? translators.en.t('bookingCalendar.officeLocation', { office: office.name, address: office.address })
        : office.name,
    )
    expect(event.has('URL')).to.equal(false)
    expect(event.get('DTSTART;TZID=Asia/Riyadh')).to.equal(riyadhStamp(slot.start_at))
    expect(icsText(event.get('SUMMARY'))).to.contain(names.consultant)
  })

  it('sends an advisor’s booking as a request: the dialog says so, and the request awaits the expert’s answer', async () => {
    const { token } = await newBusinessOwner()
    const slot = await addSlot({ expert: 'dev-advisor', startsIn: soon(15), availability: 2 })

    // In English first: title, note and button speak of sending a request, not of confirming a booking.
    const english = await loaded(await mount({ lang: 'en' }, { token, expert: experts.advisor }))
    await showWeekOf(english, slot.id)
    await chooseAndBook(english, slot.id)
    await expectRequestDialog(english, 'en')
    part(english, 'cancel')!.click()
    await waitFor(() => part(english, 'confirm-dialog') === null)
    english.remove()

    const element = await loaded(
      await mount({ 'request-href': '/request/{id}' }, { token, expert: experts.advisor }),
    )
    await showWeekOf(element, slot.id)
    const created = collect<BookingCreatedDetail>('booking-created')
    await chooseAndBook(element, slot.id)
    await expectRequestDialog(element, 'ar')
    part(element, 'confirm')!.click()
    const success = await waitFor(() => part(element, 'success-dialog'), 8000)
    expect(success.textContent).to.contain(ar['booking.requestSentTitle'])
    expect(success.textContent).to.contain('بانتظار رد الخبير')
    created.stop()
    const detail = created.events[0]!.detail
    expect(detail.pendingApproval).to.equal(true)
    expect(detail.contributorId).to.equal(experts.advisor)
    // The link goes to the request's page (the detail's id is the request's), and the file is tentative.
    const link = await waitFor(() => part(element, 'session-link') as HTMLAnchorElement | null)
    expect(link.getAttribute('href')).to.equal(`/request/${detail.sessionId}`)
    expect(link.textContent).to.equal(ar['requests.details'])
    const { event } = await readIcs(
      await waitFor(() => part(element, 'add-to-calendar') as HTMLAnchorElement | null),
    )
    expect(event.get('STATUS')).to.equal('TENTATIVE')
    expect(event.get('URL')).to.equal(new URL(`/request/${detail.sessionId}`, document.baseURI).href)
    expect(icsText(event.get('SUMMARY'))).to.equal(
      translators.ar.t('bookingCalendar.calendarRequest', { name: names.advisor }),
    )
  })

  it('links the success dialog to the new session (session-href) and offers it as an .ics file', async () => {
    const { token } = await newBusinessOwner()
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(25), availability: 2, minutes: 45 })
    const element = await loaded(
      await mount({ 'session-href': 'https://agency.example/session/{id}?from=partner' }, { token }),
    )
    await showWeekOf(element, slot.id)
    const created = collect<BookingCreatedDetail>('booking-created')
    await chooseAndBook(element, slot.id)
    await waitFor(() => part(element, 'confirm-dialog'))
    part(element, 'confirm')!.click()
    await waitFor(() => part(element, 'success-dialog'), 8000, 'the success dialog')
    created.stop()
    const sessionId = created.events[0]!.detail.sessionId
    const page = `https://agency.example/session/${sessionId}?from=partner`

    const link = await waitFor(() => part(element, 'session-link') as HTMLAnchorElement | null)
    expect(link.href).to.equal(page)
    expect(link.textContent).to.equal(ar['sessions.details'])
    const download = await waitFor(() => part(element, 'add-to-calendar') as HTMLAnchorElement | null)
    expect(download.textContent).to.equal(ar['bookingCalendar.addToCalendar'])
    expect(download.href).to.match(/^blob:/)
    expect(download.download).to.match(/\.ics$/)
    await expectAccessible(element, 'success dialog with links (ar)')

    const { file, event } = await readIcs(download)
    expect(file).to.contain('\r\nBEGIN:VTIMEZONE\r\n')
    expect(event.get('UID')).to.match(new RegExp(`^session-${sessionId}@.+`))
    expect(event.get('DTSTAMP')).to.match(/^\d{8}T\d{6}Z$/)
    expect(event.get('DTSTART;TZID=Asia/Riyadh')).to.equal(riyadhStamp(slot.start_at))
    expect(event.get('DTEND;TZID=Asia/Riyadh')).to.equal(riyadhStamp(slot.end_at))
    expect(icsText(event.get('SUMMARY'))).to.equal(
      translators.ar.t('bookingCalendar.calendarSession', { name: names.consultant }),
    )
    // An online session takes place at its link.
    expect(icsText(event.get('LOCATION'))).to.equal(page)
    expect(event.get('URL')).to.equal(page)
    expect(event.get('STATUS')).to.equal('CONFIRMED')
    expect(icsText(event.get('DESCRIPTION'))).to.contain(formatTime(slot.start_at, 'ar'))

    // Closing the dialog lets the file's address go.
    const href = download.href
    part(element, 'close')!.click()
    await waitFor(() => part(element, 'success-dialog') === null)
    let revoked = false
    await fetch(href).catch(() => {
      revoked = true
    })
    expect(revoked).to.equal(true)
  })

  it('shows the week’s seven days in one row from 1024 px wide, and wraps them on a phone', async () => {
    /** The distinct rows the day columns sit in, by their offsetTop. */
    const rows = (element: Element) => new Set(parts(element, 'day').map((day) => day.offsetTop)).size
    try {
      for (const width of [1280, 1024]) {
        await setViewport({ width, height: 900 })
        for (const lang of ['ar', 'en']) {
          const element = await loaded(await mount({ lang }))
          await waitFor(() => parts(element, 'day').length === 7, 5000, 'the seven days')
          expect(rows(element), `${lang} at ${width} px`).to.equal(1)
          element.remove()
        }
      }
      // The phone layout stays: two days to a row.
      await setViewport({ width: 390, height: 844 })
      const phone = await loaded(await mount())
      await waitFor(() => parts(phone, 'day').length === 7, 5000, 'the seven days')
      expect(rows(phone)).to.equal(4)
      const [first, second, third] = parts(phone, 'day')
      expect(first!.offsetTop).to.equal(second!.offsetTop)
      expect(third!.offsetTop).to.be.greaterThan(first!.offsetTop)
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })

  it('drops a slot from the week once it starts, and never books one that has started', async function () {
    this.timeout(45_000)
    const { token } = await newBusinessOwner()
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: 12 / 60, availability: 2 })
    const startsAt = Date.parse(slot.start_at)
    const element = await loaded(await mount({}, { token }))
    await showWeekOf(element, slot.id)
    const created = collect<BookingCreatedDetail>('booking-created')
    // Before its start it is offered like any other; the visitor chooses it and opens the confirmation.
    await chooseAndBook(element, slot.id)
    await waitFor(() => part(element, 'confirm-dialog'), 5000, 'the confirm dialog')
    expect(Date.now()).to.be.below(startsAt)

    // Its start passes with the calendar open: the slot leaves the week.
    await waitFor(() => slotRadio(element, slot.id) === null, startsAt - Date.now() + 4000, 'the slot to go')
    expect(Date.now()).to.be.at.least(startsAt)
    // Confirming the dialog still open on it books nothing, and says why there.
    part(element, 'confirm')!.click()
    const refusal = await waitFor(() => part(element, 'refusal'), 5000, 'the refusal')
    expect(refusal.textContent).to.contain(ar['bookingCalendar.slotPassed'])
    part(element, 'cancel')!.click()
    await waitFor(() => part(element, 'confirm-dialog') === null)
    const book = part(element, 'book') as HTMLButtonElement | null
    expect(book === null || book.disabled).to.equal(true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    created.stop()
    expect(created.events).to.have.length(0)
  })

  it('shows the server’s message when the slot was taken meanwhile, and reloads the schedule', async () => {
    const { token } = await newBusinessOwner()
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(17), availability: 2 })
    const first = await loaded(await mount({}, { token }))
    const second = await loaded(await mount({}, { token }))
    await showWeekOf(first, slot.id)
    await showWeekOf(second, slot.id)
    await chooseAndBook(first, slot.id)
    await waitFor(() => part(first, 'confirm-dialog'))
    part(first, 'confirm')!.click()
    await waitFor(() => part(first, 'success-dialog'), 8000)
    // The second calendar still shows the slot: booking it now gets the server's 409.
    await chooseAndBook(second, slot.id)
    await waitFor(() => part(second, 'confirm-dialog'))
    part(second, 'confirm')!.click()
    // The refusal stays in the dialog, where the person is looking (issue 31).
    const notice = await waitFor(() => part(second, 'refusal'), 8000, 'the refusal')
    expect(notice.textContent).to.contain(ar['errors.slotAlreadyBooked'])
    expect(notice.getAttribute('role')).to.equal('alert')
    await waitFor(() => slotRadio(second, slot.id) === null, 8000, 'the taken slot to disappear')
    await expectAccessible(second, 'booking error (ar)')
  })

  it('shows a load error with a retry button', async () => {
    const element = await mount({ 'contributor-id': '999999' })
    const notice = await waitFor(() => shownNotice(element), 8000, 'the notice')
    expect(part(element, 'retry')).to.not.equal(null)
    expect(notice.textContent).to.not.equal('')
    await expectAccessible(element, 'load error (ar)')
    const english = await mount({ 'contributor-id': '999999', lang: 'en' })
    await waitFor(() => part(english, 'retry'), 8000)
    await expectAccessible(english, 'load error (en)')
  })

  it('asks for sign-in when signed out: sign-in-required is cancelable, and preventDefault keeps the popup shut', async () => {
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(19), availability: 2 })
    const element = await loaded(await mount())
    await showWeekOf(element, slot.id)
    expect(part(element, 'sign-in')).to.not.equal(null)
    expect(part(element, 'sign-in-prompt')!.textContent).to.contain(ar['bookingCalendar.signedOut'])
    await expectAccessible(element, 'signed out (ar)')
    // Counting window.open calls (no popup opens here): the popup is the browser's, not our server's.
    const open = window.open
    let opened = 0
    window.open = () => {
      opened++
      return null
    }
    const asked = collect<SignInRequiredDetail>('sign-in-required')
    const prevent = (event: Event) => event.preventDefault()
    document.addEventListener('sign-in-required', prevent)
    try {
      await chooseAndBook(element, slot.id)
      await waitFor(() => asked.events.length === 1)
      expect(asked.events[0]!.detail).to.deep.equal({ contributorId: experts.consultant, slotId: slot.id })
      expect(asked.events[0]!.bubbles).to.equal(true)
      expect(asked.events[0]!.composed).to.equal(true)
      expect(asked.events[0]!.cancelable).to.equal(true)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(opened).to.equal(0)
      expect(part(element, 'confirm-dialog')).to.equal(null)

      // The host signs the visitor in itself and hands the token over; booking goes on to confirmation.
      const { token } = await newBusinessOwner()
      element.token = token
      await waitFor(() => part(element, 'sign-in') === null)
      part(element, 'book')!.click()
      await waitFor(() => part(element, 'confirm-dialog'))
      expect(opened).to.equal(0)
      part(element, 'cancel')!.click()
      await waitFor(() => part(element, 'confirm-dialog') === null)

      // Not prevented: the widget opens the platform's popup (refused here, as a popup blocker would).
      document.removeEventListener('sign-in-required', prevent)
      element.token = null
      await waitFor(() => part(element, 'sign-in'))
      part(element, 'sign-in')!.click()
      await waitFor(() => opened === 1)
      expect(asked.events[1]!.detail).to.deep.equal({ contributorId: experts.consultant, slotId: slot.id })
      const notice = await waitFor(() => shownNotice(element), 5000, 'the popup-blocked notice')
      expect(notice.textContent).to.contain(ar['bookingCalendar.popupBlocked'])
      await expectAccessible(element, 'popup blocked (ar)')
    } finally {
      window.open = open
      asked.stop()
      document.removeEventListener('sign-in-required', prevent)
    }
    const english = await loaded(await mount({ lang: 'en' }))
    expect(part(english, 'sign-in')!.textContent).to.equal(en['nav.signIn'])
    await expectAccessible(english, 'signed out (en)')
  })

  it('forgets a token the server refuses (401) and offers sign-in again', async () => {
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(21), availability: 2 })
    const element = await loaded(await mount({}, { token: 'not-a-valid-token' }))
    await showWeekOf(element, slot.id)
    expect(part(element, 'sign-in')).to.equal(null)
    await chooseAndBook(element, slot.id)
    await waitFor(() => part(element, 'confirm-dialog'))
    part(element, 'confirm')!.click()
    await waitFor(() => part(element, 'refusal'), 8000, 'the 401 refusal')
    await waitFor(() => part(element, 'sign-in'), 5000, 'the sign-in button')
    expect(element.token).to.equal(null)
  })

  it('completes a booking with the keyboard alone', async () => {
    const { token } = await newBusinessOwner()
    const office = await consultantOffice('ar')
    const slot = await addSlot({
      expert: 'dev-consultant',
      startsIn: soon(23),
      availability: 3,
      officeId: office.id,
    })
    const element = await loaded(await mount({}, { token }))
    await showWeekOf(element, slot.id)
    await waitFor(() => slotRadio(element, slot.id))
    const created = collect<BookingCreatedDetail>('booking-created')
    const radios = [...element.shadowRoot!.querySelectorAll<HTMLInputElement>('.days input[type="radio"]')]
    const index = radios.indexOf(slotRadio(element, slot.id)!)

    // From the page into the widget: previous week (maybe disabled), next week, then the slot group.
    ;(document.activeElement as HTMLElement | null)?.blur()
    for (let i = 0; i < 5 && focused(element) !== radios[0]; i++) await sendKeys({ press: 'Tab' })
    expect(focused(element)).to.equal(radios[0])
    for (let i = 0; i < index; i++) await sendKeys({ press: 'ArrowDown' })
    await waitFor(() => focused(element) === slotRadio(element, slot.id), 2000, 'focus on the slot')
    // The radio is visually hidden: the slot it labels shows the focus ring.
    expect(getComputedStyle(slotRadio(element, slot.id)!.closest('label')!).outlineStyle).to.equal('solid')
    await sendKeys({ press: 'Space' })
    await waitFor(() => slotRadio(element, slot.id)!.checked)
    expect(
      slotRadio(element, slot.id)!.closest('label')!.querySelector('[part~="slot-selected"]'),
    ).to.not.equal(null)
    await sendKeys({ press: 'Tab' })
    await waitFor(() => focused(element) === part(element, 'book'), 2000, 'focus on book')
    await sendKeys({ press: 'Enter' })

    const dialog = await waitFor(() => part(element, 'confirm-dialog'), 5000, 'the confirm dialog')
    // Focus moved into the dialog, on its first control; choose the office with the arrow keys.
    const wayRadios = [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
    await waitFor(() => focused(element) === wayRadios[0], 2000, 'focus on the first way')
    await sendKeys({ press: 'ArrowDown' })
    await waitFor(() => wayRadios[1]!.checked, 2000, 'the office way chosen')
    await waitFor(() => part(element, 'office'))
    expect(part(element, 'office')!.textContent).to.contain(office.name)
    // Tab cycles inside the dialog: forward to confirm (after any subject choice), never out of it.
    for (let i = 0; i < 10 && focused(element) !== part(element, 'confirm'); i++) {
      await sendKeys({ press: 'Tab' })
      expect(dialog.contains(focused(element))).to.equal(true)
    }
    expect(focused(element)).to.equal(part(element, 'confirm'))
    await sendKeys({ press: 'Enter' })

    const success = await waitFor(() => part(element, 'success-dialog'), 8000, 'the success dialog')
    await waitFor(() => focused(element) === part(element, 'close'), 2000, 'focus on close')
    expect(success.textContent).to.contain(ar['booking.successTitle'])
    await sendKeys({ press: 'Enter' })
    await waitFor(() => part(element, 'success-dialog') === null)
    await waitFor(() => focused(element) === part(element, 'week-title'), 2000, 'focus back on the week')
    created.stop()
    expect(created.events).to.have.length(1)
    expect(created.events[0]!.detail).to.include({
      slotId: slot.id,
      communicationWay: 'office',
      officeId: office.id,
    })
  })

  it('keeps hostile page CSS out, and takes the theme from custom properties and ::part()', async () => {
    const style = document.createElement('style')
    style.dataset.hostile = ''
    style.textContent = `
      * { color: rgb(255, 0, 0) !important; font-family: serif !important; display: inline !important; }
      button, h2, h3, p { visibility: hidden !important; letter-spacing: 9px !important; }
      booking-calendar { direction: ltr; line-height: 5; letter-spacing: 9px; text-transform: uppercase;
        --mashura-color-primary: rgb(0, 100, 0); }
      booking-calendar::part(title) { color: rgb(0, 0, 255) !important; }
    `
    style.setAttribute('data-hostile', '')
    document.head.append(style)
    const element = await loaded(await mount({}, {}))
    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).to.equal('rtl')
    const next = part(element, 'next-week')!
    const nextStyle = getComputedStyle(next)
    expect(nextStyle.visibility).to.equal('visible')
    expect(nextStyle.letterSpacing).to.equal('normal')
    expect(nextStyle.textTransform).to.equal('none')
    expect(getComputedStyle(base).display).to.equal('block')
    expect(getComputedStyle(base).color).to.not.equal('rgb(255, 0, 0)')
    // The page themes through the documented doors only.
    expect(getComputedStyle(part(element, 'title')!).color).to.equal('rgb(0, 0, 255)')
    expect(getComputedStyle(part(element, 'sign-in')!).color).to.not.equal('rgb(255, 0, 0)')
    // The darker accent is mixed from the page's primary (rgb(0, 100, 0) at 78%).
    expect(getComputedStyle(part(element, 'sign-in')!).borderColor).to.match(/^color\(srgb 0 0\.30\d* 0\)$/)
  })
})

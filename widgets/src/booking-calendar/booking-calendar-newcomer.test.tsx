import type { Slot } from '@mashura/core'
import { bookingCalendarMessages, catalogs, createTranslator, formatTime, weekBounds } from '@mashura/core'
import { ar as serverAr, en as serverEn } from '@mashura/core/i18n/server'
import { setI18nErrorHandler } from '@mashura/core/testing'
import { setViewport } from '@web/test-runner-commands'
import { expect } from 'chai'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { resetWidgetConfig } from '../shared/config.ts'
import { ShadowHost } from '../shared/shadow-host.tsx'
import { expectAccessible } from '../test-support/axe.ts'
import { loaded, part, showWeekOf, slotRadio } from '../test-support/calendar.ts'
import {
  addSession,
  addSlot,
  newBusinessOwner,
  newExpert,
  platform,
  platformAttributes,
  screenshot,
  signIn,
} from '../test-support/platform.ts'
import { waitFor } from '../test-support/wait-for.ts'
import { type BookingCalendarElement, defineBookingCalendar } from './booking-calendar.element.ts'
import { BookingCalendar, type CalendarPlace } from './booking-calendar.tsx'
import { dayLabel, slotSpanWithZone } from './format.ts'
import { bookingCalendarSheet } from './sheet.ts'

/**
 * What a newcomer tripped over in `<booking-calendar>` (issue 31), in real Chromium against the real reference
 * server: a refusal kept where the person is looking, slots that clash with their own bookings marked before
 * they choose, the book button in reach on a phone, a calm state without an expert and the `for` link to a
 * search, the week of the next free slot, and each slot's length and end.
 */

type Lang = 'ar' | 'en'
const messages = {
  ar: { ...catalogs.ar, ...bookingCalendarMessages.ar },
  en: { ...catalogs.en, ...bookingCalendarMessages.en },
}
const translators = {
  ar: createTranslator('ar', bookingCalendarMessages),
  en: createTranslator('en', bookingCalendarMessages),
}
const LAYOUTS: { lang: Lang; width: number }[] = [
  { lang: 'ar', width: 390 },
  { lang: 'en', width: 390 },
  { lang: 'ar', width: 1280 },
  { lang: 'en', width: 1280 },
]

/** The text a person sees in the widget (hidden and screen-reader-only text left out). */
function visibleText(element: Element): string {
  const texts: string[] = []
  const walker = document.createTreeWalker(element.shadowRoot!, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent?.checkVisibility() || parent.closest('.visually-hidden')) continue
    texts.push(node.textContent ?? '')
  }
  return texts.join(' ')
}

async function mount(
  attributes: Record<string, string | null>,
  token?: string,
): Promise<BookingCalendarElement> {
  const element = document.createElement('booking-calendar')
  for (const [name, value] of Object.entries({ ...(await platformAttributes()), ...attributes }))
    if (value !== null) element.setAttribute(name, value)
  document.body.append(element)
  if (token) element.token = token
  return element
}

/** Minutes from now to a time safely inside the current Riyadh week, or early next week near its end. */
function soon(extra = 0): number {
  const left = (weekBounds(new Date()).end.getTime() - Date.now()) / 60_000
  return left > 300 + extra ? 60 + extra : left + 120 + extra
}

/**
 * The calendar as a React host (the agency's site) renders it, in a shadow root of its own, with the slot it
 * brings back after a sign-in; resolves with the host element (the shadow root's host) once a week is drawn.
 */
async function mountInReact(
  props: { lang: Lang; token: string; contributorId: number; initialSlot: CalendarPlace },
  roots: Root[],
): Promise<BookingCalendarElement> {
  const { apiBase, apiKey } = await platform()
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  roots.push(root)
  flushSync(() =>
    root.render(
      <ShadowHost widget="booking-calendar" css={bookingCalendarSheet}>
        <BookingCalendar apiBase={apiBase} apiKey={apiKey} {...props} />
      </ShadowHost>,
    ),
  )
  const host = container.querySelector('[data-widget="booking-calendar"]') as BookingCalendarElement
  return loaded(host)
}

/** How many weeks after the current one the week of `at` starts: what a site's return address carries. */
function weekOf(at: string): number {
  return Math.round(
    (weekBounds(at).start.getTime() - weekBounds(new Date()).start.getTime()) / (7 * 86_400_000),
  )
}

let consultant: number

before(async () => {
  defineBookingCalendar()
  setI18nErrorHandler((error) => {
    throw error
  })
  consultant = (await signIn('dev-consultant')).contributorId!
})

after(() => setI18nErrorHandler())

afterEach(async () => {
  document.body.replaceChildren()
  resetWidgetConfig()
  await setViewport({ width: 800, height: 600 })
})

describe('<booking-calendar>, as a newcomer meets it (issue 31)', () => {
  it('keeps a refused booking in the confirm dialog, focused and announced, past 10 seconds', async function () {
    this.timeout(60_000)
    for (const [lang, width] of [
      ['ar', 390],
      ['en', 1280],
    ] as const) {
      await setViewport({ width, height: 844 })
      const owner = await newBusinessOwner()
      const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(31), availability: 2 })
      const element = await loaded(await mount({ lang, 'contributor-id': String(consultant) }, owner.token))
      await showWeekOf(element, slot.id)
      const radio = await waitFor(() => slotRadio(element, slot.id), 8000, 'the slot')
      radio.click()
      await waitFor(() => !(part(element, 'book') as HTMLButtonElement).disabled)
      part(element, 'book')!.click()
      await waitFor(() => part(element, 'confirm-dialog'), 5000, 'the confirm dialog')
      // Meanwhile the owner books another expert at the same hour: the server refuses the overlap (409).
      await addSession({
        expert: 'dev-advisor',
        startsIn: (Date.parse(slot.start_at) - Date.now()) / 60_000,
        smeId: owner.personId,
      })
      part(element, 'confirm')!.click()
      const refusal = await waitFor(() => part(element, 'refusal'), 8000, 'the refusal')
      expect(refusal.textContent).to.contain({ ar: serverAr, en: serverEn }[lang]['errors.bookingOverlaps'])
      expect(refusal.getAttribute('role')).to.equal('alert')
      // The dialog stayed open, and the refusal has the focus: seen and read where the person is.
      expect(part(element, 'confirm-dialog')).to.not.equal(null)
      await waitFor(() => element.shadowRoot!.activeElement === refusal, 2000, 'focus on the refusal')
      const box = refusal.getBoundingClientRect()
      expect(box.top).to.be.at.least(0)
      expect(box.bottom).to.be.at.most(innerHeight)
      // Trying again cannot change a 409: the dialog offers another time instead.
      expect(part(element, 'confirm')).to.equal(null)
      expect(part(element, 'cancel')!.textContent).to.equal(messages[lang]['bookingCalendar.chooseAnother'])
      await expectAccessible(element, `refusal in the dialog (${lang}, ${width})`)
      await screenshot(`booking-calendar-refusal-${lang}-${width}`)
      // Still there after the 10 seconds an error notice lasts.
      await new Promise((resolve) => setTimeout(resolve, 10_500))
      expect(part(element, 'refusal')?.textContent).to.contain(
        { ar: serverAr, en: serverEn }[lang]['errors.bookingOverlaps'],
      )
      part(element, 'cancel')!.click()
      await waitFor(() => part(element, 'confirm-dialog') === null)
      // The calendar now knows the owner's new session: the slot is marked as clashing.
      await waitFor(() => slotRadio(element, slot.id)?.disabled === true, 8000, 'the slot marked')
      element.remove()
    }
  })

  it('marks the slots that clash with the person’s own sessions, in words and in their names, and they cannot be chosen', async () => {
    const owner = await newBusinessOwner()
    const minutes = soon(33)
    const clashing = await addSlot({ expert: 'dev-consultant', startsIn: minutes + 30, availability: 2 })
    const free = await addSlot({ expert: 'dev-consultant', startsIn: minutes + 180, availability: 2 })
    await addSession({ expert: 'dev-advisor', startsIn: minutes, smeId: owner.personId })
    for (const lang of ['ar', 'en'] as const) {
      const element = await loaded(await mount({ lang, 'contributor-id': String(consultant) }, owner.token))
      await showWeekOf(element, clashing.id)
      await waitFor(() => slotRadio(element, clashing.id), 8000, 'the slot')
      // Asked afresh each time: a slot marked once the person's sessions arrive is drawn as another element.
      const radio = await waitFor(
        () => {
          const current = slotRadio(element, clashing.id)
          return current?.disabled ? current : null
        },
        8000,
        'the clash marked',
      )
      const label = radio.closest('label')!
      const clash = messages[lang]['bookingCalendar.clash']
      // Seen (words, not colour alone) and heard (in the radio's name).
      expect(label.querySelector('[part~="slot-clash-label"]')!.textContent).to.equal(clash)
      expect(label.querySelector('[part~="slot"]')!.getAttribute('part')).to.contain('slot-clash')
      expect(label.textContent).to.contain(clash)
      expect(part(element, 'clash-note')!.textContent).to.contain(clash)
      // It cannot be chosen; the free slot can.
      label.click()
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(radio.checked).to.equal(false)
      expect((part(element, 'book') as HTMLButtonElement).disabled).to.equal(true)
      expect(slotRadio(element, free.id)!.disabled).to.equal(false)
      await expectAccessible(element, `clashing slot (${lang})`)
      await screenshot(`booking-calendar-clash-${lang}`)
      element.remove()
    }
  })

  it('brings back the slot a site kept over its sign-in, and says so when it clashes with a booking of the person’s', async () => {
    const owner = await newBusinessOwner()
    const expert = await newExpert()
    const minutes = soon(41)
    const free = await addSlot({ expert: expert.subject, startsIn: minutes + 180, availability: 2 })
    const clashing = await addSlot({ expert: expert.subject, startsIn: minutes, availability: 2 })
    await addSession({ expert: 'dev-advisor', startsIn: minutes + 15, smeId: owner.personId })
    const roots: Root[] = []
    try {
      for (const lang of ['ar', 'en'] as const) {
        const t = translators[lang]
        const back = (slot: typeof free) => ({
          lang,
          token: owner.token,
          contributorId: expert.contributorId,
          initialSlot: { slotId: slot.id, week: weekOf(slot.start_at) },
        })
        // Free: chosen, one press of "Book" from its confirmation.
        const chosen = await mountInReact(back(free), roots)
        await waitFor(() => slotRadio(chosen, free.id)?.checked, 8000, 'the slot chosen again')
        expect((part(chosen, 'book') as HTMLButtonElement).disabled).to.equal(false)
        expect(part(chosen, 'chosen-slot')!.textContent).to.contain(dayLabel(t, free.start_at))
        expect(part(chosen, 'chosen-clash')).to.equal(null)
        roots.pop()!.unmount()

        // Clashing (known once the person's own sessions load): not chosen, and the reason beside "Book".
        const refused = await mountInReact(back(clashing), roots)
        const said = await waitFor(() => part(refused, 'chosen-clash'), 8000, 'the clash said')
        const asSlot = { start: clashing.start_at, end: clashing.end_at } as Slot
        expect(said.textContent).to.equal(
          t.t('bookingCalendar.chosenClashes', {
            date: dayLabel(t, clashing.start_at),
            time: slotSpanWithZone(t, asSlot),
          }),
        )
        expect(said.getAttribute('role')).to.equal('status')
        expect(slotRadio(refused, clashing.id)!.checked).to.equal(false)
        expect(part(refused, 'chosen-slot')).to.equal(null)
        expect((part(refused, 'book') as HTMLButtonElement).disabled).to.equal(true)
        await expectAccessible(refused, `a brought-back slot that clashes (${lang})`)
        await screenshot(`booking-calendar-brought-back-clash-${lang}`, true)
        // Choosing another time takes the message away.
        slotRadio(refused, free.id)!.click()
        await waitFor(() => part(refused, 'chosen-slot'), 2000, 'the other slot chosen')
        expect(part(refused, 'chosen-clash')).to.equal(null)
        roots.pop()!.unmount()
      }
    } finally {
      for (const root of roots) root.unmount()
    }
  })

  it('keeps the chosen slot and the book button in reach on a phone, and in place at 1280', async () => {
    for (const { lang, width } of LAYOUTS) {
      await setViewport({ width, height: 844 })
      const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(35), availability: 2 })
      const element = await loaded(await mount({ lang, 'contributor-id': String(consultant) }))
      await showWeekOf(element, slot.id)
      const radio = await waitFor(() => slotRadio(element, slot.id), 8000, 'the slot')
      radio.closest('label')!.scrollIntoView({ block: 'center' })
      radio.click()
      await waitFor(() => part(element, 'chosen-slot'), 2000, 'the chosen slot')
      const book = part(element, 'book')!
      const box = book.getBoundingClientRect()
      const actions = getComputedStyle(part(element, 'actions')!)
      if (width === 390) {
        // On the screen without scrolling, however far below the first day's slots the bar sits.
        expect(box.top, `${lang} at ${width}`).to.be.at.least(0)
        expect(box.bottom, `${lang} at ${width}`).to.be.at.most(innerHeight)
        expect(actions.position).to.equal('sticky')
      } else {
        expect(actions.position, `${lang} at ${width}`).to.equal('static')
      }
      expect(part(element, 'chosen-slot')!.textContent).to.contain(formatTime(slot.start_at, lang))
      expect(part(element, 'chosen-slot')!.textContent).to.contain(formatTime(slot.end_at, lang))
      await expectAccessible(element, `slot chosen (${lang}, ${width})`)
      await screenshot(`booking-calendar-chosen-${lang}-${width}`)
      element.remove()
    }
  })

  it('without contributor-id invites the visitor to choose an expert, with no error', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const element = await mount({ lang })
      const invitation = await waitFor(() => part(element, 'no-expert'), 5000, 'the invitation')
      expect(invitation.textContent).to.equal(messages[lang]['bookingCalendar.noExpert'])
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(part(element, 'notice')?.textContent ?? '').to.equal('')
      expect(part(element, 'retry')).to.equal(null)
      expect(visibleText(element)).to.not.contain(messages[lang]['common.error'])
      await expectAccessible(element, `no expert (${lang})`)
      await screenshot(`booking-calendar-no-expert-${lang}`)
      // The script way still works: a page sets contributor-id from the search's event.
      element.setAttribute('contributor-id', String(consultant))
      await loaded(element)
      expect(part(element, 'no-expert')).to.equal(null)
      element.remove()
    }
  })

  it('follows the expert-search named by its for attribute', async () => {
    for (const lang of ['ar', 'en'] as const) {
      // A stand-in that fires expert-selected as <expert-search> does (bubbling, composed, from its host).
      const search = document.createElement('div')
      search.id = 'experts'
      const other = document.createElement('div')
      other.id = 'other-search'
      document.body.append(search, other)
      const element = await mount({ lang, for: 'experts' })
      await waitFor(() => part(element, 'no-expert'))
      const select = (from: Element, contributorId: number) =>
        from.dispatchEvent(
          new CustomEvent('expert-selected', {
            detail: { contributorId, role: 'consultant', subjectId: null },
            bubbles: true,
            composed: true,
          }),
        )
      // Another search's choice is not followed.
      select(other, consultant)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(element.hasAttribute('contributor-id')).to.equal(false)
      select(search, consultant)
      expect(element.getAttribute('contributor-id')).to.equal(String(consultant))
      await loaded(element)
      expect(part(element, 'no-expert')).to.equal(null)
      // The calendar is the next step: the focus moves to its title.
      await waitFor(
        () => element.shadowRoot!.activeElement === part(element, 'title'),
        2000,
        'focus on title',
      )
      await expectAccessible(element, `following a search (${lang})`)
      document.body.replaceChildren()
    }
  })

  it('opens on the week of the next free slot when the current week has none, and says the week is empty once', async () => {
    const expert = await newExpert()
    const nextWeek = (weekBounds(new Date()).end.getTime() - Date.now()) / 60_000 + 2 * 24 * 60
    const slot = await addSlot({ expert: expert.subject, startsIn: nextWeek + 9 * 60, minutes: 45 })
    for (const lang of ['ar', 'en'] as const) {
      const element = await loaded(await mount({ lang, 'contributor-id': String(expert.contributorId) }))
      // The slot shows at once, in its week: not an empty current week.
      await waitFor(() => slotRadio(element, slot.id), 8000, 'the next free slot')
      expect(part(element, 'empty')).to.equal(null)
      const title = part(element, 'week-title')!.textContent!
      expect(title).to.contain(
        translators[lang].intl.formatDate(weekBounds(slot.start_at).end, { day: 'numeric' }),
      )
      expect((part(element, 'previous-week') as HTMLButtonElement).disabled).to.equal(false)
      await expectAccessible(element, `next free week (${lang})`)
      // Back to the current, empty week: said once, not twice.
      part(element, 'previous-week')!.click()
      await waitFor(() => part(element, 'empty'), 8000, 'the empty week')
      const empty = translators[lang].t('bookingCalendar.slotsFound', { count: 0 })
      expect(part(element, 'status')!.textContent).to.equal(empty)
      const said = visibleText(element).split(empty).length - 1
      const saidAgain = visibleText(element).split(messages[lang]['bookingCalendar.emptyWeek']).length - 1
      expect(said + saidAgain).to.equal(1)
      expect(part(element, 'show-next-week')).to.not.equal(null)
      await expectAccessible(element, `empty week (${lang})`)
      await screenshot(`booking-calendar-empty-week-${lang}`)
      element.remove()
    }
  })

  it('shows each slot’s length on its chip and its end in the confirm dialog, in Riyadh time', async () => {
    const owner = await newBusinessOwner()
    const slot = await addSlot({ expert: 'dev-consultant', startsIn: soon(37), minutes: 90, availability: 2 })
    for (const { lang, width } of LAYOUTS.filter((layout) => layout.width === 390 || layout.lang === 'en')) {
      await setViewport({ width, height: 844 })
      const element = await loaded(await mount({ lang, 'contributor-id': String(consultant) }, owner.token))
      await showWeekOf(element, slot.id)
      const radio = await waitFor(() => slotRadio(element, slot.id), 8000, 'the slot')
      const duration = translators[lang].t('bookingCalendar.duration', { minutes: 90 })
      expect(duration).to.contain(lang === 'ar' ? '٩٠' : '90')
      expect(radio.closest('label')!.querySelector('[part~="slot-duration"]')!.textContent).to.equal(duration)
      radio.click()
      await waitFor(() => !(part(element, 'book') as HTMLButtonElement).disabled)
      part(element, 'book')!.click()
      const dialog = await waitFor(() => part(element, 'confirm-dialog'), 5000, 'the confirm dialog')
      expect(dialog.textContent).to.contain(formatTime(slot.start_at, lang))
      expect(dialog.textContent).to.contain(formatTime(slot.end_at, lang))
      expect(dialog.textContent).to.contain(duration)
      await expectAccessible(element, `dialog with the end (${lang}, ${width})`)
      await screenshot(`booking-calendar-dialog-${lang}-${width}`)
      part(element, 'cancel')!.click()
      element.remove()
    }
  })
})

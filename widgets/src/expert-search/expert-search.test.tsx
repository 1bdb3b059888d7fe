import {
  addCalendarDays,
  type ContributorProfile,
  catalogs,
  createTranslator,
  expertSearchMessages,
  initialsOf,
  type MessageKey,
  type PagedResponse,
  riyadhDay,
} from '@mashura/core'
import { sendKeys } from '@web/test-runner-commands'
import { expect } from 'chai'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { ExpertSelectedDetail } from '../events.ts'
import { expectAccessible } from '../test-support/axe.ts'
import { platform, platformAttributes } from '../test-support/platform.ts'
import { waitFor as waitUntil } from '../test-support/wait-for.ts'
import { ExpertCard } from './expert-card.tsx'
import { defineExpertSearch, type ExpertSearchElement, ROLE_DEPRECATION } from './expert-search.element.ts'

/**
 * `<expert-search>` in real Chromium against the real seeded reference server: every list the widget shows
 * is compared with what the same API answers when asked directly.
 */

const ar = { ...catalogs.ar, ...expertSearchMessages.ar }
const en = { ...catalogs.en, ...expertSearchMessages.en }

/** The title of an expert's kind in their gender, as the card should show it: «مستشارة» for a woman. */
function kindTitle(expert: ContributorProfile, lang: 'ar' | 'en'): string {
  return createTranslator(lang).t(`contributors.kind.${expert.role}` as MessageKey, { gender: expert.gender })
}

/** Expects each result card's kind to be its expert's title, in the order of `experts`. */
function expectKinds(element: Element, experts: ContributorProfile[], lang: 'ar' | 'en'): void {
  const shown = parts(element, 'kind').map((kind) => kind.textContent)
  expect(shown).to.deep.equal(experts.map((expert) => kindTitle(expert, lang)))
}

/** Polls for `what` with this file's longer wait. */
const waitFor = <T,>(read: () => T, what: string, timeout = 8000) => waitUntil(read, timeout, what)

/** Reads a list straight from the API, as the widget should have asked for it. */
async function api(path: string, lang = 'ar'): Promise<PagedResponse<ContributorProfile>> {
  const { apiBase, apiKey } = await platform()
  const response = await fetch(`${apiBase}${path}`, {
    headers: { 'X-API-Key': apiKey, 'Accept-Language': lang },
  })
  expect(response.status, path).to.equal(200)
  return response.json()
}

async function mount(attributes: Record<string, string>, real = true): Promise<ExpertSearchElement> {
  const element = document.createElement('expert-search')
  const all = real ? { ...(await platformAttributes()), ...attributes } : attributes
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

function part(element: Element, name: string): HTMLElement | null {
  return element.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null
}

function parts(element: Element, name: string): HTMLElement[] {
  return [...(element.shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${name}"]`) ?? [])]
}

/** The contributor ids of the results shown. */
function shownIds(element: Element): number[] {
  return parts(element, 'result').map((li) => Number(li.dataset.contributor))
}

/** Waits until a page of results (not loading) shows exactly `ids`. */
async function waitForIds(element: Element, ids: number[], what: string): Promise<void> {
  await waitFor(
    () => !part(element, 'skeleton') && JSON.stringify(shownIds(element)) === JSON.stringify(ids),
    `${what}: ids ${JSON.stringify(ids)}, shown ${JSON.stringify(shownIds(element))}`,
  )
}

async function waitForResults(element: Element): Promise<HTMLElement[]> {
  return waitFor(
    () => !part(element, 'skeleton') && parts(element, 'result').length > 0 && parts(element, 'result'),
    'results',
  )
}

/** The axe check on what the widget renders (see the `role` attribute test for the host itself). */
function rendered(element: Element): Element {
  return part(element, 'base')!
}

/** Changes a filter's native select the way a person's choice does: a new value, then `change`. */
async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  // The subject and center choices load beside the results and may come a little later.
  await waitFor(() => [...select.options].some((option) => option.value === value), `option ${value}`)
  select.value = value
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

function select(element: Element, label: string): HTMLSelectElement {
  const found = [...element.shadowRoot!.querySelectorAll('label')].find((l) => l.textContent === label)
  expect(found, `a label "${label}"`).to.exist
  return element.shadowRoot!.getElementById(found!.htmlFor) as HTMLSelectElement
}

/** Opens the filters' panel, which a widget narrower than 768px folds behind its "Filters" button. */
async function openFilters(element: Element): Promise<void> {
  const toggle = part(element, 'filters-toggle')!
  if (toggle.getAttribute('aria-expanded') !== 'true') toggle.click()
  await waitFor(() => toggle.getAttribute('aria-expanded') === 'true', 'the filters open')
}

/** The dates filter's two inputs, found by their labels, and their group. */
function dateInputs(element: Element, messages: typeof en) {
  const from = select(element, messages['expertSearch.datesStart']) as unknown as HTMLInputElement
  const to = select(element, messages['expertSearch.datesEnd']) as unknown as HTMLInputElement
  return { from, to, group: part(element, 'dates')! }
}

/**
 * Types `day` into a native date input with the keyboard, segment by segment in the order the browser's
 * locale shows them (`segments` of them: fewer leaves the day partly typed).
 */
async function typeDate(input: HTMLInputElement, day: string, segments = 3): Promise<void> {
  const [year, month, date] = day.split('-') as [string, string, string]
  const values: Record<string, string> = { year, month, day: date }
  const order = new Intl.DateTimeFormat(navigator.language)
    .formatToParts(new Date(Date.UTC(2026, 4, 17)))
    .map((p) => p.type)
    .filter((type) => type in values)
  // Focus lands on the first segment only when it comes from outside the input.
  if ((input.getRootNode() as ShadowRoot).activeElement === input) input.blur()
  input.focus()
  for (const type of order.slice(0, segments)) await sendKeys({ type: values[type]! })
}

/**
 * Presses Tab until focus leaves `input`: past its segments and the browser's calendar button, which
 * Chromium makes a stop of its own.
 */
async function tabOutOf(element: Element, input: HTMLInputElement): Promise<void> {
  for (let i = 0; i < 6 && element.shadowRoot!.activeElement === input; i++) await sendKeys({ press: 'Tab' })
  expect(element.shadowRoot!.activeElement).not.to.equal(input)
}

/** The inline error an input names in its `aria-describedby`, if shown. */
function errorOf(element: Element, input: HTMLInputElement): HTMLElement | null {
  for (const id of (input.getAttribute('aria-describedby') ?? '').split(' ')) {
    const found = id ? element.shadowRoot!.getElementById(id) : null
    if (found?.classList.contains('date-error')) return found
  }
  return null
}

/** The searches the widget made since the resource timings were last cleared. */
function searchesAsked(): URL[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => /\/api\/profile\/(contributors|v2\/consultants|v2\/bsa)$/.test(url.pathname))
}

/** The `dates` of each search that named any since the resource timings were last cleared. */
function datesAsked(): string[][] {
  return searchesAsked()
    .map((url) => url.searchParams.getAll('dates'))
    .filter((dates) => dates.length > 0)
}

before(() => {
  defineExpertSearch()
  // Avatars fill the default buffer of 250 quickly; the network checks read it.
  performance.setResourceTimingBufferSize(5000)
})

afterEach(() => {
  document.body.replaceChildren()
  performance.clearResourceTimings()
  for (const style of document.head.querySelectorAll('style[data-hostile]')) style.remove()
})

describe('<expert-search>', () => {
  it('is Arabic and right to left by default and lists the seeded experts of its role with name, kind, subjects and next slot', async () => {
    const expected = await api('/profile/v2/consultants?q=%20&type=1&sort=newest')
    const element = await mount({ role: 'consultant' })
    // Loading: a skeleton in a status region, not a spinner.
    const skeleton = await waitFor(() => part(element, 'skeleton'), 'the skeleton')
    expect(skeleton.getAttribute('role')).to.equal('status')
    await expectAccessible(rendered(element), 'loading (ar)')

    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'the first page of consultants',
    )
    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).to.equal('rtl')
    expect(base.getAttribute('lang')).to.equal('ar')
    expect(expected.data.length).to.be.greaterThan(0)
    const first = expected.data[0]!
    const card = parts(element, 'result')[0]!
    expect(card.querySelector('[part="name"]')!.textContent).to.equal(first.sso_user.full_name)
    expect(card.querySelector('[part="kind"]')!.textContent).to.equal(kindTitle(first, 'ar'))
    expect([...card.querySelectorAll('[part="subjects"] li')].map((li) => li.textContent)).to.deep.equal(
      first.subjects.map((s) => s.name),
    )
    const next = card.querySelector('[part="next-slot"]')!.textContent!
    expect(first.next_free_slot).to.be.a('string')
    expect(next).to.contain(ar['time.riyadhTime'])
    expect(next.startsWith(ar['expertSearch.nextSlot'].split(':')[0]!)).to.equal(true)
    // An expert another test file made for itself may have no picture at all: then the initials stand in.
    const photo = card.querySelector<HTMLElement>('[part="photo"]')!
    if (first.file) {
      expect((photo as HTMLImageElement).src).to.equal(first.file.full_path)
      expect((photo as HTMLImageElement).alt).to.equal('')
    } else {
      expect(photo.textContent).to.equal(initialsOf(first.sso_user.full_name))
      expect(photo.getAttribute('aria-hidden')).to.equal('true')
    }
    expect(expected.data.every((expert) => expert.role === 'consultant')).to.equal(true)
    expectKinds(element, expected.data, 'ar')
    // The count is announced in a live region.
    const status = part(element, 'status')!
    expect(status.getAttribute('role')).to.equal('status')
    expect(status.textContent).to.contain(`${expected.meta.total.toLocaleString('ar-SA')}`)
    await expectAccessible(rendered(element), 'results (ar)')
  })

  it('shows the initials of an expert without a photo by core’s rule: first name and family name, apart', async () => {
    const [expert] = (await api('/profile/v2/consultants?q=%20&type=1&per_page=1')).data
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    const t = createTranslator('ar', expertSearchMessages)
    const cases: [string, string][] = [
      ['د. أحمد بن سعد العتيبي', 'أ ع'],
      ['م. هيفاء بنت محمد الزهراني', 'ه ز'],
      ['نورة', 'ن'],
      ['Dr. Sarah Al-Otaibi', 'SO'],
    ]
    try {
      for (const [name, initials] of cases) {
        const shown = { ...expert!, file: null, sso_user: { ...expert!.sso_user, full_name: name } }
        flushSync(() =>
          root.render(
            <ul>
              <ExpertCard expert={shown} onChoose={() => {}} t={t} />
            </ul>,
          ),
        )
        const photo = container.querySelector('[part="photo"]')!
        expect(photo.tagName, name).to.equal('SPAN')
        expect(photo.textContent, name).to.equal(initials)
        expect(photo.textContent).to.equal(initialsOf(name))
      }
    } finally {
      root.unmount()
      container.remove()
    }
  })

  it('keeps the initials of the server’s avatars well inside their circle (issue 31: «ع ش» spilled out)', async () => {
    const expected = await api('/profile/v2/consultants?q=%20&type=1')
    const element = await mount({ role: 'consultant' })
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'the consultants',
    )
    const sources = [...element.shadowRoot!.querySelectorAll<HTMLImageElement>('img[part~="photo"]')]
      .map((img) => img.src)
      .filter((src) => src.includes('/files/avatars/'))
    expect(sources.length, 'results with a generated avatar').to.be.greaterThan(0)
    // Each picture drawn as the browser draws it (the same fallback fonts as an <img>), its text measured
    // against the circle the widget clips it to: every corner of the text's box stays inside, with a margin.
    const holder = document.createElement('div')
    document.body.append(holder)
    try {
      for (const src of sources) {
        holder.innerHTML = await (await fetch(src)).text()
        const text = holder.querySelector('text')
        if (!text) continue
        const box = text.getBBox()
        const corners = [
          [box.x, box.y],
          [box.x + box.width, box.y],
          [box.x, box.y + box.height],
          [box.x + box.width, box.y + box.height],
        ]
        const farthest = Math.max(...corners.map(([x, y]) => Math.hypot(x! - 64, y! - 64)))
        expect(farthest, `«${text.textContent}» of ${src}`).to.be.lessThan(64 * 0.95)
      }
    } finally {
      holder.remove()
    }
  })

  it('is English and left to right with lang="en"', async () => {
    const expected = await api('/profile/v2/bsa?q=%20&sort=newest', 'en')
    const element = await mount({ role: 'bsa', lang: 'en' })
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'the bsa list',
    )
    const base = part(element, 'base')!
    expect(base.getAttribute('dir')).to.equal('ltr')
    expect(base.getAttribute('lang')).to.equal('en')
    expect(part(element, 'kind')!.textContent).to.equal(kindTitle(expected.data[0]!, 'en'))
    expectKinds(element, expected.data, 'en')
    expect(part(element, 'name')!.textContent).to.equal(expected.data[0]!.sso_user.full_name)
    expect(part(element, 'search-button')!.textContent).to.equal(en['nav.searchSubmit'])
    expect(part(element, 'status')!.textContent).to.equal(
      `${expected.meta.total} ${expected.meta.total === 1 ? 'result' : 'results'}, page 1 of ${expected.meta.last_page}`,
    )
    const next = part(element, 'next-slot')!.textContent!
    expect(next).to.match(/^Next free slot: /)
    expect(next).to.contain(en['time.riyadhTime'])
    await expectAccessible(rendered(element), 'results (en)')
  })

  it('titles a woman in the feminine («مستشارة») and a man in the masculine, from the gender the API gives', async () => {
    const everyone = await api('/profile/v2/consultants?q=%20&type=1&per_page=100')
    const woman = everyone.data.find((expert) => expert.gender === 'female')
    const man = everyone.data.find((expert) => expert.gender === 'male')
    expect(woman, 'a woman among the seeded consultants').to.exist
    expect(man, 'a man among the seeded consultants').to.exist
    for (const [expert, arabic] of [
      [woman!, 'مستشارة'],
      [man!, 'مستشار'],
    ] as const) {
      for (const lang of ['ar', 'en'] as const) {
        const name = expert.sso_user.full_name
        // The name's words, without honorifics («د.»): every word must match.
        const query = name
          .split(' ')
          .filter((word) => !word.endsWith('.'))
          .join(' ')
        const element = await mount({ 'expert-role': 'consultant', lang, query })
        const card = await waitFor(
          () =>
            !part(element, 'skeleton') &&
            element.shadowRoot!.querySelector<HTMLElement>(
              `[part~="result"][data-contributor="${expert.id}"]`,
            ),
          `the card of ${name}`,
        )
        expect(card.querySelector('[part="kind"]')!.textContent).to.equal(
          lang === 'ar' ? arabic : 'Consultant',
        )
        element.remove()
      }
    }
  })

  it('sends a blank search as a single space and lists every kind without a role', async () => {
    performance.clearResourceTimings()
    const expected = await api('/profile/contributors?q=%20&sort=newest')
    const element = await mount({})
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'everyone',
    )
    const calls = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.pathname.endsWith('/api/profile/contributors'))
    expect(calls.length, 'one search call').to.be.greaterThan(0)
    expect(calls.at(-1)!.searchParams.get('q')).to.equal(' ')
    const kinds = new Set(expected.data.map((e) => e.role))
    expect(kinds.size, 'several kinds on the first page').to.be.greaterThan(1)
  })

  it('narrows the results to a typed query submitted with Enter', async () => {
    const everyone = await api('/profile/v2/consultants?q=%20&type=1&per_page=100')
    const target = everyone.data.at(-1)!
    const word = target.sso_user.full_name.split(' ').at(-1)!
    const expected = await api(`/profile/v2/consultants?q=${encodeURIComponent(word)}&type=1&sort=relevance`)
    expect(expected.meta.total).to.be.lessThan(everyone.meta.total)

    const element = await mount({ role: 'consultant' })
    await waitForResults(element)
    const input = part(element, 'search-input') as HTMLInputElement
    input.focus()
    await sendKeys({ type: word })
    await sendKeys({ press: 'Enter' })
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      `the consultants matching ${word}`,
    )
    expect(shownIds(element)).to.include(target.id)
  })

  it('lists a text best match first, offers newest first, and is newest first only without a text', async () => {
    // A word of the seeded names whose matches the two orders list differently.
    const everyone = await api('/profile/contributors?q=%20&per_page=100', 'en')
    const words = [...new Set(everyone.data.flatMap((e) => e.sso_user.full_name.split(' ')))]
    let word = ''
    let best: number[] = []
    let newest: number[] = []
    for (const candidate of words) {
      const q = encodeURIComponent(candidate)
      best = (await api(`/profile/contributors?q=${q}&sort=relevance`, 'en')).data.map((e) => e.id)
      newest = (await api(`/profile/contributors?q=${q}&sort=newest`, 'en')).data.map((e) => e.id)
      if (JSON.stringify(best) !== JSON.stringify(newest)) {
        word = candidate
        break
      }
    }
    expect(word, 'a seeded word the two orders list differently').to.not.equal('')

    const element = await mount({ lang: 'en' })
    await waitForResults(element)
    const sort = select(element, en['expertSearch.sortLabel'])
    // No text: nothing to match, so newest first, and best match cannot be chosen.
    expect(sort.value).to.equal('newest')
    const relevance = sort.querySelector<HTMLOptionElement>('option[value="relevance"]')!
    expect(relevance.textContent).to.equal(en['expertSearch.sortRelevance'])
    expect(relevance.disabled).to.equal(true)

    const input = part(element, 'search-input') as HTMLInputElement
    input.focus()
    await sendKeys({ type: word })
    await sendKeys({ press: 'Enter' })
    await waitForIds(element, best, `the best matches of ${word}`)
    expect(sort.value).to.equal('relevance')
    expect(relevance.disabled).to.equal(false)

    await choose(sort, 'newest')
    await waitForIds(element, newest, `the matches of ${word}, newest first`)
    await choose(sort, 'relevance')
    await waitForIds(element, best, `the best matches of ${word} again`)
  })

  it('starts from the query and subject attributes', async () => {
    const subjects = (await api('/profile/v2/consultants?q=%20&type=1&per_page=1')).data[0]!.subjects
    const subject = subjects[0]!.id
    const expected = await api(`/profile/v2/consultants?q=%20&type=1&subjects=${subject}&sort=newest`)
    const element = await mount({ role: 'consultant', subject: String(subject) })
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'the consultants of the subject',
    )
    for (const card of parts(element, 'result')) {
      const names = [...card.querySelectorAll('[part="subjects"] li')].map((li) => li.textContent)
      expect(names).to.include(subjects[0]!.name)
    }
    expect(select(element, ar['contributors.filters.subject']).value).to.equal(String(subject))
  })

  it('pages with previous and next, and a filter change goes back to page 1 with the filtered results', async () => {
    const page1 = await api('/profile/v2/consultants?q=%20&type=1&per_page=2&page=1')
    const page2 = await api('/profile/v2/consultants?q=%20&type=1&per_page=2&page=2')
    const element = await mount({ role: 'consultant', 'per-page': '2' })
    await waitForIds(
      element,
      page1.data.map((e) => e.id),
      'page 1',
    )
    expect(part(element, 'page-of')!.textContent).to.equal(
      catalogs.ar['common.pagination']
        .replace('{page, number}', '١')
        .replace('{total, number}', page1.meta.last_page.toLocaleString('ar-SA')),
    )
    expect(part(element, 'previous')!.getAttribute('aria-disabled')).to.equal('true')
    part(element, 'next')!.click()
    await waitForIds(
      element,
      page2.data.map((e) => e.id),
      'page 2',
    )
    expect(part(element, 'previous')!.getAttribute('aria-disabled')).to.equal('false')
    await expectAccessible(rendered(element), 'page 2')

    // In the office only: the list of that filter, from page 1 again.
    const office = await api('/profile/v2/consultants?q=%20&type=1&per_page=2&page=1&availability=1')
    await choose(select(element, ar['contributors.filters.sessionType']), '1')
    await waitForIds(
      element,
      office.data.map((e) => e.id),
      'page 1 in the office',
    )
    expect(part(element, 'page-of')!.textContent).to.contain('١')
    expect(part(element, 'previous')!.getAttribute('aria-disabled')).to.equal('true')

    // The field switches the consultants list to advisors.
    const advisors = await api('/profile/v2/consultants?q=%20&type=2&per_page=2&page=1&availability=1')
    await choose(select(element, ar['contributors.filters.field']), '2')
    await waitForIds(
      element,
      advisors.data.map((e) => e.id),
      'advisors',
    )
    expect(advisors.data.every((expert) => expert.role === 'advisor')).to.equal(true)
    expectKinds(element, advisors.data, 'ar')
  })

  it('filters by calendar dates typed with the keyboard in two labelled native date inputs', async () => {
    const everyone = await api('/profile/v2/consultants?q=%20&type=1&sort=newest', 'en')
    const soonest = everyone.data.find((expert) => expert.next_free_slot)
    expect(soonest, 'a seeded consultant with a free slot').to.exist
    const first = riyadhDay(soonest!.next_free_slot!)
    const last = addCalendarDays(first, 2)
    const expected = await api(
      `/profile/v2/consultants?q=%20&type=1&dates=${first}&dates=${addCalendarDays(first, 1)}&dates=${last}&sort=newest`,
      'en',
    )
    expect(expected.data.map((e) => e.id)).to.include(soonest!.id)

    const element = await mount({ role: 'consultant', lang: 'en' })
    await waitForResults(element)
    await openFilters(element)
    const { from, to, group } = dateInputs(element, en)
    // A fieldset with its legend names the pair; each input has its own label and the hint.
    const fieldset = from.closest('fieldset')!
    expect(fieldset.querySelector('legend')!.textContent).to.equal(en['contributors.filters.dates'])
    expect(group.contains(to)).to.equal(true)
    expect(from.type).to.equal('date')
    expect(from.min).to.equal(riyadhDay(new Date()))
    const hint = element.shadowRoot!.getElementById(from.getAttribute('aria-describedby')!)!
    expect(hint.textContent).to.equal(en['expertSearch.datesHint'])

    performance.clearResourceTimings()
    await typeDate(from, first)
    expect(from.value).to.equal(first)
    // The last day may not come before the first.
    expect(to.min).to.equal(first)
    // One day alone is no range yet: nothing is asked.
    expect(datesAsked()).to.deep.equal([])
    await typeDate(to, last)
    expect(to.value).to.equal(last)
    // The search itself first: the list with the days may be the list without them.
    await waitFor(() => datesAsked().length > 0, 'a search with the three days')
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'the consultants with a free slot on the three days',
    )
    expect(datesAsked().at(-1)).to.deep.equal([first, addCalendarDays(first, 1), last])
    expect(from.getAttribute('aria-invalid')).to.equal(null)
    await expectAccessible(rendered(element), 'dates typed (en)')

    // A moved element keeps the days, in its inputs too.
    const box = document.createElement('section')
    document.body.append(box)
    box.append(element)
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'the same days after the move',
    )
    expect(dateInputs(element, en).from.value).to.equal(first)
    expect(dateInputs(element, en).to.value).to.equal(last)
  })

  it('says inline, in either language, when the last day is before the first or a day is past, and applies no dates then', async () => {
    for (const [lang, messages] of [
      ['ar', ar],
      ['en', en],
    ] as const) {
      const element = await mount({ role: 'consultant', lang })
      await waitForResults(element)
      await openFilters(element)
      const { from, to } = dateInputs(element, messages)
      const today = riyadhDay(new Date())
      performance.clearResourceTimings()

      await typeDate(from, addCalendarDays(today, 5))
      await typeDate(to, addCalendarDays(today, 2))
      // Nothing is said while the visitor types; leaving the field says it.
      expect(to.getAttribute('aria-invalid')).to.equal(null)
      await tabOutOf(element, to)
      const error = await waitFor(() => errorOf(element, to), `the error of the last day (${lang})`)
      expect(error.textContent).to.equal(messages['expertSearch.datesEndBeforeStart'])
      expect(to.getAttribute('aria-invalid')).to.equal('true')
      expect(from.getAttribute('aria-invalid')).to.equal(null)
      // In a live region, so that it is heard as it appears.
      expect(error.closest('[aria-live="polite"]')).to.exist
      expect(datesAsked()).to.deep.equal([])
      await expectAccessible(rendered(element), `last day before the first (${lang})`)

      // Mending it unsays it at once and applies the days.
      await typeDate(to, addCalendarDays(today, 6))
      await waitFor(() => !errorOf(element, to), `the error gone (${lang})`)
      expect(to.getAttribute('aria-invalid')).to.equal(null)
      await waitFor(() => datesAsked().length > 0, 'a search with the days')
      expect(datesAsked().at(-1)).to.deep.equal([5, 6].map((n) => addCalendarDays(today, n)))

      // A day before today: said on leaving, and the search goes back to any day.
      await typeDate(from, addCalendarDays(today, -1))
      await tabOutOf(element, from)
      const past = await waitFor(() => errorOf(element, from), `the error of the first day (${lang})`)
      expect(past.textContent).to.equal(messages['expertSearch.datesStartPast'])
      expect(from.getAttribute('aria-invalid')).to.equal('true')
      await waitFor(
        () => searchesAsked().at(-1)?.searchParams.getAll('dates').length === 0,
        'a search without the days',
      )
      await expectAccessible(rendered(element), `first day past (${lang})`)
      element.remove()
    }
  })

  it('says a partly typed day is incomplete, and clearing the dates empties both inputs and lists every day again', async () => {
    const everyone = await api('/profile/v2/consultants?q=%20&type=1&sort=newest', 'en')
    const element = await mount({ role: 'consultant', lang: 'en' })
    await waitForResults(element)
    await openFilters(element)
    const { from, to } = dateInputs(element, en)
    const today = riyadhDay(new Date())
    // Two segments of three, then away: the date is incomplete.
    await typeDate(to, addCalendarDays(today, 3), 2)
    expect(to.value).to.equal('')
    await tabOutOf(element, to)
    const error = await waitFor(() => errorOf(element, to), 'the incomplete error')
    expect(error.textContent).to.equal(en['expertSearch.datesEndIncomplete'])
    expect(to.getAttribute('aria-invalid')).to.equal('true')
    await expectAccessible(rendered(element), 'incomplete day (en)')

    await typeDate(from, addCalendarDays(today, 1))
    await typeDate(to, addCalendarDays(today, 3))
    await waitFor(() => !errorOf(element, to), 'the error gone')
    await waitFor(() => datesAsked().at(-1)?.length === 3, 'a search with three days')
    // Longer than the server's month: the first 31 days are asked, and the visitor is told so.
    await typeDate(to, addCalendarDays(today, 40))
    await waitFor(() => datesAsked().at(-1)?.[30] === addCalendarDays(today, 31), 'a search with 31 days')
    expect(datesAsked().at(-1)).to.have.length(31)
    const note = [...element.shadowRoot!.querySelectorAll('.date-messages .hint')].find((p) =>
      to.getAttribute('aria-describedby')!.split(' ').includes(p.id),
    )
    expect(note?.textContent).to.equal('The search covers only the first 31 days of these dates.')
    expect(to.getAttribute('aria-invalid')).to.equal(null)

    // "Clear dates", by keyboard: both inputs empty, focus back on the first, every day asked again.
    performance.clearResourceTimings()
    const clear = [...element.shadowRoot!.querySelectorAll('button')].find(
      (button) => button.textContent === en['expertSearch.clearDates'],
    )!
    expect(clear).to.exist
    clear.focus()
    await sendKeys({ press: 'Enter' })
    expect(from.value).to.equal('')
    expect(to.value).to.equal('')
    expect(element.shadowRoot!.activeElement).to.equal(from)
    // The search itself first: the list of 31 days may already be every consultant, so the ids alone would
    // pass before the search without days has been asked.
    await waitFor(() => searchesAsked().length > 0, 'a search without the days')
    await waitForIds(
      element,
      everyone.data.map((e) => e.id),
      'every consultant again',
    )
    expect(datesAsked()).to.deep.equal([])
    expect(
      [...element.shadowRoot!.querySelectorAll('button')].some(
        (button) => button.textContent === en['expertSearch.clearDates'],
      ),
    ).to.equal(false)

    // "Clear filters" empties them too, a partly typed day included.
    await typeDate(from, addCalendarDays(today, 1))
    await typeDate(to, addCalendarDays(today, 2))
    const available = select(element, en['expertSearch.availableOnly']) as unknown as HTMLInputElement
    available.click()
    await waitFor(() => part(element, 'clear'), 'the clear filters button')
    to.focus()
    await sendKeys({ press: 'Backspace' })
    expect(to.value).to.equal('')
    expect(to.validity.badInput, 'the last day partly typed').to.equal(true)
    part(element, 'clear')!.click()
    await waitFor(() => !part(element, 'clear'), 'the filters cleared')
    const cleared = dateInputs(element, en)
    expect(cleared.from.value).to.equal('')
    expect(cleared.to.value).to.equal('')
    expect(cleared.to.validity.badInput).to.equal(false)
  })

  it('folds the filters behind a Filters button with the count of active ones while narrower than 768px, and shows them open when wider', async () => {
    for (const [lang, messages] of [
      ['ar', ar],
      ['en', en],
    ] as const) {
      const element = await mount({ 'expert-role': 'consultant', lang })
      element.style.display = 'block'
      element.style.inlineSize = '390px'
      await waitForResults(element)
      const toggle = part(element, 'filters-toggle')!
      const filters = part(element, 'filters')!
      const shown = (el: HTMLElement | null) => el?.checkVisibility() === true
      expect(shown(toggle)).to.equal(true)
      expect(toggle.textContent).to.equal(messages['expertSearch.filtersToggle'])
      expect(toggle.getAttribute('aria-expanded')).to.equal('false')
      expect(
        element.shadowRoot!.getElementById(toggle.getAttribute('aria-controls')!)!.contains(filters),
      ).to.equal(true)
      expect(shown(filters)).to.equal(false)
      await expectAccessible(rendered(element), `folded (${lang})`)
      // Enter on the focused button opens it, as a click does.
      toggle.focus()
      await sendKeys({ press: 'Enter' })
      await waitFor(() => shown(filters), `the filters open (${lang})`)
      expect(toggle.getAttribute('aria-expanded')).to.equal('true')
      const available = filters.querySelector<HTMLInputElement>('input[type="checkbox"]')!
      available.focus()
      await sendKeys({ press: 'Space' })
      await waitFor(() => shown(part(element, 'filters-count')), `the count (${lang})`)
      expect(part(element, 'filters-count')!.textContent).to.match(lang === 'ar' ? /^١ / : /^1 active$/)
      await expectAccessible(rendered(element), `open, one filter (${lang})`)
      part(element, 'filters-done')!.click()
      await waitFor(() => !shown(filters), `the filters fold again (${lang})`)
      expect(toggle.getAttribute('aria-expanded')).to.equal('false')
      expect(element.shadowRoot!.activeElement).to.equal(toggle)
      // As wide as a desktop page: the filters show, the button and "Show results" do not.
      element.style.inlineSize = '1000px'
      await waitFor(() => shown(filters), `the filters shown wide (${lang})`)
      expect(shown(toggle)).to.equal(false)
      expect(shown(part(element, 'filters-done'))).to.equal(false)
      element.remove()
    }
  })

  it('never lets a stale page overwrite a newer one when next is pressed quickly', async () => {
    const page4 = await api('/profile/contributors?q=%20&per_page=3&page=4')
    const element = await mount({ 'per-page': '3' })
    await waitForResults(element)
    const next = part(element, 'next')!
    next.click()
    next.click()
    next.click()
    await waitForIds(
      element,
      page4.data.map((e) => e.id),
      'page 4',
    )
    // Nothing later replaces it.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(shownIds(element)).to.deep.equal(page4.data.map((e) => e.id))
  })

  it('says what to do when nothing matches, and clearing the filters lists everyone again', async () => {
    for (const [lang, messages] of [
      ['ar', ar],
      ['en', en],
    ] as const) {
      const element = await mount({ query: 'zzqqxxnothing', lang })
      const empty = await waitFor(() => part(element, 'empty'), `the empty state (${lang})`)
      expect(empty.textContent).to.contain(messages['expertSearch.emptyTitle'])
      expect(part(element, 'status')!.textContent).to.equal(
        lang === 'ar' ? ar['contributors.results'].match(/zero \{([^}]*)\}/)![1] : 'No results',
      )
      expect(parts(element, 'result')).to.have.length(0)
      await expectAccessible(rendered(element), `empty (${lang})`)
      part(element, 'empty-clear')!.click()
      await waitForResults(element)
      expect((part(element, 'search-input') as HTMLInputElement).value).to.equal('')
      expect(element.shadowRoot!.activeElement).to.equal(part(element, 'search-input'))
      element.remove()
    }
  })

  it('shows the server error with a retry button when the API base is wrong, in both languages', async () => {
    const { origin, apiKey } = await platform()
    const messages = { ar: '', en: '' }
    for (const lang of ['ar', 'en'] as const) {
      const direct = await fetch(`${origin}/nope/profile/contributors?q=%20`, {
        headers: { 'X-API-Key': apiKey, 'Accept-Language': lang },
      })
      expect(direct.status).to.equal(404)
      messages[lang] = ((await direct.json()) as { error: { message: string } }).error.message
    }
    expect(messages.ar).not.to.equal(messages.en)

    for (const lang of ['ar', 'en'] as const) {
      performance.clearResourceTimings()
      const element = await mount({ 'api-base': `${origin}/nope`, 'api-key': apiKey, lang }, false)
      const notice = await waitFor(() => {
        const shown = part(element, 'notice')
        return shown?.textContent ? shown : null
      }, 'the notice')
      expect(notice.getAttribute('role')).to.equal('alert')
      // The server's own message (spec section 8), in the widget's language.
      expect(notice.textContent).to.contain(messages[lang])
      expect(part(element, 'skeleton')).to.equal(null)
      expect(parts(element, 'result')).to.have.length(0)
      await expectAccessible(rendered(element), `error (${lang})`)

      const searches = () =>
        performance.getEntriesByType('resource').filter((e) => e.name.includes('/nope/profile/contributors'))
          .length
      const before = searches()
      part(element, 'retry')!.click()
      await waitFor(() => searches() > before, 'a second try')
      await waitFor(() => part(element, 'notice')?.textContent, 'the notice again')

      // A corrected base loads the results.
      element.setAttribute('api-base', (await platform()).apiBase)
      await waitForResults(element)
      expect(part(element, 'notice')!.textContent).to.equal('')
      element.remove()
    }
  })

  it('fires expert-selected with the expert, its kind and the subject, bubbling and composed', async () => {
    const everyone = await api('/profile/contributors?q=%20&sort=newest')
    const element = await mount({})
    await waitForIds(
      element,
      everyone.data.map((e) => e.id),
      'everyone',
    )
    const events: CustomEvent<ExpertSelectedDetail>[] = []
    const listener = (event: Event) => events.push(event as CustomEvent<ExpertSelectedDetail>)
    document.addEventListener('expert-selected', listener)
    try {
      const index = everyone.data.findIndex((e) => e.role !== 'consultant')
      const chosen = everyone.data[index]!
      ;(parts(element, 'choose')[index] as HTMLButtonElement).click()
      expect(events).to.have.length(1)
      expect(events[0]!.detail).to.deep.equal({
        contributorId: chosen.id,
        role: chosen.role,
        subjectId: null,
      })
      expect(events[0]!.bubbles).to.equal(true)
      expect(events[0]!.composed).to.equal(true)
      expect(events[0]!.target).to.equal(element)

      // With a subject filter, the subject goes along.
      const subject = chosen.subjects[0]!.id
      await choose(select(element, ar['contributors.filters.subject']), String(subject))
      const filtered = await api(`/profile/contributors?q=%20&subjects=${subject}&sort=newest`)
      await waitForIds(
        element,
        filtered.data.map((e) => e.id),
        'the subject filter',
      )
      ;(parts(element, 'choose')[0] as HTMLButtonElement).click()
      expect(events[1]!.detail).to.deep.equal({
        contributorId: filtered.data[0]!.id,
        role: filtered.data[0]!.role,
        subjectId: subject,
      })
    } finally {
      document.removeEventListener('expert-selected', listener)
    }
  })

  it('is keyboard operable: Tab reaches a result and Enter chooses it', async () => {
    const expected = await api('/profile/v2/consultants?q=%20&type=4&sort=newest')
    const element = await mount({ role: 'partner' })
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'partners',
    )
    const events: ExpertSelectedDetail[] = []
    element.addEventListener('expert-selected', (event) => events.push(event.detail))
    ;(part(element, 'search-input') as HTMLInputElement).focus()
    const isChoose = () => element.shadowRoot!.activeElement?.getAttribute('part') === 'choose'
    for (let i = 0; i < 40 && !isChoose(); i++) await sendKeys({ press: 'Tab' })
    expect(isChoose(), 'a choose button has focus').to.equal(true)
    expect(element.shadowRoot!.activeElement).to.equal(parts(element, 'choose')[0])
    await sendKeys({ press: 'Enter' })
    expect(events).to.deep.equal([{ contributorId: expected.data[0]!.id, role: 'partner', subjectId: null }])
  })

  it('resumes its page and filters when moved elsewhere in the page', async () => {
    const page2 = await api('/profile/v2/bsa?q=%20&per_page=2&page=2')
    const element = await mount({ role: 'bsa', 'per-page': '2' })
    await waitForResults(element)
    part(element, 'next')!.click()
    await waitForIds(
      element,
      page2.data.map((e) => e.id),
      'page 2',
    )
    const box = document.createElement('section')
    document.body.append(box)
    box.append(element)
    await waitForIds(
      element,
      page2.data.map((e) => e.id),
      'page 2 after the move',
    )
  })

  it('keeps hostile page CSS out', async () => {
    const style = document.createElement('style')
    style.dataset.hostile = ''
    style.textContent = `
      * { font-size: 40px !important; background: rgb(255, 0, 0) !important; }
      expert-search { color: rgb(255, 0, 0); font-family: monospace; line-height: 5; direction: ltr; text-align: right; }
      button, li, img, h3, select { display: none !important; }
      .name, .choose, [part] { color: rgb(255, 0, 0) !important; }
    `
    document.head.append(style)
    const element = await mount({ role: 'advisor' })
    await waitForResults(element)
    const name = part(element, 'name')!
    const button = part(element, 'choose')!
    expect(getComputedStyle(name).display).not.to.equal('none')
    expect(getComputedStyle(button).display).not.to.equal('none')
    expect(getComputedStyle(name).color).not.to.equal('rgb(255, 0, 0)')
    expect(getComputedStyle(name).fontSize).not.to.equal('40px')
    expect(getComputedStyle(button).backgroundColor).not.to.equal('rgb(255, 0, 0)')
    expect(getComputedStyle(button).color).to.equal('rgb(255, 255, 255)')
    expect(getComputedStyle(part(element, 'base')!).fontFamily).to.contain('IBM Plex Sans Arabic')
    expect(getComputedStyle(part(element, 'base')!).lineHeight).not.to.equal(
      `${5 * Number.parseFloat(getComputedStyle(part(element, 'base')!).fontSize)}px`,
    )
    expect(getComputedStyle(part(element, 'base')!).direction).to.equal('rtl')
    await expectAccessible(rendered(element), 'hostile page CSS')
  })

  it('takes the theme from custom properties and ::part()', async () => {
    const style = document.createElement('style')
    style.dataset.hostile = ''
    style.textContent = `
      expert-search { --mashura-color-primary: rgb(0, 119, 85); }
      expert-search.accent { --expert-search-accent: rgb(20, 40, 60); }
      expert-search::part(name) { text-decoration: underline; }
    `
    document.head.append(style)
    const element = await mount({ role: 'advisor' })
    await waitForResults(element)
    // The accent is the primary darkened by a fifth: 0.8 × (0, 119, 85).
    expect(getComputedStyle(part(element, 'choose')!).backgroundColor).to.match(
      /^(rgb\(0, 95, 68\)|color\(srgb 0 0\.37\d* 0\.26\d*\))$/,
    )
    element.classList.add('accent')
    expect(getComputedStyle(part(element, 'choose')!).backgroundColor).to.equal('rgb(20, 40, 60)')
    expect(getComputedStyle(part(element, 'name')!).textDecorationLine).to.equal('underline')
  })

  it('takes expert-role like role, and then the whole element, host included, passes axe', async () => {
    const expected = await api('/profile/v2/consultants?q=%20&type=2&sort=newest', 'en')
    const element = await mount({ 'expert-role': 'advisor', lang: 'en' })
    await waitForIds(
      element,
      expected.data.map((e) => e.id),
      'advisors',
    )
    expect(expected.data.every((expert) => expert.role === 'advisor')).to.equal(true)
    expectKinds(element, expected.data, 'en')
    await expectAccessible(element, 'the whole element with expert-role')
  })

  it('still takes the deprecated role, with one console warning per element', async () => {
    const warnings: unknown[][] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args)
    try {
      const expected = await api('/profile/v2/consultants?q=%20&type=2&sort=newest', 'en')
      const element = await mount({ role: 'advisor', lang: 'en' })
      await waitForIds(
        element,
        expected.data.map((e) => e.id),
        'advisors through role',
      )
      element.setAttribute('per-page', '5')
      await waitUntil(() => parts(element, 'result').length <= 5 || null)
      const ours = warnings.filter((w) => w[0] === ROLE_DEPRECATION)
      expect(ours).to.have.length(1)
      // An element set up the new way says nothing.
      await mount({ 'expert-role': 'advisor', lang: 'en' })
      expect(warnings.filter((w) => w[0] === ROLE_DEPRECATION)).to.have.length(1)
    } finally {
      console.warn = warn
    }
  })
})

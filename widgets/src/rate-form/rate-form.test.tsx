import {
  catalogs,
  createTranslator,
  decryptRatingToken,
  formatDateWithHijri,
  type Language,
  type Question,
  type Questionnaire,
  type RatingDetails,
} from '@mashura/core'
import { formatHijriDate } from '@mashura/core/testing'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { expect } from 'chai'
import { emit, type RatingSubmittedDetail } from '../events.ts'
import { configureWidgets, resetWidgetConfig } from '../shared/config.ts'
import { expectAccessible } from '../test-support/axe.ts'
import { addDevSession, platform, platformAttributes, ratingLink, signIn } from '../test-support/platform.ts'
import { waitFor } from '../test-support/wait-for.ts'
import { defineRateForm, RateFormElement } from './rate-form.element.ts'
import { isAlreadyRated } from './rating-flow.ts'

/**
 * The rate-form in real Chromium against the real reference server: every link is a real rating link of a
 * real ended session, and every answer (200, 400 already rated, 400 invalid link, 422, 201) is the server's
 * own. The only thing between the widget and the server is a pass-through `fetch` that records the calls
 * (and can hold one back, to look at the loading state); it never answers in the server's place.
 */

// ------------------------------------------------------------------------------------------- helpers

interface Recorded {
  method: string
  url: string
  headers: Headers
  body: unknown
  status: number
  reply: unknown
}

/**
 * A `fetch` that hands every call to the real one and records it, request and reply. With `hold`, calls
 * whose URL contains it wait until `release()`: the loading state stays on screen as long as a test needs.
 */
function recordingFetch(hold?: string) {
  const calls: Recorded[] = []
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const fetchThrough = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const text = await request.clone().text()
    if (hold && request.url.includes(hold)) await held
    const response = await fetch(request)
    const replyText = await response.clone().text()
    calls.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      status: response.status,
      reply: replyText ? JSON.parse(replyText) : undefined,
    })
    return response
  }
  return { fetch: fetchThrough, calls, release }
}

/** The questionnaires the recorded validate call answered with. */
function questionnairesOf(calls: Recorded[]): Questionnaire[] {
  return (calls[0]!.reply as { data: { questionnaires: Questionnaire[] } }).data.questionnaires
}

/** The rating access token the recorded validate call handed out, decrypted as the widget does. */
function accessTokenOf(calls: Recorded[], passphrase: string): Promise<string> {
  const { data } = calls[0]!.reply as { data: { sme_access_token: RatingDetails['sme_access_token'] } }
  return decryptRatingToken(data.sme_access_token, passphrase)
}

/** A fresh ended session between dev-consultant and dev-sme, and its real rating link. */
async function newLink(): Promise<{ sessionId: number; token: string; passphrase: string }> {
  const session = await addDevSession(-120, { state: 'ended' })
  return { sessionId: session.id, ...(await ratingLink(session.id)) }
}

/** A seeded subject, named in `lang`, from the public subjects call. */
async function seededSubject(lang: Language): Promise<{ id: number; name: string }> {
  const { apiBase, apiKey } = await platform()
  const response = await fetch(`${apiBase}/dashboard/subjects`, {
    headers: { 'X-API-Key': apiKey, 'Accept-Language': lang },
  })
  const { data } = (await response.json()) as { data: { id: number; name: string }[] }
  return data[0]!
}

/** A colour as `getComputedStyle` writes it, as [r, g, b, alpha]. */
function rgba(color: string): [number, number, number, number] {
  const parts = color.match(/[\d.]+/g)?.map(Number) ?? []
  expect(parts.length, `a colour, not "${color}"`).to.be.within(3, 4)
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1]
}

/** The WCAG 2.1 contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = rgba(color).map((channel) => {
      const c = channel / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** The first opaque background behind an element, through shadow roots up to the page's canvas (white). */
function backgroundBehind(element: Element): string {
  let node: Element | null = element
  while (node) {
    const background = getComputedStyle(node).backgroundColor
    if (rgba(background)[3] === 1) return background
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)
  }
  return 'rgb(255, 255, 255)'
}

/** Waits for an element's running CSS transitions to end, so that computed styles are the state's own. */
async function settled(element: Element): Promise<void> {
  await Promise.all(element.getAnimations().map((animation) => animation.finished))
}

/** Arabic-Indic digits read as Latin ones, group separators dropped: «٢٬٠٠٠» or "2,000" → "2000". */
function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660))
    .replace(/[\u066c,]/g, '')
}

/** Answers every required question with the best answer (5 stars, yes); text questions are left out. */
function bestAnswers(questionnaires: Questionnaire[]) {
  return questionnaires
    .flatMap((questionnaire) => questionnaire.questions)
    .filter((question) => question.required && question.type !== 'text')
    .map((question) => ({ question_id: question.id, value: question.type === 'stars' ? 5 : true }))
}

/** Submits a rating straight to the API with `accessToken`, as another tab would. Returns the status. */
async function submitOverHttp(sessionId: number, accessToken: string, questionnaires: Questionnaire[]) {
  const { apiBase, apiKey } = await platform()
  const response = await fetch(`${apiBase}/rating/v4/sessions/${sessionId}/questionnaires`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-API-Key': apiKey,
      'X-Rating-Token': accessToken,
    },
    body: JSON.stringify({ answers: bestAnswers(questionnaires), comment: null }),
  })
  return response.status
}

/** Opens and rates a link over HTTP (validate, decrypt, submit), so that it counts as used. */
async function rateOverHttp(link: { sessionId: number; token: string; passphrase: string }) {
  const { apiBase, apiKey } = await platform()
  const opened = await fetch(`${apiBase}/rating/sme/validate-rating/${link.token}`, {
    headers: { 'X-API-Key': apiKey },
  })
  expect(opened.status).to.equal(200)
  const { data } = await opened.json()
  const accessToken = await decryptRatingToken(data.sme_access_token, link.passphrase)
  expect(await submitOverHttp(link.sessionId, accessToken, data.questionnaires)).to.equal(201)
}

/** A token of the right shape that no link has. */
function unknownToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

async function mount(attributes: Record<string, string>): Promise<RateFormElement> {
  const element = document.createElement('rate-form')
  for (const [name, value] of Object.entries({ ...(await platformAttributes()), ...attributes })) {
    element.setAttribute(name, value)
  }
  document.body.append(element)
  return element
}

function part(element: Element, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
}

/** Waits for the live region to say something, and returns what it says. */
async function statusText(element: Element): Promise<string> {
  return waitFor(() => part(element, 'status')?.textContent || '')
}

/** Waits for the form of a link that opened. */
function formOf(element: Element): Promise<HTMLElement> {
  return waitFor(() => part(element, 'form'))
}

/** Opens the form of a fresh rating link, recording every call the widget makes; `lang` unset: Arabic. */
async function openRecordedForm(lang?: 'en') {
  const link = await newLink()
  const { fetch, calls } = recordingFetch()
  configureWidgets({ fetch })
  const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...(lang ? { lang } : {}) })
  await formOf(element)
  return { link, calls, element }
}

/** Clicks the middle of `target` with the real mouse. */
async function click(target: Element): Promise<void> {
  target.scrollIntoView({ block: 'center' })
  const box = target.getBoundingClientRect()
  await sendMouse({
    type: 'click',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  })
}

function groups(element: Element): HTMLFieldSetElement[] {
  return [...element.shadowRoot!.querySelectorAll('fieldset')]
}

function t(lang: Language, key: keyof (typeof catalogs)['en']): string {
  return catalogs[lang][key]
}

before(() => {
  defineRateForm()
})

afterEach(() => {
  document.body.replaceChildren()
  for (const style of document.head.querySelectorAll('style[data-hostile]')) style.remove()
  resetWidgetConfig()
})

// ------------------------------------------------------------------------------------------- tests

describe('<rate-form> against the reference server', () => {
  for (const lang of ['ar', 'en'] as const) {
    const langAttribute: Record<string, string> = lang === 'ar' ? {} : { lang: 'en' }
    const dir = lang === 'ar' ? 'rtl' : 'ltr'

    describe(lang === 'ar' ? 'in Arabic (the default, right to left)' : 'in English (left to right)', () => {
      it('shows a loading skeleton, not a spinner, while the link is checked, then the form', async () => {
        const link = await newLink()
        const { fetch, release } = recordingFetch('/validate-rating/')
        configureWidgets({ fetch })
        const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...langAttribute })

        const skeleton = await waitFor(() => part(element, 'skeleton'))
        expect(skeleton.textContent).to.equal(t(lang, 'common.loading'))
        expect(part(element, 'status')!.textContent).to.equal('')
        const base = part(element, 'base')!
        expect(base.getAttribute('aria-busy')).to.equal('true')
        expect(base.getAttribute('dir')).to.equal(dir)
        expect(base.getAttribute('lang')).to.equal(lang)
        expect(getComputedStyle(base).direction).to.equal(dir)
        await expectAccessible(element, `loading (${lang})`)

        release()
        await formOf(element)
        expect(part(element, 'skeleton')).to.equal(null)
        expect(base.getAttribute('aria-busy')).to.equal('false')
        expect(part(element, 'title')!.textContent).to.equal(t(lang, 'rating.title'))
        await expectAccessible(element, `form (${lang})`)
      })

      it('says "already rated" when the link was used (validate 400), and moves focus to it', async () => {
        const link = await newLink()
        await rateOverHttp(link)
        const { fetch, calls } = recordingFetch()
        configureWidgets({ fetch })
        const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...langAttribute })

        expect(await statusText(element)).to.equal(t(lang, 'rating.alreadyRated'))
        expect(part(element, 'status')!.getAttribute('role')).to.equal('status')
        expect(part(element, 'status')!.dataset.state).to.equal('already-rated')
        expect(part(element, 'form')).to.equal(null)
        // The outcome takes focus, so keyboard users are not left on a vanished control.
        await waitFor(() => element.shadowRoot!.activeElement === part(element, 'status'))
        const { apiBase, apiKey } = await platform()
        expect(calls).to.have.length(1)
        expect(calls[0]!.url).to.equal(`${apiBase}/rating/sme/validate-rating/${link.token}`)
        expect(calls[0]!.status).to.equal(400)
        expect(calls[0]!.reply).to.have.nested.property('error.code', 'already_rated')
        expect(calls[0]!.headers.get('X-API-Key')).to.equal(apiKey)
        expect(calls[0]!.headers.get('Accept-Language')).to.equal(lang)
        await expectAccessible(element, `already rated (${lang})`)
      })

      it('says the link is not valid, not "already rated", for an unknown or tampered token', async () => {
        const link = await newLink()
        // One character changed: the same shape, but no link's hash.
        const last = link.token.at(-1) === 'A' ? 'B' : 'A'
        const tampered = `${link.token.slice(0, -1)}${last}`
        for (const token of [unknownToken(), tampered, 'not-a-token']) {
          const { fetch, calls } = recordingFetch()
          configureWidgets({ fetch })
          const element = await mount({ token, 'rating-key': link.passphrase, ...langAttribute })

          expect(await statusText(element)).to.equal(t(lang, 'errors.ratingLinkInvalid'))
          expect(element.shadowRoot!.textContent).not.to.contain(t(lang, 'rating.alreadyRated'))
          expect(part(element, 'status')!.dataset.state).to.equal('error')
          expect(calls[0]!.status).to.equal(400)
          expect(calls[0]!.reply).to.have.nested.property('error.code', 'rating_link_invalid')
          await expectAccessible(element, `invalid link (${lang})`)
          element.remove()
          resetWidgetConfig()
        }
        // The real link was not spent by the attempts: it still opens.
        const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...langAttribute })
        await formOf(element)
      })

      it('shows the generic error when the passphrase cannot decrypt the link, or there is no link', async () => {
        const link = await newLink()
        const wrongKey = await mount({
          token: link.token,
          'rating-key': 'not the passphrase',
          ...langAttribute,
        })
        expect(await statusText(wrongKey)).to.equal(t(lang, 'common.error'))
        expect(part(wrongKey, 'status')!.dataset.state).to.equal('error')
        await waitFor(() => wrongKey.shadowRoot!.activeElement === part(wrongKey, 'status'))
        await expectAccessible(wrongKey, `error (${lang})`)

        const noToken = await mount({ 'rating-key': link.passphrase, ...langAttribute })
        expect(await statusText(noToken)).to.equal(t(lang, 'common.error'))
        await expectAccessible(noToken, `error without a token (${lang})`)
      })

      it('names what is rated at the top of the form: the expert, the date and the subject, names isolated', async () => {
        const subject = await seededSubject(lang)
        const expert = await signIn('dev-consultant')
        const session = await addDevSession(-120, { state: 'ended', subject_id: subject.id })
        const link = await ratingLink(session.id)
        const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...langAttribute })
        const form = await formOf(element)

        const summary = part(element, 'summary')!
        expect(form.firstElementChild).to.equal(summary)
        expect(form.getAttribute('aria-describedby')).to.equal(summary.id)
        const date = formatDateWithHijri(session.start_at, lang)
        expect(summary.textContent).to.equal(
          createTranslator(lang).t('rating.about', { expert: expert.name, date, subject: subject.name }),
        )
        // People's words are isolated, so a Latin name cannot reorder the Arabic sentence (or the reverse).
        expect([...summary.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).to.deep.equal([
          expert.name,
          subject.name,
        ])
        // The date is the Riyadh day, Gregorian; in Arabic with the Hijri date beside it, in Arabic-Indic digits.
        if (lang === 'ar') {
          expect(summary.textContent).to.contain(formatHijriDate(session.start_at, 'ar'))
          expect(date).to.match(/[\u0660-\u0669]/)
          expect(summary.textContent).not.to.match(/[0-9]/)
        } else {
          expect(date).to.equal(
            new Intl.DateTimeFormat('en-GB', {
              timeZone: 'Asia/Riyadh',
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            }).format(new Date(session.start_at)),
          )
        }
        await expectAccessible(element, `summary (${lang})`)

        // A session without a subject is named by its expert and date only.
        const bare = await addDevSession(-180, { state: 'ended' })
        const bareLink = await ratingLink(bare.id)
        element.remove()
        const other = await mount({
          token: bareLink.token,
          'rating-key': bareLink.passphrase,
          ...langAttribute,
        })
        await formOf(other)
        expect(part(other, 'summary')!.textContent).to.equal(
          createTranslator(lang).t('rating.aboutNoSubject', {
            expert: expert.name,
            date: formatDateWithHijri(bare.start_at, lang),
          }),
        )
      })

      it('counts in the language’s digits: the stars chosen and the characters typed', async () => {
        const link = await newLink()
        const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...langAttribute })
        await formOf(element)
        const stars = groups(element).find((group) => group.getAttribute('part') === 'stars')!
        expect(stars.querySelector('[part~="star-count"]')).to.equal(null)
        await click(stars.querySelectorAll('label')[2]!)
        const chosen = await waitFor(() => stars.querySelector('[part~="star-count"]')?.textContent)
        const comment = [...element.shadowRoot!.querySelectorAll('textarea')].at(-1)!
        const count = element.shadowRoot!.getElementById(comment.getAttribute('aria-describedby')!)!
        expect(count.getAttribute('part')).to.equal('character-count')
        await click(comment)
        const typed = lang === 'ar' ? 'جلسة مفيدة جدًا' : 'A useful session'
        await sendKeys({ type: typed })
        await waitFor(() => comment.value === typed)
        const characters = count.textContent!

        if (lang === 'ar') {
          expect(chosen).to.equal('٣ من ٥')
          expect(characters).to.match(/^عدد الأحرف: [\u0660-\u0669]+ من [\u0660-\u0669٬]+$/)
          for (const text of [chosen, characters]) expect(text).not.to.match(/[0-9]/)
        } else {
          expect(chosen).to.equal('3 of 5')
          expect(characters).to.not.match(/[\u0660-\u0669]/)
        }
        expect(latinDigits(characters).match(/\d+/g)!.map(Number)).to.deep.equal([typed.length, 2000])
        expect(comment.maxLength).to.equal(2000)
        await expectAccessible(element, `counters (${lang})`)
      })

      it('takes a whole rating with the mouse: required answers first, then success and rating-submitted', async () => {
        const link = await newLink()
        const { fetch, calls } = recordingFetch()
        configureWidgets({ fetch })
        const element = await mount({ token: link.token, 'rating-key': link.passphrase, ...langAttribute })
        const received: CustomEvent<RatingSubmittedDetail>[] = []
        const listener = (event: Event) => received.push(event as CustomEvent<RatingSubmittedDetail>)
        document.addEventListener('rating-submitted', listener)
        try {
          await formOf(element)
          const questionnaires = questionnairesOf(calls)
          const questions = questionnaires.flatMap((questionnaire) => questionnaire.questions)
          const required = questions.filter((question) => question.required)
          expect(required.length).to.be.greaterThan(0)

          // Nothing answered: no call, one error per required question, focus on the first.
          await click(part(element, 'submit')!)
          const errors = await waitFor(() => {
            const found = element.shadowRoot!.querySelectorAll('[part~="error"]')
            return found.length === required.length && [...found]
          })
          for (const error of errors) expect(error.textContent).to.equal(t(lang, 'errors.fieldRequired'))
          expect(calls.filter((call) => call.method === 'POST')).to.have.length(0)
          await waitFor(
            () => element.shadowRoot!.activeElement === groups(element)[0]!.querySelector('input'),
          )
          expect(received).to.have.length(0)
          await expectAccessible(element, `missing answers (${lang})`)

          // Answer every choice question with its first option, stars with the third; each error goes.
          for (const group of groups(element)) {
            const labels = group.querySelectorAll('label')
            await click(labels[group.getAttribute('part') === 'stars' ? 2 : 0]!)
          }
          await waitFor(() => element.shadowRoot!.querySelectorAll('[part~="error"]').length === 0)
          await expectAccessible(element, `answered (${lang})`)
          const comment = [...element.shadowRoot!.querySelectorAll('textarea')].at(-1)!
          await click(comment)
          await sendKeys({ type: lang === 'ar' ? 'جلسة مفيدة' : 'A useful session' })
          await click(part(element, 'submit')!)

          expect(await statusText(element)).to.equal(t(lang, 'rating.succeeded'))
          expect(part(element, 'status')!.dataset.state).to.equal('succeeded')
          expect(part(element, 'form')).to.equal(null)
          await waitFor(() => element.shadowRoot!.activeElement === part(element, 'status'))
          const post = calls.find((call) => call.method === 'POST')!
          expect(post.url).to.contain(`/rating/v4/sessions/${link.sessionId}/questionnaires`)
          expect(post.status).to.equal(201)
          // The link is read once (its answer holds the questionnaires); the submit carries the decrypted
          // rating access token in its own header, never as a bearer.
          expect(calls.map((call) => call.method)).to.deep.equal(['GET', 'POST'])
          expect(post.headers.get('X-Rating-Token')).to.equal(await accessTokenOf(calls, link.passphrase))
          expect(post.headers.get('X-Rating-Token')).to.match(/^[A-Za-z0-9_-]{43}$/)
          expect(post.headers.get('Authorization')).to.equal(null)
          expect(post.body).to.deep.equal({
            answers: questions
              .filter((question) => question.type !== 'text')
              .map((question) => ({ question_id: question.id, value: question.type === 'stars' ? 3 : true })),
            comment: lang === 'ar' ? 'جلسة مفيدة' : 'A useful session',
          })

          expect(received).to.have.length(1)
          const event = received[0]!
          expect(event.bubbles).to.equal(true)
          expect(event.composed).to.equal(true)
          expect(event.target).to.equal(element)
          expect(event.detail).to.deep.equal({ sessionId: link.sessionId })
          // Not a dead end (issue 31): a link on, to the site's home unless the page names another place.
          const onward = part(element, 'done-link') as HTMLAnchorElement
          expect(onward.textContent).to.equal(t(lang, 'rating.doneLink'))
          expect(onward.getAttribute('href')).to.equal('/')
          await expectAccessible(element, `succeeded (${lang})`)

          // The same link opened again: the server says it was used, and the widget says so, with the way on.
          const again = await mount({
            token: link.token,
            'rating-key': link.passphrase,
            'done-href': '/sessions',
            ...langAttribute,
          })
          expect(await statusText(again)).to.equal(t(lang, 'rating.alreadyRated'))
          expect(part(again, 'done-link')?.getAttribute('href')).to.equal('/sessions')
          expect(received).to.have.length(1)
        } finally {
          document.removeEventListener('rating-submitted', listener)
        }
      })
    })
  }

  it('labels every field: legends marked required or optional, a name for each star, labels for text', async () => {
    const { calls, element } = await openRecordedForm('en')
    const root = element.shadowRoot!
    const questions = questionnairesOf(calls).flatMap((q) => q.questions)
    // Each question says whether it must be answered: an optional text box beside the optional comment
    // reads as optional too (issue 31).
    const marker = (question: Question) =>
      ` (${t('en', question.required ? 'common.required' : 'common.optional')})`

    expect(groups(element).map((group) => group.querySelector('legend')?.textContent)).to.deep.equal(
      questions
        .filter((question) => question.type !== 'text')
        .map((question) => `${question.text}${marker(question)}`),
    )
    for (const question of questions.filter((q) => q.type === 'text')) {
      const textarea = root.querySelector(`textarea[data-question="${question.id}"]`)!
      expect(root.querySelector(`label[for="${textarea.id}"]`)!.textContent).to.equal(
        `${question.text}${marker(question)}`,
      )
    }
    for (const group of groups(element).filter((g) => g.getAttribute('part') === 'stars')) {
      const stars = [...group.querySelectorAll('label')].map((label) => label.textContent)
      expect(stars).to.deep.equal(['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      // The star itself is a picture, hidden from assistive tech: the name is the text.
      for (const label of group.querySelectorAll('label')) {
        expect(label.querySelector('svg[part~="star"]')!.getAttribute('aria-hidden')).to.equal('true')
      }
    }
    for (const group of groups(element).filter((g) => g.getAttribute('part') === 'choices')) {
      const choices = [...group.querySelectorAll('label')].map((label) => label.textContent)
      expect(choices).to.deep.equal([t('en', 'common.yes'), t('en', 'common.no')])
    }
    const textareas = [...root.querySelectorAll('textarea')]
    expect(textareas).to.have.length(questions.filter((question) => question.type === 'text').length + 1)
    for (const textarea of textareas) {
      expect(root.querySelector(`label[for="${textarea.id}"]`)?.textContent).to.not.equal('')
    }
    expect(root.querySelector(`label[for="${textareas.at(-1)!.id}"]`)!.textContent).to.equal(
      t('en', 'rating.commentPlaceholder'),
    )
  })

  it('keeps every star at 3:1 against its background: unselected, hovered, selected and focused', async () => {
    const link = await newLink()
    const element = await mount({ token: link.token, 'rating-key': link.passphrase })
    await formOf(element)
    const group = groups(element).find((g) => g.getAttribute('part') === 'stars')!
    const labels = [...group.querySelectorAll('label')]
    const stars = labels.map((label) => label.querySelector<SVGElement>('svg[part~="star"]')!)
    expect(stars.every(Boolean)).to.equal(true)
    /** The contrast of a star's outline (and, when lit, its fill) against what is behind it. */
    const measure = async (star: SVGElement) => {
      await settled(star)
      const style = getComputedStyle(star)
      const behind = backgroundBehind(star)
      expect(Number.parseFloat(style.strokeWidth)).to.be.greaterThan(0)
      return {
        stroke: style.stroke,
        outline: contrast(style.stroke, behind),
        fill: contrast(style.fill, behind),
      }
    }
    const away = () => sendMouse({ type: 'move', position: [0, 0] })

    await away()
    const unselected = await measure(stars[4]!)
    expect(unselected.outline, 'unselected').to.be.at.least(3)

    const box = labels[3]!.getBoundingClientRect()
    await sendMouse({
      type: 'move',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    })
    const hovered = await measure(stars[3]!)
    expect(hovered.outline, 'hovered').to.be.at.least(3)
    expect(hovered.stroke, 'the hover shows').not.to.equal(unselected.stroke)

    await click(labels[2]!)
    await away()
    for (const star of stars.slice(0, 3)) {
      const selected = await measure(star)
      expect(selected.outline, 'selected outline').to.be.at.least(3)
      expect(selected.fill, 'selected fill').to.be.at.least(3)
    }
    expect((await measure(stars[3]!)).outline, 'unselected beside selected ones').to.be.at.least(3)

    // The keyboard moves the choice (and focus-visible) to a neighbour.
    await sendKeys({ press: 'ArrowLeft' })
    const focusedLabel = await waitFor(() =>
      labels.find((label) => label.matches(':has(.radio:focus-visible)')),
    )
    const focused = await measure(focusedLabel.querySelector<SVGElement>('svg')!)
    expect(focused.outline, 'focused').to.be.at.least(3)
    const ring = getComputedStyle(focusedLabel)
    expect(ring.outlineStyle).to.equal('solid')
    expect(contrast(ring.outlineColor, backgroundBehind(focusedLabel)), 'focus ring').to.be.at.least(3)
  })

  it('is operable with the keyboard alone: Enter submits, arrows and Space answer, focus goes to the gap', async () => {
    const { calls, element } = await openRecordedForm('en')
    const root = element.shadowRoot!
    const fieldsets = groups(element)

    part(element, 'submit')!.focus()
    await sendKeys({ press: 'Enter' })
    const firstError = await waitFor(() => part(element, 'error'))
    expect(fieldsets[0]!.getAttribute('aria-describedby')).to.equal(firstError.id)
    expect(fieldsets[0]!.getAttribute('aria-invalid')).to.equal('true')
    await waitFor(() => root.activeElement === fieldsets[0]!.querySelector('input'))

    // Arrow keys move (and choose) within the native radio group.
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'ArrowRight' })
    expect(root.activeElement).to.equal(fieldsets[0]!.querySelectorAll('input')[3])
    expect((root.activeElement as HTMLInputElement).checked).to.equal(true)
    await waitFor(() => fieldsets[0]!.getAttribute('aria-invalid') === 'false')

    // Tab reaches each following group's first option; Space chooses it. Text answers are typed.
    let answered = 1
    while (answered < fieldsets.length) {
      await sendKeys({ press: 'Tab' })
      const focused = root.activeElement as HTMLElement
      if (focused instanceof HTMLTextAreaElement) {
        await sendKeys({ type: 'More time' })
        continue
      }
      expect(focused).to.equal(fieldsets[answered]!.querySelector('input'))
      await sendKeys({ press: 'Space' })
      answered++
    }
    await waitFor(() => root.querySelectorAll('[part~="error"]').length === 0)
    // Past the last group: the optional text answer, the comment, then the submit button.
    while (root.activeElement !== part(element, 'submit')) {
      await sendKeys({ press: 'Tab' })
      expect(root.activeElement?.tagName).to.be.oneOf(['TEXTAREA', 'BUTTON'])
    }
    await sendKeys({ press: 'Enter' })

    expect(await statusText(element)).to.equal(t('en', 'rating.succeeded'))
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.status).to.equal(201)
    const answers = (post.body as { answers: { question_id: number; value: unknown }[] }).answers
    expect(answers[0]!.value).to.equal(4)
    expect(answers.filter((answer) => answer.value === 'More time')).to.have.length.greaterThan(0)
    await waitFor(() => root.activeElement === part(element, 'status'))
  })

  it('says "already rated" when the submit answers 422 (the link was rated elsewhere meanwhile)', async () => {
    const { link, calls, element } = await openRecordedForm()

    // Another tab holding the same access token submits first.
    const accessToken = await accessTokenOf(calls, link.passphrase)
    const questionnaires = questionnairesOf(calls)
    expect(await submitOverHttp(link.sessionId, accessToken, questionnaires)).to.equal(201)

    const received: Event[] = []
    element.addEventListener('rating-submitted', (event) => received.push(event))
    for (const group of groups(element)) await click(group.querySelectorAll('label')[0]!)
    await click(part(element, 'submit')!)

    expect(await statusText(element)).to.equal(t('ar', 'rating.alreadyRated'))
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.status).to.equal(422)
    expect(post.reply).to.have.nested.property('error.code', 'already_rated')
    expect(part(element, 'form')).to.equal(null)
    expect(received).to.have.length(0)
    await expectAccessible(element, 'already rated on submit (ar)')
  })

  it('fires rating-submitted through the one helper: bubbling, composed, with an object detail', async () => {
    const element = await mount({ 'rating-key': 'passphrase' })
    const received: Event[] = []
    const listener = (event: Event) => received.push(event)
    document.addEventListener('rating-submitted', listener)

    emit(element, 'rating-submitted', { sessionId: 7 })
    document.removeEventListener('rating-submitted', listener)

    expect(received).to.have.length(1)
    const event = received[0] as CustomEvent<RatingSubmittedDetail>
    expect(event.bubbles).to.equal(true)
    expect(event.composed).to.equal(true)
    expect(event.detail).to.deep.equal({ sessionId: 7 })
    expect(event.target).to.equal(element)
  })

  it('keeps the page’s CSS out of its shadow root, and adopts its sheets once for every instance', async () => {
    const hostile = document.createElement('style')
    hostile.dataset.hostile = ''
    hostile.textContent =
      '* { color: red !important; font-family: monospace !important; direction: ltr !important }' +
      ' p, h2, [part] { display: none !important; border: 9px solid red !important }'
    document.head.append(hostile)
    const first = await mount({ 'rating-key': 'passphrase' })
    const second = await mount({ 'rating-key': 'passphrase' })

    expect(await statusText(first)).to.equal(t('ar', 'common.error'))
    const status = part(first, 'status')!
    expect(getComputedStyle(status).color).to.equal('rgb(31, 26, 43)')
    expect(getComputedStyle(status).display).to.equal('block')
    expect(getComputedStyle(part(first, 'title')!).color).to.equal('rgb(45, 26, 71)')
    expect(getComputedStyle(status).fontFamily).not.to.contain('monospace')
    expect(getComputedStyle(part(first, 'base')!).direction).to.equal('rtl')
    expect(first.shadowRoot!.adoptedStyleSheets).to.have.length(2)
    expect(first.shadowRoot!.adoptedStyleSheets).to.deep.equal(second.shadowRoot!.adoptedStyleSheets)
    expect(first.shadowRoot!.adoptedStyleSheets[0]).to.equal(second.shadowRoot!.adoptedStyleSheets[0])
    expect(first.shadowRoot!.adoptedStyleSheets[1]).to.equal(second.shadowRoot!.adoptedStyleSheets[1])
    await expectAccessible(first, 'error under hostile page CSS')
  })

  it('registers under a prefix with defineWidgets, guarded against a second call', async () => {
    // Loaded here: define.ts brings every widget, which the other tests of this file do not need.
    const { defineWidgets } = await import('../define.ts')
    defineWidgets({ prefix: 'acme' })
    defineWidgets({ prefix: 'acme' })
    expect(customElements.get('acme-rate-form')).to.not.equal(undefined)
    expect(customElements.get('acme-rate-form')).not.to.equal(customElements.get('rate-form'))
    expect(document.createElement('acme-rate-form')).to.be.instanceOf(RateFormElement)
  })
})

describe('isAlreadyRated', () => {
  it('reads already-rated from 400 on validate and 422 on submit only', () => {
    expect(isAlreadyRated('validate', 400)).to.equal(true)
    expect(isAlreadyRated('validate', 422)).to.equal(false)
    expect(isAlreadyRated('submit', 422)).to.equal(true)
    expect(isAlreadyRated('submit', 400)).to.equal(false)
  })
})

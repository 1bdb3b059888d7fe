import { sendKeys } from '@web/test-runner-commands'
import { expect } from 'chai'
import { expectAccessible } from '../test-support/axe.ts'
import { platformAttributes } from '../test-support/platform.ts'
import { waitFor as waitUntil } from '../test-support/wait-for.ts'
import { loadWidgets, type WidgetLoader, widgetModuleUrl } from './loader.ts'
import { FAILURE_NOTICE_MS, type MashuraPlaceholderElement } from './placeholder.element.ts'

/**
 * The loader in real Chromium: widget modules are the sources Vite serves (the same modules the build turns
 * into `widgets/dist/<name>.js`), fetched for real; which ones were fetched is read from the page's
 * resource timing entries. The widgets talk to the run's reference server.
 */

/** The widget sources, by entry name: what `dist/<name>.js` is built from. */
const SOURCES = '/widgets/src/{name}/index.ts'

const loaders: WidgetLoader[] = []
function start(options: Parameters<typeof loadWidgets>[0]): WidgetLoader {
  const loader = loadWidgets({ base: SOURCES, ...options })
  loaders.push(loader)
  return loader
}

afterEach(() => {
  for (const loader of loaders.splice(0)) loader.stop()
  for (const element of document.querySelectorAll('[data-test]')) element.remove()
})

/** Polls with this file's longer wait: a module loads cold. */
const waitFor = <T,>(probe: () => T, timeout = 8000) => waitUntil(probe, timeout)

/** The modules the page fetched whose address contains `fragment`. */
function fetched(fragment: string): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes(fragment))
}

async function mount(tag: string, attributes: Record<string, string> = {}, inner = ''): Promise<HTMLElement> {
  const element = document.createElement(tag)
  element.dataset.test = ''
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.innerHTML = inner
  document.body.append(element)
  // The loader's MutationObserver runs in the microtask queued by `append`, before this continuation.
  await Promise.resolve()
  return element
}

function placeholderIn(element: Element): MashuraPlaceholderElement | null {
  return element.querySelector('mashura-placeholder')
}

function part(element: Element, name: string): HTMLElement | null {
  return element.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null
}

describe('loader', () => {
  it('resolves module addresses from a folder, a template, or its own folder', () => {
    expect(widgetModuleUrl('rate-form', 'https://cdn.example/mashura/')).to.equal(
      'https://cdn.example/mashura/rate-form.js',
    )
    expect(widgetModuleUrl('rate-form', 'https://cdn.example/mashura')).to.equal(
      'https://cdn.example/mashura/rate-form.js',
    )
    expect(widgetModuleUrl('session-room', '/w/{name}/index.ts')).to.equal(
      `${location.origin}/w/session-room/index.ts`,
    )
    expect(widgetModuleUrl('expert-search')).to.equal(new URL('./expert-search.js', import.meta.url).href)
  })

  it('imports <rate-form> the first time one is added, shows a skeleton until then, and lets it upgrade', async () => {
    expect(customElements.get('rate-form')).to.equal(undefined)
    expect(fetched('/widgets/src/rate-form/')).to.deep.equal([])
    start({})
    const form = await mount('rate-form', { ...(await platformAttributes()), lang: 'en' })

    const placeholder = placeholderIn(form)
    expect(placeholder, 'a placeholder while the module loads').to.not.equal(null)
    await placeholder!.updateComplete
    expect(placeholder!.getAttribute('widget')).to.equal('rate-form')
    const base = part(placeholder!, 'base')!
    expect(base.getAttribute('dir')).to.equal('ltr')
    expect(base.getAttribute('lang')).to.equal('en')
    expect(part(placeholder!, 'skeleton')!.getAttribute('role')).to.equal('status')
    expect(part(placeholder!, 'skeleton')!.textContent).to.contain('Loading')
    await expectAccessible(form, 'loading')

    await waitFor(() => customElements.get('rate-form'))
    expect(form).to.be.instanceOf(customElements.get('rate-form')!)
    await waitFor(() => part(form, 'base'))
    expect(placeholderIn(form), 'the placeholder leaves once the widget is defined').to.equal(null)
    expect(fetched('/widgets/src/rate-form/index.ts')).to.have.length(1)
    await expectAccessible(form, 'upgraded')

    // A second form reuses the registered element: no second fetch, no placeholder.
    const second = await mount('rate-form', await platformAttributes())
    expect(placeholderIn(second)).to.equal(null)
    await waitFor(() => part(second, 'base'))
    expect(fetched('/widgets/src/rate-form/index.ts')).to.have.length(1)
  })

  it('never imports a widget whose tag never appears', async () => {
    start({})
    // Names that are not the watched tags, even if close, do not count.
    await mount('div', {}, '<p>expert-search booking-calendar</p><session-roomx></session-roomx>')
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const name of ['expert-search', 'booking-calendar', 'session-room']) {
      expect(fetched(`/widgets/src/${name}/`), name).to.deep.equal([])
      expect(customElements.get(name), name).to.equal(undefined)
    }
  })

  it('watches and registers prefixed names when given a prefix, leaving unprefixed tags alone', async () => {
    start({ prefix: 'acme' })
    const unprefixed = await mount('booking-calendar')
    expect(placeholderIn(unprefixed)).to.equal(null)
    const form = await mount('acme-rate-form', { ...(await platformAttributes()), lang: 'ar' })
    await (placeholderIn(form)?.updateComplete ?? Promise.resolve())
    await waitFor(() => customElements.get('acme-rate-form'))
    const RateForm = await waitFor(() => customElements.get('rate-form'))
    expect(form).to.be.instanceOf(RateForm)
    const base = await waitFor(() => part(form, 'base'))
    expect(base.getAttribute('dir')).to.equal('rtl')
    await expectAccessible(form, 'prefixed, upgraded')
    expect(fetched('/widgets/src/booking-calendar/')).to.deep.equal([])
  })

  it('starts by itself from its script tag, with data-prefix and data-base', async () => {
    const script = document.createElement('script')
    script.type = 'module'
    script.dataset.test = ''
    script.dataset.prefix = 'tagged'
    script.dataset.base = SOURCES
    // Its own module instance (the query makes a new address), as on a partner page.
    script.src = '/widgets/src/loader/index.ts?from-script-tag'
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve
      script.onerror = reject
    })
    document.head.append(script)
    await loaded
    const form = await mount('tagged-rate-form', await platformAttributes())
    await waitFor(() => customElements.get('tagged-rate-form'))
    await waitFor(() => part(form, 'base'))
  })

  it('keeps the page’s own fallback content instead of adding a skeleton, and can go without skeletons', async () => {
    start({ prefix: 'own', base: '/widgets/src/loader/missing/{name}.js' })
    const withContent = await mount('own-session-room', {}, '<p>Our own loading text</p>')
    expect(placeholderIn(withContent)).to.equal(null)
    expect(withContent.textContent).to.equal('Our own loading text')
    loaders.pop()!.stop()
    start({ prefix: 'bare', noPlaceholders: true, base: '/widgets/src/loader/missing/{name}.js' })
    const bare = await mount('bare-rate-form')
    expect(bare.childNodes).to.have.length(0)
  })

  it('shows an error notice in the widget’s language with a keyboard retry when a module cannot be fetched', async () => {
    start({ prefix: 'broken', base: '/widgets/src/loader/missing/{name}.js' })
    const english = await mount('broken-rate-form', { lang: 'en' })
    const arabic = await mount('broken-expert-search')
    const placeholder = placeholderIn(english)!
    await waitFor(() => placeholder.getAttribute('state') === 'failed')
    await placeholder.updateComplete
    const notice = part(placeholder, 'notice')!
    expect(notice.getAttribute('role')).to.equal('alert')
    expect(notice.textContent).to.contain('could not be loaded')
    expect(part(placeholder, 'base')!.getAttribute('dir')).to.equal('ltr')
    await expectAccessible(english, 'failed, English')

    const arabicPlaceholder = placeholderIn(arabic)!
    await waitFor(() => arabicPlaceholder.getAttribute('state') === 'failed')
    await arabicPlaceholder.updateComplete
    expect(part(arabicPlaceholder, 'base')!.getAttribute('dir')).to.equal('rtl')
    expect(part(arabicPlaceholder, 'base')!.getAttribute('lang')).to.equal('ar')
    expect(part(arabicPlaceholder, 'notice')!.textContent).to.contain('تعذّر تحميل')
    expect(part(arabicPlaceholder, 'retry')!.textContent).to.equal('إعادة المحاولة')
    await expectAccessible(arabic, 'failed, Arabic')

    // The widget's language change reaches the placeholder.
    arabic.setAttribute('lang', 'en')
    await waitFor(() => part(arabicPlaceholder, 'base')!.getAttribute('dir') === 'ltr')
    expect(part(arabicPlaceholder, 'retry')!.textContent).to.equal('Try again')

    // A second element of a failed tag waits for the retry instead of refetching.
    const again = await mount('broken-rate-form', { lang: 'en' })
    expect(placeholderIn(again)!.getAttribute('state')).to.equal('failed')
    expect(fetched('/widgets/src/loader/missing/rate-form.js')).to.have.length(1)

    // Retry from the keyboard: a new fetch, the message comes back, focus stays on the button.
    const retry = part(placeholder, 'retry')!
    retry.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => fetched('/widgets/src/loader/missing/rate-form.js?retry=1').length === 1)
    await waitFor(() => part(placeholder, 'notice')!.textContent!.includes('could not be loaded'))
    expect(placeholder.shadowRoot!.activeElement).to.equal(retry)
    await expectAccessible(english, 'failed again')
  })

  it('hides the failure message after 10 seconds and keeps the retry button', async function () {
    this.timeout(FAILURE_NOTICE_MS + 8000)
    start({ prefix: 'timed', base: '/widgets/src/loader/missing/{name}.js' })
    const element = await mount('timed-session-room', { lang: 'en' })
    const placeholder = placeholderIn(element)!
    await waitFor(() => part(placeholder, 'notice')?.textContent?.includes('could not be loaded'))
    await new Promise((resolve) => setTimeout(resolve, FAILURE_NOTICE_MS - 1000))
    expect(part(placeholder, 'notice')!.textContent, 'still there after 9 s').to.contain(
      'could not be loaded',
    )
    await waitFor(() => part(placeholder, 'notice')!.textContent!.trim() === '', 2500)
    expect(part(placeholder, 'retry')).to.not.equal(null)
    await expectAccessible(element, 'failed, message gone')
  })

  it('is not restyled by hostile page CSS', async () => {
    const hostile = document.createElement('style')
    hostile.dataset.test = ''
    hostile.textContent = `
      /* Not on <html>: rem sizes follow the root font size on purpose (the reader's own setting). */
      body, body * { color: rgb(255, 0, 0) !important; font-size: 40px !important; letter-spacing: 9px !important; }
      div, span, button { display: none !important; background: lime !important; }
      mashura-placeholder { font-family: serif; }`
    document.head.append(hostile)
    start({ prefix: 'styled', base: '/widgets/src/loader/missing/{name}.js' })
    const element = await mount('styled-booking-calendar')
    const placeholder = placeholderIn(element)!
    await waitFor(() => placeholder.getAttribute('state') === 'failed')
    await placeholder.updateComplete
    const base = getComputedStyle(part(placeholder, 'base')!)
    expect(base.display).to.equal('grid')
    expect(base.color).to.equal('rgb(31, 26, 43)')
    expect(base.fontSize).to.equal('16px')
    expect(base.letterSpacing).to.equal('normal')
    expect(base.fontFamily).to.contain('IBM Plex Sans Arabic')
    expect(getComputedStyle(part(placeholder, 'retry')!).display).to.not.equal('none')
    // Its reserved height is the calendar's, so the page does not jump when the widget arrives.
    expect(part(placeholder, 'base')!.getBoundingClientRect().height).to.be.at.least(30 * 16 - 1)
  })

  it('takes the page’s theme through custom properties and ::part()', async () => {
    const theme = document.createElement('style')
    theme.dataset.test = ''
    theme.textContent = `
      themed-rate-form { --mashura-color-skeleton: rgb(1, 2, 3); --mashura-placeholder-block-size: 5rem; }
      mashura-placeholder::part(base) { border-color: rgb(4, 5, 6); }`
    document.head.append(theme)
    start({ prefix: 'themed', base: '/widgets/src/loader/missing/{name}.js' })
    const element = await mount('themed-rate-form')
    const placeholder = placeholderIn(element)!
    await placeholder.updateComplete
    const bar = placeholder.shadowRoot!.querySelector('.bar')!
    expect(getComputedStyle(bar).backgroundColor).to.equal('rgb(1, 2, 3)')
    const base = part(placeholder, 'base')!
    expect(getComputedStyle(base).borderInlineStartColor).to.equal('rgb(4, 5, 6)')
    expect(getComputedStyle(base).minBlockSize).to.equal('80px')
  })
})

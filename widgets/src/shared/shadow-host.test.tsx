import { expect } from 'chai'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { waitFor } from '../test-support/wait-for.ts'
import {
  createShadowSlots,
  fillShadowSlots,
  hydrateDrawnWidget,
  ShadowHost,
  ShadowSlotsContext,
} from './shadow-host.tsx'

/**
 * ShadowHost in real Chromium: a page drawn on the server as the site's entry-server draws it (the widget in
 * a declarative shadow root), parsed as a browser parses a page, then hydrated: the widget keeps the drawn
 * nodes, answers, and takes the host's later props. Without a server, the widget renders through a portal.
 */

const CSS = '.count { color: rgb(1, 2, 3); }'

/** A widget with state, a callback prop and a label prop. */
function Counter({ label, onCount }: { label: string; onCount?: (n: number) => void }) {
  const [count, setCount] = useState(0)
  return (
    <div className="base">
      <span className="label">{label}</span>
      <button
        type="button"
        className="count"
        onClick={() => {
          setCount(count + 1)
          onCount?.(count + 1)
        }}
      >
        {count}
      </button>
    </div>
  )
}

function Page({
  label,
  onCount,
  drawOnServer = true,
}: {
  label: string
  onCount?: (n: number) => void
  drawOnServer?: boolean
}) {
  return (
    <main>
      <h1>page</h1>
      <ShadowHost widget="test-counter" css={CSS} drawOnServer={drawOnServer}>
        <Counter label={label} onCount={onCount} />
      </ShadowHost>
    </main>
  )
}

/** The host app: a page whose label it can change later (`setLabel`). */
let setLabel: (label: string) => void = () => {}
function App({ onCount }: { onCount?: (n: number) => void }) {
  const [label, set] = useState('first')
  setLabel = set
  return <Page label={label} onCount={onCount} />
}

/** The page as the server sends it: the host tree, then each widget drawn into its slot. */
function drawn(element: React.ReactElement): string {
  const slots = createShadowSlots()
  const html = renderToString(<ShadowSlotsContext value={slots}>{element}</ShadowSlotsContext>)
  return fillShadowSlots(html, slots, (widget) => renderToString(widget))
}

function shadow(container: Element): ShadowRoot {
  const host = container.querySelector('[data-widget="test-counter"]')
  if (!host?.shadowRoot) throw new Error('no shadow root')
  return host.shadowRoot
}

describe('ShadowHost', () => {
  let container: HTMLDivElement
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
  })
  afterEach(() => container.remove())

  it('hydrates a widget the server drew in a declarative shadow root, keeping its nodes, and passes later props', async () => {
    // Parsed as the browser parses a page: the template becomes the host's shadow root.
    container.setHTMLUnsafe(drawn(<Page label="first" />))
    const button = shadow(container).querySelector('button')
    expect(button?.textContent).to.equal('0')
    expect(getComputedStyle(button as Element).color).to.equal('rgb(1, 2, 3)')

    const counts: number[] = []
    const warnings: unknown[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args)
    const root = hydrateRoot(container, <App onCount={(n) => counts.push(n)} />)
    try {
      // The same button, now React's: pressing it counts, and the host's callback hears it.
      await waitFor(
        () => {
          button?.click()
          return counts.length > 0
        },
        5000,
        'the hydrated widget answers',
      )
      expect(shadow(container).querySelector('button')).to.equal(button)
      expect(shadow(container).querySelectorAll('.base')).to.have.length(1)
      // A later render of the host reaches the widget (its own root, fed by a store).
      flushSync(() => setLabel('second'))
      await waitFor(
        () => shadow(container).querySelector('.label')?.textContent === 'second',
        5000,
        'new props',
      )
      expect(shadow(container).querySelectorAll('.base')).to.have.length(1)
      expect(warnings).to.deep.equal([])
    } finally {
      console.warn = warn
      root.unmount()
    }
  })

  it('hydrates a drawn widget on its own, without the host’s tree (the host app’s islands), keeping its nodes', async () => {
    container.setHTMLUnsafe(drawn(<Page label="first" />))
    const host = container.querySelector('[data-widget="test-counter"]') as Element
    const button = shadow(container).querySelector('button')
    const counts: number[] = []
    const warnings: unknown[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args)
    // Resolves once hydrated, with the widget's own root; the rest of the page stays the server's HTML.
    const root = await hydrateDrawnWidget(
      host,
      'test-counter',
      CSS,
      <Counter label="first" onCount={(n) => counts.push(n)} />,
    )
    try {
      expect(root).to.not.equal(null)
      button?.click()
      await waitFor(() => counts.length === 1, 5000, 'the hydrated widget answers')
      expect(shadow(container).querySelector('button')).to.equal(button)
      expect(button?.textContent).to.equal('1')
      expect(warnings).to.deep.equal([])
      // Unmounted (the app takes the page over), the shadow root is left empty for the app's own render.
      root?.unmount()
      expect(shadow(container).querySelectorAll('.base')).to.have.length(0)
    } finally {
      console.warn = warn
    }
    // A host the server did not draw into has nothing to hydrate.
    const empty = document.createElement('div')
    empty.attachShadow({ mode: 'open' })
    expect(await hydrateDrawnWidget(empty, 'test-counter', CSS, <Counter label="x" />)).to.equal(null)
  })

  it('keeps one live widget when the browser’s first drawing differs from the server’s (issue 31)', async () => {
    // The server drew "server"; the browser's first render says "first": React draws the widget anew.
    container.setHTMLUnsafe(drawn(<Page label="server" />))
    const warnings: unknown[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args)
    const counts: number[] = []
    const root = hydrateRoot(container, <App onCount={(n) => counts.push(n)} />)
    try {
      await waitFor(() => warnings.length > 0, 5000, 'the mismatch is reported')
      await waitFor(
        () => shadow(container).querySelector('.label')?.textContent === 'first',
        5000,
        'the browser’s drawing',
      )
      // One widget, the live one: the server's copy is gone, not left dead above it.
      expect(shadow(container).querySelectorAll('.base')).to.have.length(1)
      expect(shadow(container).querySelectorAll('style')).to.have.length(1)
      shadow(container).querySelector('button')?.click()
      await waitFor(() => counts.length > 0, 5000, 'the widget answers')
    } finally {
      console.warn = warn
      root.unmount()
    }
  })

  it('leaves a widget not marked for it out of the drawn page, and renders it in the browser', async () => {
    const html = drawn(<Page label="later" drawOnServer={false} />)
    expect(html).not.to.contain('<template')
    container.setHTMLUnsafe(html)
    const root = createRoot(container)
    flushSync(() => root.render(<Page label="later" drawOnServer={false} />))
    await waitFor(() => shadow(container).querySelector('.label')?.textContent === 'later', 5000, 'rendered')
    root.unmount()
  })
})

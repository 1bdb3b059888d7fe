import { definePlaceholder, type MashuraPlaceholderElement } from './placeholder.element.ts'

/** The widgets the loader knows, by their default tag names (also their entry files' names). */
export const WIDGET_NAMES = ['expert-search', 'booking-calendar', 'session-room', 'rate-form'] as const

/** A widget's default tag name. */
export type WidgetName = (typeof WIDGET_NAMES)[number]

/** The element class each widget entry exports, used to register a prefixed name. */
const ELEMENT_EXPORTS: Record<WidgetName, string> = {
  'expert-search': 'ExpertSearchElement',
  'booking-calendar': 'BookingCalendarElement',
  'session-room': 'SessionRoomElement',
  'rate-form': 'RateFormElement',
}

/** The options of {@link loadWidgets}. */
export interface LoadWidgetsOptions {
  /** Watches `<prefix>-rate-form` and so on instead of the default names, and registers them under those. */
  prefix?: string | undefined
  /**
   * Where the widget modules are: a folder holding `<name>.js` (default: the loader's own folder), or a
   * URL template with `{name}` in it. Relative values resolve against the page's address.
   */
  base?: string | URL | undefined
  /** What to watch: the document (default), or an open shadow root or element of the page's own. */
  root?: Document | ShadowRoot | Element | undefined
  /** Leaves undefined widgets empty instead of putting a `<mashura-placeholder>` skeleton in them. */
  noPlaceholders?: boolean | undefined
}

/** A running loader. */
export interface WidgetLoader {
  /** Stops watching; modules already requested still load and register. */
  stop(): void
}

type WidgetModule = Record<string, unknown>

/** Imports by address, shared by every loader on the page, so two loaders never fetch a module twice. */
const imports = new Map<string, Promise<WidgetModule>>()

function importOnce(url: string): Promise<WidgetModule> {
  let pending = imports.get(url)
  if (!pending) {
    pending = import(/* @vite-ignore */ url) as Promise<WidgetModule>
    // A failed import is forgotten, so the retry button can ask again.
    pending.catch(() => imports.delete(url))
    imports.set(url, pending)
  }
  return pending
}

/** The loader's own address: widget modules sit beside it by default. */
const ownUrl = import.meta.url

/** The address of a widget's module for `base` (see {@link LoadWidgetsOptions.base}). */
export function widgetModuleUrl(name: WidgetName, base?: string | URL): string {
  // Not `new URL(template, import.meta.url)`: Vite would turn that pattern into a glob of this folder.
  if (base === undefined) return new URL(`${name}.js`, ownUrl).href
  const text = String(base)
  if (text.includes('{name}')) return new URL(text.replaceAll('{name}', name), document.baseURI).href
  const folder = new URL(text.endsWith('/') ? text : `${text}/`, document.baseURI)
  return new URL(`${name}.js`, folder).href
}

/** True when the page put nothing of its own in the element (its own fallback content wins over ours). */
function isEmpty(element: Element): boolean {
  return element.children.length === 0 && (element.textContent ?? '').trim() === ''
}

/**
 * Watches the page for the widgets' tags and imports a widget's module the first time its tag appears, so
 * a page needs one script tag and pays only for the widgets it shows. Until the module has registered the
 * tag, each empty widget element gets a `<mashura-placeholder>` skeleton (an error notice with a retry
 * button if the module cannot be fetched). With a prefix, the loader registers the prefixed name itself
 * from the class the widget's entry exports.
 */
export function loadWidgets({
  prefix,
  base,
  root = document,
  noPlaceholders,
}: LoadWidgetsOptions = {}): WidgetLoader {
  const tags = new Map<string, WidgetName>(
    WIDGET_NAMES.map((name) => [prefix ? `${prefix}-${name}` : name, name]),
  )
  const selector = [...tags.keys()].join(',')
  const started = new Set<string>()
  const failed = new Set<string>()
  const attempts = new Map<string, number>()
  if (!noPlaceholders) definePlaceholder()

  const placeholdersOf = (tag: string) =>
    root.querySelectorAll<MashuraPlaceholderElement>(`${tag} > mashura-placeholder`)

  async function register(tag: string, name: WidgetName, url: string): Promise<void> {
    const module = await importOnce(url)
    if (customElements.get(tag)) return
    // The entry registers the default name itself; a prefixed name needs a subclass, as the registry
    // allows one name per class.
    const exported = module[ELEMENT_EXPORTS[name]] ?? (prefix ? customElements.get(name) : undefined)
    if (typeof exported !== 'function') throw new Error(`${url} did not register <${tag}>`)
    if (!customElements.get(tag)) {
      customElements.define(tag, class extends (exported as CustomElementConstructor) {})
    }
  }

  function load(tag: string): void {
    const name = tags.get(tag)
    if (!name || started.has(tag)) return
    started.add(tag)
    failed.delete(tag)
    const attempt = attempts.get(tag) ?? 0
    let url = widgetModuleUrl(name, base)
    if (attempt > 0) {
      // A fresh address: the browser may remember the failed fetch of the old one for this page's life.
      const retryUrl = new URL(url)
      retryUrl.searchParams.set('retry', String(attempt))
      url = retryUrl.href
    }
    register(tag, name, url).catch((error: unknown) => {
      console.error(`mashura loader: could not load <${tag}>`, error)
      started.delete(tag)
      failed.add(tag)
      for (const placeholder of placeholdersOf(tag)) placeholder.fail()
    })
  }

  function retry(tag: string): void {
    attempts.set(tag, (attempts.get(tag) ?? 0) + 1)
    load(tag)
  }

  function found(element: Element): void {
    const tag = element.localName
    if (customElements.get(tag)) return
    if (!noPlaceholders && isEmpty(element)) {
      const placeholder = document.createElement('mashura-placeholder')
      placeholder.widget = tags.get(tag) ?? ''
      placeholder.retry = () => retry(tag)
      element.append(placeholder)
      if (failed.has(tag)) placeholder.fail()
    }
    // A tag whose last attempt failed waits for the retry button rather than refetching per element.
    if (!failed.has(tag)) load(tag)
  }

  function scan(node: ParentNode & Node): void {
    if (node instanceof Element && node.matches(selector)) found(node)
    for (const element of node.querySelectorAll(selector)) found(element)
  }

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        // The placeholder speaks the widget's language; tell it the widget's `lang` changed.
        const target = record.target as Element
        if (tags.has(target.localName)) {
          for (const child of target.children) {
            if (child.localName === 'mashura-placeholder')
              (child as MashuraPlaceholderElement).requestUpdate()
          }
        }
        continue
      }
      for (const node of record.addedNodes) if (node instanceof Element) scan(node)
    }
  })
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['lang'] })
  scan(root)
  return { stop: () => observer.disconnect() }
}

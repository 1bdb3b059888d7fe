/**
 * The `loader` entry: one script tag for a partner page. It imports each widget's module the first time the
 * widget's tag appears (see {@link loadWidgets}) and shows a skeleton in its place until then.
 *
 * Loaded with `<script type="module" src=".../widgets/loader.js">` it starts by itself; the tag's
 * `data-prefix` (watch `<prefix>-rate-form` …), `data-base` (where the modules are) and
 * `data-no-placeholders` set its options, and `data-manual` keeps it from starting so the page can call
 * `loadWidgets()` itself. Imported from code, it never starts by itself.
 */
import { loadWidgets } from './loader.ts'

export {
  type LoadWidgetsOptions,
  loadWidgets,
  WIDGET_NAMES,
  type WidgetLoader,
  type WidgetName,
} from './loader.ts'
export type { MashuraPlaceholderElement, PlaceholderState } from './placeholder.element.ts'

const script = Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).find(
  (candidate) => candidate.src === import.meta.url,
)
if (script && script.dataset.manual === undefined) {
  loadWidgets({
    prefix: script.dataset.prefix || undefined,
    base: script.dataset.base || undefined,
    noPlaceholders: script.dataset.noPlaceholders !== undefined,
  })
}

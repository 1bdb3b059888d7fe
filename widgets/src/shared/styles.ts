import baseCss from './base.css?inline'
import { tokensCss } from './theme.ts'

/**
 * What every widget's shadow root holds before its own sheet: the theme tokens, then the base sheet (`:host`,
 * the wrapper's resets, `.visually-hidden`).
 */
export const widgetBaseCss = `${tokensCss}\n${baseCss}`

const sheets = new Map<string, CSSStyleSheet>()

/** Returns the constructable stylesheet for `key`, built from `cssText` the first time it is asked for. */
export function sheetFor(key: string, cssText: string): CSSStyleSheet {
  let sheet = sheets.get(key)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(cssText)
    sheets.set(key, sheet)
  }
  return sheet
}

/**
 * Adopts the theme tokens with the base sheet, then a widget's own sheet, into its shadow root. Each sheet
 * is built once per page and shared by every instance of every widget, so a hundred forms cost one parse.
 */
export function adoptStyles(root: ShadowRoot, widget: string, cssText: string): void {
  const wanted = [sheetFor('mashura-base', widgetBaseCss), sheetFor(widget, cssText)]
  const missing = wanted.filter((sheet) => !root.adoptedStyleSheets.includes(sheet))
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing]
}

import { tokensCss } from './theme.ts'

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
 * Adopts the theme tokens and a widget's own sheet into its shadow root. Each sheet is built once per page
 * and shared by every instance of the widget, so a hundred forms cost one parse.
 */
export function adoptStyles(root: ShadowRoot, widget: string, cssText: string): void {
  const wanted = [sheetFor('mashura-tokens', tokensCss), sheetFor(widget, cssText)]
  const missing = wanted.filter((sheet) => !root.adoptedStyleSheets.includes(sheet))
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing]
}

// The getting-started page is written once per language, loading the ES module bundle. Its IIFE form differs
// in that one line only, so it is derived here rather than kept as a second copy that could drift; the docs
// print both forms and `tests/e2e/partner-embed.test.ts` books through both.

/** The ES module bundle's script tag, as the getting-started pages write it. */
export const ESM_SCRIPT = '<script type="module" src="http://localhost:8080/widgets/index.js"></script>'
/** The IIFE file's script tag: for pages that cannot load modules. */
export const IIFE_SCRIPT = '<script src="http://localhost:8080/widgets/mashura-widgets.iife.js"></script>'

/**
 * A getting-started page in the form asked for.
 * @param {string} page the page as written (ES module form)
 * @param {'esm' | 'iife'} kind
 * @returns {string}
 */
export function inBundleForm(page, kind) {
  if (!page.includes(ESM_SCRIPT))
    throw new Error('The getting-started page no longer loads the ES module bundle')
  return kind === 'esm' ? page : page.replace(ESM_SCRIPT, IIFE_SCRIPT)
}

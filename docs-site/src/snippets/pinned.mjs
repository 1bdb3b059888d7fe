// The pinned embeds the "Versions and integrity" page prints (issue 36): the widget kit at
// `/widgets/v<version>/` with Subresource Integrity. The page prints them with a placeholder hash (each
// installation's build has its own; its `integrity.json` has them), and `tests/e2e/widget-sri.test.ts` fills
// in the real ones, loads them from another origin in Chromium and checks that a tampered file is refused.

/** The platform's address in the docs' examples. */
export const PLATFORM = 'http://localhost:8080'
/** What the docs print where a hash from `integrity.json` goes. */
export const HASH = 'sha384-…'

/**
 * The IIFE file, pinned: one self-contained file, so its one `integrity` covers everything it runs.
 * @param {string} version the kit's version, such as `0.1.0`
 * @param {string} [integrity] the file's `sha384-…` from `integrity.json`
 * @param {string} [platform] the platform's address
 * @returns {string}
 */
export function pinnedIife(version, integrity = HASH, platform = PLATFORM) {
  return `<script
  src="${platform}/widgets/v${version}/mashura-widgets.iife.js"
  integrity="${integrity}"
  crossorigin="anonymous"></script>`
}

/**
 * The ES module entry, pinned: the entry's own `integrity` covers the entry only, so an import map's
 * `integrity` lists every JavaScript file of the version (the chunks it imports, now or later). Without a
 * manifest it prints the shape with placeholders.
 * @param {string} version
 * @param {{ files: Record<string, string> }} [manifest] the version's `integrity.json`
 * @param {string} [platform]
 * @returns {string}
 */
export function pinnedModules(version, manifest, platform = PLATFORM) {
  const base = `${platform}/widgets/v${version}/`
  const files = manifest
    ? Object.entries(manifest.files).filter(([file]) => file.endsWith('.js') && !file.startsWith('zoom/'))
    : [
        ['index.js', HASH],
        ['runtime-….js', HASH],
      ]
  const integrity = Object.fromEntries(files.map(([file, hash]) => [`${base}${file}`, hash]))
  const map = JSON.stringify({ integrity }, null, 2).replaceAll('\n', '\n  ')
  const entry = manifest?.files['index.js'] ?? HASH
  return `<script type="importmap">
  ${map}
</script>
<script type="module" src="${base}index.js" integrity="${entry}" crossorigin="anonymous"></script>`
}

/** What a partner runs to print the import map's `integrity` for a version: the docs show it as it is. */
export const IMPORT_MAP_SCRIPT = `// node print-import-map.mjs https://platform.example 0.1.0
const [platform, version] = process.argv.slice(2)
const base = \`\${platform}/widgets/v\${version}/\`
const { files } = await (await fetch(\`\${base}integrity.json\`)).json()
const integrity = Object.fromEntries(
  Object.entries(files)
    .filter(([file]) => file.endsWith('.js') && !file.startsWith('zoom/'))
    .map(([file, hash]) => [base + file, hash]),
)
console.log(JSON.stringify({ integrity }, null, 2))`

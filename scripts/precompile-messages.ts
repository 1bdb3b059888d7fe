import { readdirSync, readFileSync } from 'node:fs'
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { type Plugin, transformWithOxc } from 'vite'

/**
 * Precompiles core's message catalogs for the browser builds (widgets, host app), so that no ICU parser
 * ships to a phone (issue 15): each catalog module (`packages/core/{src,dist}/i18n/{ar,en}`, `…/widgets/*`,
 * and the site's own, `host-app/src/i18n/*` but its index) is loaded in Node, every message is parsed here, and the module is replaced
 * by its data: a message with ICU syntax becomes its AST (what formatjs' `compile --ast` writes), a message
 * without any becomes its plain text. `@formatjs/icu-messageformat-parser` is aliased to its `no-parser`
 * build, which keeps the types and throws if asked to parse; core formats the ASTs itself (`format-message.ts`).
 *
 * In a build, `usedIn` names the source folders the bundle is made from: a message ships only when its key
 * is written somewhere there as a string (`'booking.title'`), or begins with the fixed head of a template
 * that builds keys (`` `contributors.kind.${kind}` ``). The widgets then carry none of the site's own words
 * (navigation, footer, dashboard, …), about a third of the shared catalogs.
 *
 * `slices` go one step further for bundles whose entries each show one widget: a widget's own catalog
 * (`widgets/booking-calendar`, which its translator merges over the shared ones) is given the folders only
 * that widget is made from. A shared message that only those folders name then moves into that catalog,
 * so a page with another widget does not carry it (rate-form's page carries none of the calendar's words).
 *
 * Node and the unit tests read the catalogs as written (ICU source) and parse at run time; core's
 * translator takes either form (`CatalogMessage`). `scripts/precompile-messages.test.ts` checks that every
 * message formats the same both ways.
 */
export function precompileMessages(options: PrecompileOptions = {}): Plugin {
  let used: UsedKeys | undefined
  let sliceUsed = new Map<string, UsedKeys>()
  let building = false
  return {
    name: 'mashura-precompile-messages',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    buildStart() {
      // Read afresh for each build: a watch rebuild sees keys a changed file added.
      const slices = Object.entries(options.slices ?? {})
      used =
        building && options.usedIn
          ? usedKeys(
              options.usedIn,
              slices.flatMap(([, folders]) => folders),
            )
          : undefined
      sliceUsed = new Map(used ? slices.map(([name, folders]) => [name, usedKeys(folders)]) : [])
    },
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async load(id) {
      const file = id.split('?')[0] ?? id
      if (!isCatalogModule(file)) return null
      this.addWatchFile(file)
      const slice = /\/i18n\/widgets\/([\w-]+)\.(?:ts|js)$/.exec(file.replaceAll('\\', '/'))?.[1]
      const own = slice ? sliceUsed.get(slice) : undefined
      if (!used || !own) return compileCatalogModule(file, used)
      // The shared messages only this widget names join its own catalog (and leave the shared one).
      const moved: Record<string, Record<string, string>> = {}
      for (const lang of ['ar', 'en']) {
        const shared = (await catalogExports(file.replace(/widgets\/[\w-]+\.(ts|js)$/, `${lang}.$1`)))[lang]
        moved[lang] = Object.fromEntries(
          Object.entries(shared as Record<string, string>).filter(
            ([key]) => isUsed(key, own) && !isUsed(key, used),
          ),
        )
      }
      return compileCatalogModule(file, unionOf(used, own), moved)
    },
  }
}

/** The plugin's options: see precompileMessages. */
export interface PrecompileOptions {
  /** The source folders a build is made from; the messages none of them names are left out. */
  usedIn?: string[]
  /** A widget's own catalog (`booking-calendar`, under core's `i18n/widgets/`) → the folders only it uses. */
  slices?: Record<string, string[]>
}

/** The catalog modules: data only, one or two levels of `{ key: ICU message }`. */
const CATALOG =
  /\/(packages\/core\/(src|dist)\/i18n\/(ar|en|widgets\/[\w-]+)|host-app\/src\/i18n\/(?!index\b)[\w-]+)\.(ts|js)$/

/** Whether a module path is one of core's catalogs. */
export function isCatalogModule(file: string): boolean {
  return CATALOG.test(file.replaceAll('\\', '/'))
}

/** A compiled message: its text when it is plain, else its AST. */
export type CompiledMessage = string | MessageFormatElement[]

/** Parses one ICU message; a message that is one literal comes back as that literal's text. */
export function compileMessage(message: string, where = 'message'): CompiledMessage {
  let ast: MessageFormatElement[]
  try {
    ast = parse(message)
  } catch (error) {
    throw new Error(`${where}: not valid ICU MessageFormat (${(error as Error).message})`)
  }
  if (ast.length === 0) return ''
  const [only] = ast
  // Plain text that the translator can return as it is: no character it would take for ICU syntax.
  if (ast.length === 1 && only?.type === TYPE.literal && /^[^{}'<]*$/.test(only.value)) return only.value
  return ast
}

/** The message keys a bundle's source names: whole keys, and the heads of templates that build keys. */
export interface UsedKeys {
  keys: Set<string>
  prefixes: string[]
}

/** Whether a bundle made with `used` needs the message `key` (always, when nothing is known). */
export function isUsed(key: string, used?: UsedKeys): boolean {
  return !used || used.keys.has(key) || used.prefixes.some((prefix) => key.startsWith(prefix))
}

/** The keys either of two bundles' sources name. */
export function unionOf(a: UsedKeys, b: UsedKeys): UsedKeys {
  return { keys: new Set([...a.keys, ...b.keys]), prefixes: [...a.prefixes, ...b.prefixes] }
}

/**
 * Reads the keys that the TypeScript sources under `folders` name (tests and catalogs left out), skipping
 * the folders in `except`.
 */
export function usedKeys(folders: string[], except: string[] = []): UsedKeys {
  const keys = new Set<string>()
  const prefixes = new Set<string>()
  const skipped = except.map((folder) => `${folder.replace(/\/$/, '')}/`)
  for (const folder of folders)
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
      const file = `${entry.parentPath}/${entry.name}`
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
      if (skipped.some((folder) => file.startsWith(folder))) continue
      if (/\/(node_modules|dist|test-support)\//.test(file) || isCatalogModule(file)) continue
      const text = readFileSync(file, 'utf8')
      for (const [, key] of text.matchAll(/['"`]([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)['"`]/g))
        keys.add(key as string)
      for (const [, head] of text.matchAll(/['"`]([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)*\.)(?:['"]|\$\{)/g))
        prefixes.add(head as string)
    }
  return { keys, prefixes: [...prefixes] }
}

/**
 * Compiles every string of a catalog value (`{ key: message }` or `{ ar: { … }, en: { … } }`), leaving out
 * the messages `used` says the bundle never shows.
 */
export function compileCatalogValue(value: unknown, where: string, used?: UsedKeys): unknown {
  if (typeof value === 'string') return compileMessage(value, where)
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, inner]) => typeof inner !== 'string' || isUsed(key, used))
        .map(([key, inner]) => [key, compileCatalogValue(inner, `${where} ${key}`, used)]),
    )
  throw new Error(`${where}: a catalog module exports only messages, found ${typeof value}`)
}

/** A catalog module's exports, as written. */
async function catalogExports(file: string): Promise<Record<string, unknown>> {
  // Catalogs import nothing at run time, so their text runs on its own; read afresh each time, an edited
  // catalog is never served from Node's module cache (dev servers, watch builds).
  const text = readFileSync(file, 'utf8')
  const code = file.endsWith('.ts') ? (await transformWithOxc(text, file, { lang: 'ts' })).code : text
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
}

/**
 * The module that replaces a catalog module: each export as compiled data (only the keys `used` names).
 * `extra` messages (by language) join each export that holds both languages (a widget's own catalog).
 */
export async function compileCatalogModule(
  file: string,
  used?: UsedKeys,
  extra?: Record<string, Record<string, string>>,
): Promise<string> {
  const exports = await catalogExports(file)
  return Object.entries(exports)
    .map(([name, written]) => {
      let value = written as Record<string, Record<string, string>>
      if (extra && value?.ar && value.en)
        value = { ...value, ar: { ...extra.ar, ...value.ar }, en: { ...extra.en, ...value.en } }
      const data = JSON.stringify(compileCatalogValue(value, `${file} ${name}`, used))
      return name === 'default' ? `export default ${data}\n` : `export const ${name} = ${data}\n`
    })
    .join('')
}

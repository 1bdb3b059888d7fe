// Writes widgets/custom-elements.json (Custom Elements Manifest, schema 2.1.0) from the widgets' sources:
// each `widgets/src/*/*.element.ts` class doc comment (@tag, @attr, @prop, @event, @csspart, @cssproperty),
// the r2wc `props` in the same file, and the event detail types of `widgets/src/events.ts`.
//
//   node scripts/custom-elements.mjs          writes the manifest
//   node scripts/custom-elements.mjs --check  fails when the committed manifest is stale
//
// The event map is read with the TypeScript compiler (`parseEventMap`, shared with the docs' event tables);
// the element files follow one shape (see rate-form.element.ts), and whatever this script cannot read it
// reports as an error rather than guessing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Where the manifest is written, relative to the repository root. */
export const manifestPath = 'widgets/custom-elements.json'

/** The doc-comment tags this script reads. */
const TAGS = ['tag', 'attr', 'prop', 'event', 'csspart', 'cssproperty']

/**
 * @typedef {{ tag: string, type: string | undefined, name: string, description: string }} DocTag
 * @typedef {{ description: string, tags: DocTag[] }} DocComment
 * @typedef {{ name: string, type: string }} R2wcProp
 */

/**
 * The element files: `widgets/src/<widget>/<widget>.element.ts` (any `*.element.ts` one folder down).
 * @param {string} [root]
 * @returns {string[]} paths relative to `root`, sorted
 */
export function elementFiles(root = repoRoot) {
  const src = join(root, 'widgets/src')
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(src, dir.name))
        .filter((file) => file.endsWith('.element.ts'))
        .map((file) => `widgets/src/${dir.name}/${file}`),
    )
    .sort()
}

/**
 * Reads a doc comment's text (without the `/**` and `*\/`): the description before the first tag, and
 * each tag as `@tag [{type}] name [- description]`. Lines that do not start a tag continue the previous
 * one (multi-line descriptions); a blank line ends a tag's description.
 * @param {string} comment
 * @returns {DocComment}
 */
export function parseDocComment(comment) {
  const lines = comment.split('\n').map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd())
  /** @type {string[]} */
  const description = []
  /** @type {DocTag[]} */
  const tags = []
  /** @type {DocTag | undefined} */
  let current
  for (const line of lines) {
    const tagged = /^@(\w+)\s*(.*)$/.exec(line.trim())
    if (tagged) {
      const [, tag = '', rest = ''] = tagged
      if (!TAGS.includes(tag)) {
        current = undefined
        continue
      }
      const parts = /^(?:\{([^}]*)\}\s*)?(\S+)\s*(?:[-–—:]\s*)?([\s\S]*)$/.exec(rest)
      if (!parts) throw new Error(`@${tag} without a name: "${line.trim()}"`)
      current = {
        tag,
        type: parts[1]?.trim() || undefined,
        name: parts[2] ?? '',
        description: parts[3] ?? '',
      }
      tags.push(current)
    } else if (line.trim() === '') {
      if (current) current = undefined
      else if (tags.length === 0) description.push('')
    } else if (current) {
      current.description = `${current.description} ${line.trim()}`.trim()
    } else if (tags.length === 0) {
      description.push(line.trim())
    }
  }
  const paragraphs = description
    .join('\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replaceAll('\n', ' ').trim())
    .filter(Boolean)
  return { description: paragraphs.join('\n\n'), tags }
}

/**
 * The text between the bracket at `open` and its partner (strings and comments are not special-cased:
 * the object literals this reads hold none with brackets in them).
 * @param {string} source
 * @param {number} open index of `{` or `(`
 */
function balanced(source, open) {
  const pairs = { '{': '}', '(': ')', '[': ']' }
  /** @type {string[]} */
  const stack = []
  for (let i = open; i < source.length; i++) {
    const char = /** @type {keyof typeof pairs} */ (source[i])
    if (char in pairs) stack.push(pairs[char])
    else if (char === stack.at(-1)) {
      stack.pop()
      if (stack.length === 0) return source.slice(open + 1, i)
    }
  }
  throw new Error(`Unbalanced bracket at ${open}`)
}

/**
 * Finds `const <name> = { … }` in `file`, or follows `import { <name> } from './x.ts'` to the file that
 * declares it. Returns the object's inner text and the file it is in.
 * @param {string} file absolute path
 * @param {string} name
 * @returns {{ text: string, file: string }}
 */
function objectConstant(file, name) {
  const source = readFileSync(file, 'utf8')
  const declared = new RegExp(`\\bconst\\s+${name}\\b[^=]*=\\s*\\{`).exec(source)
  if (declared) return { text: balanced(source, declared.index + declared[0].length - 1), file }
  const imported = new RegExp(
    `import\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`,
  ).exec(source)
  if (imported?.[1]?.startsWith('.')) return objectConstant(resolve(dirname(file), imported[1]), name)
  throw new Error(`${relative(repoRoot, file)}: cannot find the object \`${name}\``)
}

/**
 * Reads an r2wc props object literal's entries (`name: 'string'`, `'name': 'number'`, `...spread`).
 * @param {string} text the object's inner text
 * @param {string} file the file it is in, to resolve spreads
 * @returns {R2wcProp[]}
 */
function propsOf(text, file) {
  /** @type {R2wcProp[]} */
  const props = []
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
  for (const entry of code.split(',').map((part) => part.trim())) {
    if (!entry) continue
    const spread = /^\.\.\.\s*(\w+)$/.exec(entry)
    if (spread?.[1]) {
      const constant = objectConstant(file, spread[1])
      props.push(...propsOf(constant.text, constant.file))
      continue
    }
    const pair = /^['"]?([\w$]+)['"]?\s*:\s*['"](\w+)['"]/.exec(entry)
    if (!pair?.[1] || !pair[2])
      throw new Error(`${relative(repoRoot, file)}: unreadable r2wc prop "${entry}"`)
    props.push({ name: pair[1], type: pair[2] })
  }
  return props
}

/**
 * The r2wc props of an element file (`r2wc(Component, { props: { … } })`), spreads resolved; none when the
 * file does not call r2wc.
 * @param {string} file absolute path
 * @returns {R2wcProp[]}
 */
export function r2wcProps(file) {
  const source = readFileSync(file, 'utf8')
  const call = /\br2wc\s*\(/.exec(source)
  if (!call) return []
  const args = balanced(source, call.index + call[0].length - 1)
  const props = /\bprops\s*:\s*(\{|\w+)/.exec(args)
  if (!props?.[1]) return []
  if (props[1] !== '{') {
    const constant = objectConstant(file, props[1])
    return propsOf(constant.text, constant.file)
  }
  return propsOf(balanced(args, props.index + props[0].length - 1), file)
}

/**
 * @typedef {{ name: string, type: string, description: string }} DetailField
 * @typedef {{ extends: string[], fields: DetailField[] }} DetailInterface
 * @typedef {{ events: Map<string, { type: string, description: string }>, interfaces: Map<string, DetailInterface> }} EventMap
 */

/**
 * A node's own doc comment text (the last `/** … *\/` before it), tags left out.
 * @param {import('typescript').Node} node
 */
function docText(node) {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)
  const comment = docs.at(-1)?.comment
  return (typeof comment === 'string' ? comment : (ts.getTextOfJSDocComment(comment) ?? ''))
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Reads the widgets' one typed event map, `widgets/src/events.ts`, with the TypeScript compiler (no
 * regular expressions): each event of `interface MashuraEventMap` with its detail type and doc comment,
 * and every interface of the file (the detail types) with its parents and its documented fields. The
 * manifest (this script) and the docs' event tables (docs-site/src/lib/event-details.ts) both read it.
 * @param {string} source the text of events.ts
 * @returns {EventMap}
 */
export function parseEventMap(source) {
  const file = ts.createSourceFile('events.ts', source, ts.ScriptTarget.Latest, true)
  /** @type {EventMap['events']} */
  const events = new Map()
  /** @type {EventMap['interfaces']} */
  const interfaces = new Map()
  /** @param {import('typescript').PropertyName} name */
  const nameOf = (name) =>
    ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : name.getText(file)
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue
    const fields = statement.members.filter(ts.isPropertySignature).map((member) => ({
      name: nameOf(member.name),
      type: member.type ? member.type.getText(file) : 'unknown',
      description: docText(member),
    }))
    if (statement.name.text === 'MashuraEventMap') {
      for (const field of fields) events.set(field.name, { type: field.type, description: field.description })
      continue
    }
    const parents = (statement.heritageClauses ?? []).flatMap((clause) =>
      clause.types.map((type) => type.expression.getText(file)),
    )
    interfaces.set(statement.name.text, { extends: parents, fields })
  }
  if (events.size === 0) throw new Error('widgets/src/events.ts: no MashuraEventMap')
  return { events, interfaces }
}

/**
 * The event detail types by event name, from `interface MashuraEventMap` in widgets/src/events.ts.
 * @param {string} [root]
 * @returns {Map<string, string>}
 */
export function eventDetails(root = repoRoot) {
  const { events } = parseEventMap(readFileSync(join(root, 'widgets/src/events.ts'), 'utf8'))
  return new Map([...events].map(([name, event]) => [name, event.type]))
}

/** `rating-key` → `ratingKey`. */
function camel(name) {
  return name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase())
}

/** An r2wc prop type as a TypeScript type text. */
function typeText(r2wcType) {
  return (
    { string: 'string', number: 'number', boolean: 'boolean', json: 'object', function: 'Function' }[
      r2wcType
    ] ?? r2wcType
  )
}

/** A description's "(default `x`)", as the manifest's `default`. */
function defaultOf(description) {
  return /\(default\s+`([^`]+)`/.exec(description)?.[1]
}

/**
 * What an element file declares: its exported class, that class's doc comment, and its r2wc props.
 * @param {string} root
 * @param {string} path relative to `root`
 * @returns {{ className: string, doc: DocComment, props: R2wcProp[] }}
 */
export function readElement(root, path) {
  const file = join(root, path)
  const source = readFileSync(file, 'utf8')
  const declared = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+class\s+(\w+)/.exec(source)
  if (!declared?.[1] || !declared[2]) throw new Error(`${path}: no documented \`export class\``)
  return { className: declared[2], doc: parseDocComment(declared[1]), props: r2wcProps(file) }
}

/**
 * The manifest module of one element file.
 * @param {string} root
 * @param {string} path relative to `root`
 * @param {Map<string, string>} details
 */
export function elementModule(root, path, details) {
  const file = join(root, path)
  const { className, doc, props } = readElement(root, path)
  const of = (tag) => doc.tags.filter((entry) => entry.tag === tag)
  const tagName = of('tag')[0]?.name
  if (!tagName) throw new Error(`${path}: the class doc comment has no @tag`)
  const propType = new Map(props.map((prop) => [prop.name, typeText(prop.type)]))

  const attributes = of('attr').map((attr) => {
    const fieldName = camel(attr.name)
    return {
      name: attr.name,
      description: attr.description,
      type: { text: attr.type ?? propType.get(fieldName) ?? 'string' },
      fieldName,
    }
  })
  const attributeOf = new Map(attributes.map((attr) => [attr.fieldName, attr]))
  const documentedProps = new Map(of('prop').map((prop) => [prop.name, prop]))
  // Every r2wc prop is a property of the element (r2wc defines the accessors), and so is every attribute
  // (r2wc and Lit both reflect them); `@prop` adds the ones the class declares itself.
  const fieldNames = [
    ...new Set([...props.map((prop) => prop.name), ...attributeOf.keys(), ...documentedProps.keys()]),
  ]
  const members = fieldNames.map((name) => {
    const prop = documentedProps.get(name)
    const attr = attributeOf.get(name)
    return {
      kind: 'field',
      name,
      description: prop?.description || attr?.description || '',
      type: { text: prop?.type ?? propType.get(name) ?? attr?.type.text ?? 'unknown' },
      ...(attr ? { attribute: attr.name } : {}),
    }
  })
  const events = of('event').map((event) => {
    const detail = details.get(event.name)
    return {
      name: event.name,
      description: event.description,
      type: { text: detail ? `CustomEvent<${detail}>` : (event.type ?? 'CustomEvent') },
    }
  })
  const cssParts = of('csspart').map((part) => ({ name: part.name, description: part.description }))
  const cssProperties = of('cssproperty').map((property) => {
    const fallback = defaultOf(property.description)
    return {
      name: property.name,
      description: property.description,
      ...(fallback ? { default: fallback } : {}),
    }
  })

  const modulePath = relative(join(root, 'widgets'), file).replaceAll('\\', '/')
  return {
    kind: 'javascript-module',
    path: modulePath,
    declarations: [
      {
        kind: 'class',
        description: doc.description,
        name: className,
        tagName,
        customElement: true,
        attributes,
        members,
        events,
        cssParts,
        cssProperties,
      },
    ],
    exports: [
      { kind: 'js', name: className, declaration: { name: className, module: modulePath } },
      {
        kind: 'custom-element-definition',
        name: tagName,
        declaration: { name: className, module: modulePath },
      },
    ],
  }
}

/**
 * The whole manifest, from the sources under `root`.
 * @param {string} [root]
 */
export function generateManifest(root = repoRoot) {
  const details = eventDetails(root)
  return {
    schemaVersion: '2.1.0',
    readme: '',
    modules: elementFiles(root).map((path) => elementModule(root, path, details)),
  }
}

/** The manifest as written to disk. */
export function manifestText(root = repoRoot) {
  return `${JSON.stringify(generateManifest(root), null, 2)}\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const target = join(repoRoot, manifestPath)
  const text = manifestText()
  if (process.argv.includes('--check')) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : ''
    if (JSON.stringify(JSON.parse(current || 'null')) !== JSON.stringify(JSON.parse(text))) {
      console.error(`${manifestPath} is stale: run node scripts/custom-elements.mjs`)
      process.exit(1)
    }
  } else {
    writeFileSync(target, text)
    console.log(`wrote ${manifestPath}`)
  }
}

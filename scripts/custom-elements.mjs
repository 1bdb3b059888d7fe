// Writes widgets/custom-elements.json (Custom Elements Manifest, schema 2.1.0) from the widgets' sources:
// each `widgets/src/*/*.element.ts` class doc comment (@tag, @attr, @prop, @event, @csspart, @cssproperty),
// the r2wc `props` in the same file, and the event detail types of `widgets/src/events.ts`.
//
//   node scripts/custom-elements.mjs          writes the manifest
//   node scripts/custom-elements.mjs --check  fails when the committed manifest is stale
//
// Everything is read with the TypeScript compiler's syntax trees: the event map (`parseEventMap`, shared with
// the docs' event tables), each element's exported class and its doc comment, and the r2wc props (spread
// constants followed through imports). Whatever this script cannot read it reports as an error rather than
// guessing.
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
 * A TypeScript file's syntax tree.
 * @param {string} file absolute path
 */
function syntaxOf(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
}

/**
 * Finds the object literal `const <name> = { … }` in `file`, or follows `import { <name> } from './x.ts'` to
 * the file that declares it.
 * @param {string} file absolute path
 * @param {string} name
 * @returns {{ object: import('typescript').ObjectLiteralExpression, file: string }}
 */
function objectConstant(file, name) {
  const tree = syntaxOf(file)
  for (const statement of tree.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        let init = declaration.initializer
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.name.text === name &&
          init &&
          ts.isObjectLiteralExpression(init)
        )
          return { object: init, file }
      }
    }
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('.') &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((element) => element.name.text === name)
    )
      return objectConstant(resolve(dirname(file), statement.moduleSpecifier.text), name)
  }
  throw new Error(`${relative(repoRoot, file)}: cannot find the object \`${name}\``)
}

/**
 * Reads an r2wc props object literal's entries (`name: 'string'`, `'name': 'number'`, `...spread`).
 * @param {import('typescript').ObjectLiteralExpression} object
 * @param {string} file the file it is in, to resolve spreads
 * @returns {R2wcProp[]}
 */
function propsOf(object, file) {
  /** @type {R2wcProp[]} */
  const props = []
  for (const property of object.properties) {
    if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
      const constant = objectConstant(file, property.expression.text)
      props.push(...propsOf(constant.object, constant.file))
      continue
    }
    const name =
      ts.isPropertyAssignment(property) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? property.name.text
        : null
    const type =
      ts.isPropertyAssignment(property) && ts.isStringLiteralLike(property.initializer)
        ? property.initializer.text
        : null
    if (!name || !type)
      throw new Error(`${relative(repoRoot, file)}: unreadable r2wc prop "${property.getText()}"`)
    props.push({ name, type })
  }
  return props
}

/**
 * The first call of `r2wc(…)` in a syntax tree, if any.
 * @param {import('typescript').Node} node
 * @returns {import('typescript').CallExpression | undefined}
 */
function r2wcCall(node) {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'r2wc')
    return node
  return ts.forEachChild(node, r2wcCall)
}

/**
 * The r2wc props of an element file (`r2wc(Component, { props: { … } })`), spreads resolved; none when the
 * file does not call r2wc.
 * @param {string} file absolute path
 * @returns {R2wcProp[]}
 */
export function r2wcProps(file) {
  const options = r2wcCall(syntaxOf(file))?.arguments[1]
  if (!options || !ts.isObjectLiteralExpression(options)) return []
  const props = options.properties.find(
    (property) =>
      ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'props',
  )
  if (!props || !ts.isPropertyAssignment(props)) return []
  if (ts.isIdentifier(props.initializer)) {
    const constant = objectConstant(file, props.initializer.text)
    return propsOf(constant.object, constant.file)
  }
  if (!ts.isObjectLiteralExpression(props.initializer))
    throw new Error(`${relative(repoRoot, file)}: the r2wc props are neither an object nor a constant`)
  return propsOf(props.initializer, file)
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
  const tree = syntaxOf(file)
  const declared = tree.statements.find(
    (statement) =>
      ts.isClassDeclaration(statement) &&
      statement.name !== undefined &&
      (ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export) !== 0,
  )
  const comment = declared && ts.getJSDocCommentsAndTags(declared).filter(ts.isJSDoc).at(-1)?.getText(tree)
  if (!declared || !ts.isClassDeclaration(declared) || !declared.name || !comment)
    throw new Error(`${path}: no documented \`export class\``)
  // The comment's text between `/**` and `*/`; its tags are read by parseDocComment.
  return { className: declared.name.text, doc: parseDocComment(comment.slice(3, -2)), props: r2wcProps(file) }
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

/**
 * widgets/custom-elements.json in CI: regenerated in memory from the sources, it must equal the committed
 * file (never stale), and the doc comments it is made of must cover what the widgets really have: every
 * r2wc prop, every event a widget emits, every shadow part it renders.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  elementFiles,
  eventDetails,
  generateManifest,
  manifestPath,
  parseDocComment,
  parseEventMap,
  readElement,
  repoRoot,
} from './custom-elements.mjs'

/** `ratingKey` → `rating-key`, as r2wc names a prop's attribute. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}

/** Every source file under `dir` (recursively), tests left out. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The string literals in an expression, template literals' static text included. */
function literalsIn(expression: string): string[] {
  return [...expression.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)].flatMap((m) =>
    m[3] !== undefined
      ? [m[3].replace(/\$\{[^}]*\}/g, ' '), ...literalsIn(m[3].match(/\$\{[^}]*\}/g)?.join(' ') ?? '')]
      : [m[1] ?? m[2] ?? ''],
  )
}

/** The part names a source renders: `part="a b"`, `part={'a'}`, `part={x ? 'a' : 'b'}`, templates. */
function partsIn(source: string): string[] {
  const names: string[] = []
  for (const match of source.matchAll(/\bpart=(?:"([^"]*)"|'([^']*)'|\{)/g)) {
    let text = match[1] ?? match[2]
    if (text === undefined) {
      // A JSX expression: read to its closing brace and take the string literals in it.
      let depth = 0
      let end = match.index + match[0].length - 1
      for (; end < source.length; end++) {
        if (source[end] === '{') depth++
        else if (source[end] === '}' && --depth === 0) break
      }
      text = literalsIn(source.slice(match.index + match[0].length, end)).join(' ')
    }
    names.push(...text.split(/\s+/).filter((name) => /^[a-z][a-z0-9-]*$/.test(name)))
  }
  return names
}

/** The parts of the shared components a source imports from `../shared/*.tsx` (ErrorNotice: notice, retry…). */
function sharedPartsIn(file: string, source: string): string[] {
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.\.\/shared\/[^']+\.tsx)'/g)].flatMap((m) => {
    const shared = readFileSync(resolve(dirname(file), m[2]!), 'utf8')
    const names = m[1]!.split(',').map((name) => name.replace(/^type\s+/, '').trim())
    return names
      .filter((name) => /^[A-Z]/.test(name))
      .flatMap((name) => {
        const start = shared.search(new RegExp(`export function ${name}\\b`))
        if (start < 0) return []
        const next = shared.indexOf('\nexport ', start + 1)
        return partsIn(shared.slice(start, next < 0 ? undefined : next))
      })
  })
}

type Manifest = ReturnType<typeof generateManifest>

const manifest: Manifest = generateManifest()
const declarations = new Map(manifest.modules.map((module) => [module.path, module.declarations[0]!]))
const widgets = elementFiles().map((path) => ({
  path,
  folder: join(repoRoot, dirname(path)),
  element: readElement(repoRoot, path),
  declaration: declarations.get(path.replace(/^widgets\//, ''))!,
}))

describe('widgets/custom-elements.json', () => {
  it('is the manifest the sources make now (run `node scripts/custom-elements.mjs` when this fails)', () => {
    const committed = JSON.parse(readFileSync(join(repoRoot, manifestPath), 'utf8'))
    expect(committed).toEqual(manifest)
  })

  it('follows the Custom Elements Manifest schema 2.1.0: one custom element class per element file', () => {
    expect(manifest.schemaVersion).toBe('2.1.0')
    expect(widgets.length).toBeGreaterThan(0)
    expect(manifest.modules.map((module) => `widgets/${module.path}`)).toEqual(elementFiles())
    for (const module of manifest.modules) {
      expect(module.kind).toBe('javascript-module')
      const [declaration] = module.declarations
      expect(declaration).toMatchObject({ kind: 'class', customElement: true })
      expect(declaration!.tagName).toMatch(/^[a-z][a-z0-9]*-[a-z0-9-]+$/)
      expect(module.exports).toContainEqual({
        kind: 'custom-element-definition',
        name: declaration!.tagName,
        declaration: { name: declaration!.name, module: module.path },
      })
      for (const attribute of declaration!.attributes) {
        expect(attribute).toEqual({
          name: expect.any(String),
          description: expect.stringMatching(/\S/),
          type: { text: expect.any(String) },
          fieldName: expect.any(String),
        })
      }
    }
  })

  // Each check lists every gap it finds, so that one run shows all of them.
  it('documents every r2wc prop as @attr or @prop, and only r2wc props as r2wc attributes', () => {
    const gaps: string[] = []
    for (const { path, element } of widgets) {
      const attrs = element.doc.tags.filter((tag) => tag.tag === 'attr').map((tag) => tag.name)
      const props = element.doc.tags.filter((tag) => tag.tag === 'prop').map((tag) => tag.name)
      const attributes = element.props.map((prop) => kebab(prop.name))
      for (const prop of element.props) {
        if (!attrs.includes(kebab(prop.name)) && !props.includes(prop.name)) {
          gaps.push(
            `${path}: r2wc prop \`${prop.name}\` has no @attr ${kebab(prop.name)} or @prop ${prop.name}`,
          )
        }
      }
      // An @attr that r2wc does not observe would be documented but dead.
      for (const attr of element.props.length > 0 ? attrs : []) {
        if (!attributes.includes(attr)) gaps.push(`${path}: @attr ${attr} is not an r2wc prop`)
      }
    }
    expect(gaps).toEqual([])
  })

  it('documents every event a widget emits as @event, typed from MashuraEventMap', () => {
    const details = eventDetails()
    const gaps: string[] = []
    for (const { path, folder, declaration } of widgets) {
      const documented = declaration.events.map((event) => event.name)
      for (const file of sourcesUnder(folder)) {
        const source = readFileSync(file, 'utf8')
        for (const match of source.matchAll(/\bemit\(\s*[\w.!?]+\s*,\s*['"]([\w-]+)['"]/g)) {
          if (!documented.includes(match[1]!)) {
            gaps.push(`${path}: ${relative(repoRoot, file)} emits ${match[1]}, not documented as @event`)
          }
        }
      }
      for (const event of declaration.events) {
        if (!details.has(event.name)) gaps.push(`${path}: @event ${event.name} is not in MashuraEventMap`)
        else expect(event.type.text).toBe(`CustomEvent<${details.get(event.name)}>`)
        if (!event.description.trim()) gaps.push(`${path}: @event ${event.name} has no description`)
      }
    }
    expect(gaps).toEqual([])
  })

  it('documents every shadow part a widget renders (its own and its shared components’) as @csspart', () => {
    const gaps: string[] = []
    for (const { path, folder, declaration } of widgets) {
      const documented = declaration.cssParts.map((part) => part.name)
      for (const file of sourcesUnder(folder)) {
        const source = readFileSync(file, 'utf8')
        for (const part of new Set([...partsIn(source), ...sharedPartsIn(file, source)])) {
          if (!documented.includes(part)) {
            gaps.push(
              `${path}: ${relative(repoRoot, file)} renders part "${part}", not documented as @csspart`,
            )
          }
        }
      }
    }
    expect(gaps).toEqual([])
  })

  it('describes rate-form as its doc comment says, multi-line descriptions joined', () => {
    const rateForm = declarations.get('src/rate-form/rate-form.element.ts')!
    expect(rateForm.tagName).toBe('rate-form')
    expect(rateForm.name).toBe('RateFormElement')
    expect(rateForm.attributes.map((attribute) => attribute.name)).toEqual([
      'token',
      'rating-key',
      'done-href',
      'api-base',
      'api-key',
      'lang',
    ])
    expect(rateForm.attributes[1]).toEqual({
      name: 'rating-key',
      description: "The passphrase that decrypts the link's rating access token.",
      type: { text: 'string' },
      fieldName: 'ratingKey',
    })
    expect(rateForm.members).toContainEqual({
      kind: 'field',
      name: 'ratingKey',
      description: "The passphrase that decrypts the link's rating access token.",
      type: { text: 'string' },
      attribute: 'rating-key',
    })
    expect(rateForm.events).toEqual([
      {
        name: 'rating-submitted',
        description: 'Emitted when the server accepted the rating; `detail: { sessionId: number }`.',
        type: { text: 'CustomEvent<RatingSubmittedDetail>' },
      },
    ])
    expect(rateForm.cssParts[0]).toEqual({
      name: 'base',
      description: 'The wrapper; carries `dir` and `lang`.',
    })
    expect(rateForm.cssProperties).toContainEqual({
      name: '--rate-form-max-inline-size',
      description: "The form's maximum width (default `40rem`).",
      default: '40rem',
    })
    expect(rateForm.cssProperties.at(-1)!.description).toBe(
      'The brand primary (`#3084b2`); also `--mashura-color-secondary`, `--mashura-color-text`, ' +
        '`--mashura-color-surface`, `--mashura-color-border`, `--mashura-font-family`.',
    )
  })
})

describe('parseEventMap (the one reader of widgets/src/events.ts, shared with the docs)', () => {
  it('reads events, detail interfaces, their parents and documented fields through the TypeScript compiler', () => {
    const source = `
/** The base. */
export interface Base {
  /** The session. */
  sessionId: number
}
/** A detail. */
export interface Ended extends Base {
  /**
   * The reason, when ended early;
   * on two lines.
   */
  reason: string | null
  'odd-name'?: { a: 1; b: 2 }
}
export interface MashuraEventMap {
  /** x: it ended. */
  'session-ended': Ended
}`
    const { events, interfaces } = parseEventMap(source)
    expect([...events]).toEqual([['session-ended', { type: 'Ended', description: 'x: it ended.' }]])
    expect(interfaces.get('Base')).toEqual({
      extends: [],
      fields: [{ name: 'sessionId', type: 'number', description: 'The session.' }],
    })
    expect(interfaces.get('Ended')).toEqual({
      extends: ['Base'],
      fields: [
        { name: 'reason', type: 'string | null', description: 'The reason, when ended early; on two lines.' },
        { name: 'odd-name', type: '{ a: 1; b: 2 }', description: '' },
      ],
    })
    expect(() => parseEventMap('export interface Other { a: number }')).toThrow(/no MashuraEventMap/)
  })
})

describe('parseDocComment', () => {
  it('reads the description, tags with optional types, and continued lines; a blank line ends a tag', () => {
    const doc = parseDocComment(`
 * A widget.
 * Still the summary.
 *
 * Second paragraph.
 *
 * @tag my-widget
 * @attr api-base - The API base,
 *   on two lines.
 * @prop {string | null} token - A property only.
 * @event my-event - Emitted when…
 *
 * Not part of the event.
 * @see elsewhere
 *   nor this.
 * @cssproperty --my-size - The size (default \`2rem\`).
 `)
    expect(doc.description).toBe('A widget. Still the summary.\n\nSecond paragraph.')
    expect(doc.tags).toEqual([
      { tag: 'tag', type: undefined, name: 'my-widget', description: '' },
      { tag: 'attr', type: undefined, name: 'api-base', description: 'The API base, on two lines.' },
      { tag: 'prop', type: 'string | null', name: 'token', description: 'A property only.' },
      { tag: 'event', type: undefined, name: 'my-event', description: 'Emitted when…' },
      { tag: 'cssproperty', type: undefined, name: '--my-size', description: 'The size (default `2rem`).' },
    ])
  })
})

describe('the part scanner of these checks', () => {
  it('finds static, conditional and template parts, and can fail', () => {
    const jsx = [
      '<div part="base wrap" />',
      "<p part={'status'} />",
      `<i part={on ? "a-b" : 'c'} />`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JSX source holding a template literal
      "<b part={`day ${x ? 'day-on' : ''}`} />",
    ]
    expect(partsIn(jsx.join(''))).toEqual(['base', 'wrap', 'status', 'a-b', 'c', 'day', 'day-on'])
    expect(partsIn('<div className="x" />')).toEqual([])
  })
})

describe('reading an element file with the TypeScript compiler', () => {
  /** Writes `files` under a temporary `widgets/src/x/` and reads `x.element.ts`. */
  async function read(files: Record<string, string>) {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const root = mkdtempSync(join(tmpdir(), 'elements-'))
    mkdirSync(join(root, 'widgets/src/x'), { recursive: true })
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'widgets/src/x', name), text)
    return readElement(root, 'widgets/src/x/x.element.ts')
  }

  it('follows a spread props constant through an import, whatever the formatting and comments', async () => {
    const element = await read({
      'shared.ts':
        "export const shared = { apiKey: 'string', /* a comment, with a comma */ lang: 'string' } as const\n",
      'x.element.ts': [
        "import { shared } from './shared.ts'",
        "const Base = r2wc(X, { shadow: 'open', props: { ...shared, 'rating-key': 'string', open: 'boolean' } })",
        '/**',
        ' * An element.',
        ' * @tag x-el',
        ' */',
        'export class XElement extends Base {}',
      ].join('\n'),
    })
    expect(element.className).toBe('XElement')
    expect(element.doc.tags).toEqual([{ tag: 'tag', type: undefined, name: 'x-el', description: '' }])
    expect(element.props).toEqual([
      { name: 'apiKey', type: 'string' },
      { name: 'lang', type: 'string' },
      { name: 'rating-key', type: 'string' },
      { name: 'open', type: 'boolean' },
    ])
  })

  it('refuses what it cannot read rather than guessing', async () => {
    await expect(
      read({
        'x.element.ts':
          'const Base = r2wc(X, { props: { open: kind } })\n/** @tag x-el */\nexport class XElement extends Base {}\n',
      }),
    ).rejects.toThrow(/unreadable r2wc prop "open: kind"/)
    await expect(read({ 'x.element.ts': 'export class XElement {}\n' })).rejects.toThrow(
      /no documented `export class`/,
    )
  })
})

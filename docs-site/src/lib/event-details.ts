/**
 * The fields of each event's `detail` type, read at build time from the widgets' one typed event map
 * (`widgets/src/events.ts`): the manifest names the type (`CustomEvent<BookingCreatedDetail>`), this file
 * says what is inside it. A small reader of `interface X [extends Y] { /** doc *\/ field: type }` blocks,
 * which is all that file contains; a type it cannot find is shown by name only.
 */
import source from '@mashura/widgets/events?raw'

/** One field of a detail type. */
export interface DetailField {
  name: string
  type: string
  description: string
}

interface ParsedInterface {
  extends: string[]
  fields: DetailField[]
}

function parse(text: string): Map<string, ParsedInterface> {
  const found = new Map<string, ParsedInterface>()
  const block = /export interface (\w+)(?:\s+extends\s+([\w\s,]+))?\s*\{([\s\S]*?)\n\}/g
  for (const match of text.matchAll(block)) {
    const [, name, parents, body] = match
    if (!name || !body) continue
    const fields: DetailField[] = []
    let doc = ''
    for (const raw of body.split('\n')) {
      const line = raw.trim()
      const oneLine = line.match(/^\/\*\*\s*(.*?)\s*\*\/$/)
      if (oneLine) {
        doc = oneLine[1] ?? ''
        continue
      }
      if (line.startsWith('/**')) {
        doc = line.replace(/^\/\*\*\s*/, '')
        continue
      }
      if (line.startsWith('*/')) continue
      if (line.startsWith('*')) {
        doc = `${doc} ${line.replace(/^\*\s?/, '').replace(/\*\/$/, '')}`.trim()
        continue
      }
      const field = line.match(/^'?([\w-]+)'?\??:\s*(.+?);?$/)
      if (field?.[1] && field[2]) {
        fields.push({ name: field[1], type: field[2], description: doc })
        doc = ''
      }
    }
    found.set(name, {
      extends: (parents ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      fields,
    })
  }
  return found
}

const interfaces = parse(source)

/** The fields of a detail type, inherited ones first; null when the type is not in events.ts. */
export function detailFields(typeName: string): DetailField[] | null {
  const entry = interfaces.get(typeName)
  if (!entry) return null
  const inherited = entry.extends.flatMap((parent) => detailFields(parent) ?? [])
  return [...inherited, ...entry.fields]
}

// The API reference's view of the server's OpenAPI document (written at build time by scripts/openapi.mjs):
// operations by tag, who may call each, compact schema types and field tables, generated examples and a curl
// line against `npm start`. Everything the pages show comes from the document; only the wording around it is
// ours (ar and en).
import document from '../../data/generated/openapi.json'

export type Lang = 'ar' | 'en'

/** The JSON Schema subset the server's TypeBox schemas produce. */
export interface Schema {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  description?: string
  default?: unknown
  example?: unknown
  examples?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  uniqueItems?: boolean
}

interface RawParameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  description?: string
  schema?: Schema
}

interface RawOperation {
  summary?: string
  description?: string
  tags?: string[]
  parameters?: RawParameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>
  security?: Record<string, string[]>[]
}

interface RawDocument {
  paths: Record<string, Record<string, RawOperation>>
  security?: Record<string, string[]>[]
}

/** Who may call an operation. */
export type Role = 'keyless' | 'public' | 'signed-in' | 'contributor' | 'rating-token'

/** One operation, ready to render. */
export interface Operation {
  method: string
  /** The path under the base, as the document writes it (`/profile/contributors`). */
  path: string
  /** The id of its heading: method and path (`get-profile-contributors`). */
  anchor: string
  tag: string
  summary: string
  description: string
  role: Role
  parameters: RawParameter[]
  body: { type: string; schema: Schema | undefined; required: boolean } | null
  /** Success status and its schema (and media type). */
  success: { status: string; type: string; schema: Schema | undefined }
  /** Error statuses with the error codes the description names for them. */
  errors: { status: string; codes: string[] }[]
  /** Multipart field names, for the upload calls (named in their summary). */
  multipart: string[]
}

const doc = document as unknown as RawDocument
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** The heading id of an operation: `GET /profile/v2/sme/show/{id}` → `get-profile-v2-sme-show-id`. */
export function anchorOf(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

const CONTRIBUTOR_SUMMARY = /signed-in (contributor|advisor)|as its advisor/i
const CONTRIBUTOR_DESCRIPTION =
  /^(Only the session's (own )?contributor|Needs `can_|403 for a person without an expert identity)/

function roleOf(op: RawOperation): Role {
  // An explicit empty list: no key at all (the document itself, avatars that <img> tags load).
  if (op.security && op.security.length === 0) return 'keyless'
  const security = op.security ?? doc.security ?? []
  const bearer = security.some((s) => 'bearer' in s)
  if (!bearer) return 'public'
  if (/rating access token/i.test(`${op.summary} ${op.description}`)) return 'rating-token'
  if (CONTRIBUTOR_SUMMARY.test(op.summary ?? '') || CONTRIBUTOR_DESCRIPTION.test(op.description ?? '')) {
    return 'contributor'
  }
  return 'signed-in'
}

/** Error codes the description ties to a status: "409 slot_already_booked", "(422 slot_overlap, …". */
function errorCodes(description: string): Map<string, string[]> {
  const codes = new Map<string, string[]>()
  const add = (status: string, code: string) => {
    const list = codes.get(status) ?? []
    if (!list.includes(code)) list.push(code)
    codes.set(status, list)
  }
  for (const m of description.matchAll(
    /\b([45]\d\d)\s+`?([a-z]+(?:_[a-z]+)+)`?((?:\s+or\s+`?[a-z]+(?:_[a-z]+)+`?)*)/g,
  )) {
    const [, status, first, more] = m
    if (!status || !first) continue
    add(status, first)
    for (const extra of (more ?? '').matchAll(/([a-z]+(?:_[a-z]+)+)/g)) if (extra[1]) add(status, extra[1])
  }
  return codes
}

function firstContent(content: Record<string, { schema?: Schema }> | undefined) {
  const [type, media] = Object.entries(content ?? {})[0] ?? []
  return type ? { type, schema: media?.schema } : null
}

function toOperation(path: string, method: string, op: RawOperation): Operation {
  const responses = Object.entries(op.responses ?? {})
  const [status = '200', success] = responses.find(([code]) => code.startsWith('2')) ?? []
  const successContent = firstContent(success?.content)
  const codes = errorCodes(op.description ?? '')
  const body = firstContent(op.requestBody?.content)
  return {
    method,
    path,
    anchor: anchorOf(method, path),
    tag: op.tags?.[0] ?? 'other',
    summary: op.summary ?? '',
    description: op.description ?? '',
    role: roleOf(op),
    parameters: op.parameters ?? [],
    body: body ? { ...body, required: op.requestBody?.required ?? false } : null,
    success: { status, type: successContent?.type ?? '', schema: successContent?.schema },
    errors: responses
      .filter(([code]) => /^[45]/.test(code))
      .map(([code]) => ({ status: code, codes: codes.get(code) ?? [] })),
    multipart: [...(op.summary ?? '').matchAll(/multipart fields? `([^`]+)`/g)].map((m) => m[1] ?? ''),
  }
}

/** Every operation, in the document's order. */
export const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => toOperation(path, method, op)),
)

/** The tags, in the order they first appear. */
export const tags: string[] = [...new Set(operations.map((op) => op.tag))]

/** The operations of one tag; throws for a tag the document does not have (a page naming a wrong tag). */
export function operationsOf(tag: string): Operation[] {
  const list = operations.filter((op) => op.tag === tag)
  if (!list.length) {
    throw new Error(`The OpenAPI document has no operation tagged "${tag}" (tags: ${tags.join(', ')})`)
  }
  return list
}

// ---------------------------------------------------------------------------------------------- schemas

function literal(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value)
}

function members(schema: Schema): Schema[] | undefined {
  return schema.anyOf ?? schema.oneOf
}

/** A compact type: `integer`, `string (date-time)`, `1 | 2 | 3`, `integer[]`, `string | null`. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any'
  const list = members(schema)
  if (list) return [...new Set(list.map(typeOf))].join(' | ')
  if (schema.enum) return schema.enum.map(literal).join(' | ')
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type
  if (type === 'array') {
    const item = typeOf(schema.items)
    return item.includes('|') ? `(${item})[]` : `${item}[]`
  }
  if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    return `{ [key]: ${typeOf(schema.additionalProperties)} }`
  }
  if (type === 'string' && schema.format) return `string (${schema.format})`
  return type ?? 'any'
}

/** Limits and defaults, in JSON Schema's own words: `default 15`, `1–100`, `≤ 200 chars`. */
export function limitsOf(schema: Schema | undefined): string[] {
  if (!schema) return []
  const object = members(schema)?.find((s) => s.type !== 'null') ?? schema
  const out: string[] = []
  if (object.minimum !== undefined || object.maximum !== undefined) {
    out.push(`${object.minimum ?? '…'}–${object.maximum ?? '…'}`)
  }
  if (object.minLength !== undefined) out.push(`minLength ${object.minLength}`)
  if (object.maxLength !== undefined) out.push(`maxLength ${object.maxLength}`)
  if (object.minItems !== undefined) out.push(`minItems ${object.minItems}`)
  if (object.maxItems !== undefined) out.push(`maxItems ${object.maxItems}`)
  if (object.uniqueItems) out.push('uniqueItems')
  if (object.pattern) out.push(`pattern ${object.pattern}`)
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`)
  return out
}

/** One row of a field table. */
export interface Field {
  name: string
  type: string
  required: boolean
  description: string
  limits: string[]
}

/** The object inside a schema (itself, or the non-null member of `X | null`). */
function objectOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined
  if (schema.properties) return schema
  return members(schema)?.find((s) => s.properties)
}

/** The fields of an object schema, nested objects and arrays of objects flattened (`slots[].start`). */
export function fieldsOf(schema: Schema | undefined, prefix = '', depth = 0): Field[] {
  const object = objectOf(schema)
  if (!object?.properties) return []
  const required = new Set(object.required ?? [])
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const full = `${prefix}${name}`
    const row: Field = {
      name: full,
      type: typeOf(property),
      required: required.has(name),
      description: property.description ?? '',
      limits: limitsOf(property),
    }
    if (depth >= 2) return [row]
    const nested = objectOf(property)
      ? fieldsOf(property, `${full}.`, depth + 1)
      : objectOf(property.items)
        ? fieldsOf(property.items, `${full}[].`, depth + 1)
        : []
    return [row, ...nested]
  })
}

// --------------------------------------------------------------------------------------------- examples

/** A week from the build, 09:00 in Riyadh: example times in the future, as bookings need. */
const exampleDay = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)

function exampleString(schema: Schema, name: string, placeholder: boolean): string {
  switch (schema.format) {
    case 'date-time':
      return `${exampleDay}T${name === 'end' ? '10' : '09'}:00:00+03:00`
    case 'date':
      return exampleDay
    case 'uri':
    case 'url':
      return 'https://example.org/'
    case 'email':
      return 'owner@example.org'
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000'
  }
  if (schema.pattern?.startsWith('^https?')) return 'https://example.org/'
  if (schema.pattern === '^\\d{2}:\\d{2}$' || /^\d{2}:\d{2}$/.test(String(schema.default ?? '')))
    return '09:00'
  return placeholder && name ? `<${name}>` : 'string'
}

/**
 * An example value built from a schema: examples and defaults where given, the first choice of a union or
 * an enum, the lower bound of a number, one item of an array. `requiredOnly` (requests) leaves optional
 * nested properties out and writes strings as `<name>` placeholders to replace.
 */
export function exampleOf(schema: Schema | undefined, requiredOnly = false, name = ''): unknown {
  if (!schema) return null
  if (schema.example !== undefined) return schema.example
  if (schema.examples?.length) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  const list = members(schema)
  if (list) return exampleOf(list.find((s) => s.type !== 'null') ?? list[0], requiredOnly, name)
  if (schema.enum?.length) return schema.enum[0]
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, requiredOnly, name)))
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      return exampleString(schema, name, requiredOnly)
    case 'integer':
    case 'number':
      // Unix seconds (bounded by the year 9999): the example week, from its first day at 00:00 in Riyadh.
      if (schema.maximum === 253_402_300_799) {
        const start = Date.parse(`${exampleDay}T00:00:00+03:00`) / 1000
        return /end|to/.test(name) ? start + 7 * 86_400 : start
      }
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1
    case 'boolean':
      return true
    case 'null':
      return null
    case 'array': {
      const item = exampleOf(schema.items, requiredOnly, name)
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item)
    }
    case 'object': {
      const required = new Set(schema.required ?? [])
      const entries = Object.entries(schema.properties ?? {})
        .filter(([key]) => !requiredOnly || required.has(key))
        .map(([key, value]) => [key, exampleOf(value, requiredOnly, key)])
      return Object.fromEntries(entries)
    }
  }
  return null
}

/** The example response of an operation: its success body as JSON, when it is JSON. */
export function exampleResponse(op: Operation): string | null {
  if (!op.success.type.includes('json') || !op.success.schema) return null
  return JSON.stringify(exampleOf(op.success.schema), null, 2)
}

// ------------------------------------------------------------------------------------------------ curl

/** Where `npm start` serves the API. */
export const EXAMPLE_BASE = 'http://localhost:8080/api'
/** The development API key `npm start` accepts from localhost and curl. */
export const DEV_KEY = 'mashura-dev-key'

function paramValue(param: RawParameter): string[] {
  const value = exampleOf(param.schema, true, param.name)
  return (Array.isArray(value) ? value : [value]).map(String)
}

/** A request body: every field (optional ones too, so the example shows them), strings as `<name>` placeholders. */
function bodyExample(schema: Schema | undefined): unknown {
  const object = objectOf(schema)
  if (!object?.properties) return exampleOf(schema, true)
  return Object.fromEntries(
    Object.entries(object.properties).map(([key, value]) => [key, exampleOf(value, true, key)]),
  )
}

/** A copy-pasteable curl line against `npm start`: the path filled in, required query and body, headers. */
export function curlOf(op: Operation, lang: Lang): string {
  let path = op.path
  const query: string[] = []
  for (const param of op.parameters) {
    if (param.in === 'path') {
      path = path.replace(`{${param.name}}`, encodeURIComponent(paramValue(param)[0] ?? '1'))
    } else if (param.in === 'query' && param.required) {
      for (const v of paramValue(param)) query.push(`${param.name}=${encodeURIComponent(v)}`)
    }
  }
  const url = `${EXAMPLE_BASE}${path}${query.length ? `?${query.join('&')}` : ''}`
  const lines = [`curl${op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`} '${url}'`]
  if (op.role !== 'keyless') lines.push(`-H 'X-API-Key: ${DEV_KEY}'`)
  if (op.role === 'rating-token') lines.push(`-H "Authorization: Bearer $RATING_TOKEN"`)
  else if (op.role !== 'public' && op.role !== 'keyless') lines.push(`-H "Authorization: Bearer $TOKEN"`)
  if (lang === 'en') lines.push(`-H 'Accept-Language: en'`)
  if (op.body?.type.includes('json')) {
    lines.push(`-H 'Content-Type: application/json'`)
    lines.push(`-d '${JSON.stringify(bodyExample(op.body.schema))}'`)
  }
  for (const field of op.multipart)
    lines.push(`-F '${field}=@${field === 'file' ? 'note.webm' : 'report.pdf'}'`)
  return lines.join(' \\\n  ')
}

/** Backticked words in the document's prose, as code: `["text", "code", "text", …]` (odd indexes are code). */
export function prose(text: string): string[] {
  return text.split('`')
}

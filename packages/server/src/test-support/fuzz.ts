/**
 * Malformed requests for every operation of the API document, as fast-check arbitraries, and the check every
 * answer must pass (issue 17). Inputs are derived from each operation's own schemas: its path and query
 * parameters and its JSON body (or, for an upload, a multipart body), each either fitting the schema, off it
 * at an edge (a bound, a type, a format), or plainly hostile (NUL, lone surrogates, huge or infinite
 * numbers, deep nesting, broken percent-encoding, broken JSON or multipart framing). The caller, the API key,
 * the language and the content type vary too.
 */
import { normalizeLanguage } from '@mashura/core'
import fc from 'fast-check'
import { partDisposition, pdfFile, pngFile, wavFile } from '../adapters/files/test-files.ts'

/** The part of JSON Schema the API document uses. */
export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  default?: unknown
}

/** A path or query parameter of an operation. */
export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: JsonSchema
}

/** One operation (method and path) of the API document, with what its requests carry. */
export interface Operation {
  /** `POST /schedule/v5/schedules`, as the document names it (without the `/api` server prefix). */
  key: string
  method: string
  path: string
  parameters: Parameter[]
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null
  /** Whether the operation takes a multipart upload. */
  multipart: boolean
  /** The documented content types of each answer status. */
  responses: Record<string, string[]>
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[]
        requestBody?: { content: Record<string, { schema?: JsonSchema }> }
        consumes?: string[]
        summary?: string
        responses?: Record<string, { content?: Record<string, unknown> }>
      }
    >
  >
}

/** The operations of an API document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {}
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            name: p.name,
            in: p.in as 'path' | 'query',
            required: p.required ?? false,
            schema: p.schema ?? {},
          })),
        body: content['application/json']?.schema ?? null,
        // @fastify/swagger drops `consumes` for a body-less route, so uploads are known by their 415 answer.
        multipart: Boolean(content['multipart/form-data']) || Boolean(op.responses?.['415']),
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [status, Object.keys(r.content ?? {})]),
        ),
      })
    }
  }
  return out
}

/** Who calls: nobody, one of the signed-in test people, or someone with a token that is not valid. */
export type Persona =
  | 'visitor'
  | 'owner'
  | 'contributor'
  | 'advisor'
  | 'admin'
  | 'analyst'
  | 'forged-token'
  | 'not-bearer'

/** The signed-in personas: the test people the fuzz suite makes. */
export type SignedInPersona = Exclude<Persona, 'visitor' | 'forged-token' | 'not-bearer'>

/**
 * Who makes a fitting request of `op`: mostly the back office's staff for a back-office call (so the fuzzing
 * reaches its handlers, and an analyst meets the admin-only ones), the site's people for the others.
 */
function fittingPersona(op: Operation): fc.Arbitrary<Persona> {
  return op.path.startsWith('/admin/')
    ? fc.constantFrom<Persona>('admin', 'admin', 'admin', 'analyst', 'owner', 'visitor')
    : fc.constantFrom<Persona>('owner', 'contributor', 'advisor', 'visitor')
}

/** What the generators draw existing rows from, so that some requests reach past the 404s. */
export interface FuzzPools {
  /** Ids that exist (people, experts, slots, sessions, subjects, centers, offices). */
  ids: number[]
  /** Strings that exist, by parameter name (meeting numbers, avatar names). */
  strings: Record<string, string[]>
}

/** One generated request, printed briefly when fast-check reports it. */
export interface FuzzRequest {
  method: string
  url: string
  persona: Persona
  apiKey: 'dev' | 'none' | 'wrong'
  /** The Accept-Language header, or none. */
  language: string | null
  origin: string | null
  contentType: string | null
  payload: string | Buffer | null
  /** The language the answer must be in. */
  expectedLanguage: 'ar' | 'en'
}

// ------------------------------------------------------------------------------------------- values

const ARABIC = ['مشورة', 'التخطيط المالي', 'عميل', '١٢٣', 'ـ', 'مَرْحَبًا', 'ﷺ', '؟']

/** Hostile strings: control and invisible characters, lone surrogates, injections, number-like text. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e',
  '\r\n',
  '\t',
  '😀👨‍👩‍👧',
  "' OR 1=1 --",
  '"; DROP TABLE people; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%',
  'null',
  'true',
  'false',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '0x1F',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '2024-02-30',
  '2024-13-01T25:61:61Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  ...ARABIC,
]

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e300,
  -1e300,
  Number.MIN_VALUE,
  253402300800,
  8.64e15,
]

/** A long string of a repeated unit, some past every limit the API has. */
const longString = fc
  .tuple(
    fc.constantFrom('x', 'م', '9', ' ', '😀', '\u0000', '%'),
    fc.constantFrom(101, 257, 2049, 5001, 70_000),
  )
  .map(([unit, n]) => unit.repeat(n))

/** Any hostile string. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: longString },
)

/** Nested arrays or objects deep enough to trouble any recursive walk. */
const deeplyNested = fc
  // JSON.stringify recurses too, so deeper nesting is sent as text (BROKEN_JSON, rawFieldJson).
  .tuple(fc.constantFrom(50, 1_000, 3_000), fc.boolean())
  .map(([depth, objects]) => {
    let value: unknown = objects ? { a: 1 } : [1]
    // Built iteratively: the point is to make the server recurse, not the test.
    for (let i = 0; i < depth; i++) value = objects ? { a: value } : [value]
    return value
  })

/** Any hostile JSON value. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS, null, true, false, [], {}, [[]], [null]),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.integer(), { minLength: 51, maxLength: 120 }) },
  { weight: 1, arbitrary: deeplyNested },
)

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return []
  return Array.isArray(schema.type) ? schema.type : [schema.type]
}

function validString(schema: JsonSchema, pools: FuzzPools, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = Math.min(schema.maxLength ?? 60, 60)
  const known = pools.strings[name] ?? []
  const fitted = (arb: fc.Arbitrary<string>) =>
    known.length ? fc.oneof(fc.constantFrom(...known), arb) : arb
  switch (schema.format) {
    case 'date':
      return fitted(
        fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      )
    case 'date-time':
      return fitted(
        fc
          .date({
            min: new Date(Date.now() - 30 * 864e5),
            max: new Date(Date.now() + 60 * 864e5),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString()),
      )
    case 'uuid':
      return fitted(fc.uuid())
    case 'uri':
      return fitted(fc.constantFrom('https://example.sa/callback', 'http://localhost:5173/', 'urn:x'))
  }
  if (schema.pattern) {
    try {
      return fitted(
        fc
          .stringMatching(new RegExp(schema.pattern), { size: 'xsmall' })
          .filter((s) => s.length <= (schema.maxLength ?? 1e9)),
      )
    } catch {
      // fast-check cannot generate every pattern (lookaheads): plain strings then, most of them off it.
    }
  }
  return fitted(
    fc.oneof(
      fc.string({ minLength: min, maxLength: Math.max(min, max) }),
      fc.constantFrom(...ARABIC).filter((s) => s.length >= min),
    ),
  )
}

/** A value that fits a schema, drawn from the pools where they have one. */
function validValue(schema: JsonSchema, pools: FuzzPools, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, pools, name, depth)))
  const types = typesOf(schema)
  if (types.length > 1)
    return fc.oneof(...types.map((type) => validValue({ ...schema, type }, pools, name, depth)))
  switch (types[0]) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer': {
      const min = schema.minimum ?? -(2 ** 31)
      const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER)
      const ids = pools.ids.filter((id) => id >= min && id <= max)
      const any = fc.integer({ min, max })
      return ids.length ? fc.oneof(fc.constantFrom(...ids), any) : any
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true })
    case 'string':
      return validString(schema, pools, name)
    case 'array': {
      const items = validValue(schema.items ?? {}, pools, name, depth + 1)
      const minLength = schema.minItems ?? 0
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) })
    }
    case 'object': {
      if (depth > 4) return fc.constant({})
      const properties = schema.properties ?? {}
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, s]) => [key, validValue(s, pools, key, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
      )
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Values just off a schema: past a bound, of a near type, or a wrong format. */
function edgeValue(schema: JsonSchema, pools: FuzzPools, name: string): fc.Arbitrary<unknown> {
  const edges: unknown[] = []
  for (const s of [schema, ...(schema.anyOf ?? [])]) {
    if (s.minimum !== undefined) edges.push(s.minimum - 1, s.minimum - 0.5, String(s.minimum))
    if (s.maximum !== undefined) edges.push(s.maximum + 1, s.maximum + 0.5, String(s.maximum), -s.maximum)
    if (s.maxLength !== undefined) edges.push('م'.repeat(s.maxLength + 1), ' '.repeat(s.maxLength + 1))
    if (s.minLength !== undefined && s.minLength > 0)
      edges.push('a'.repeat(s.minLength - 1), ' '.repeat(s.minLength))
    if (s.maxItems !== undefined) edges.push(Array.from({ length: s.maxItems + 1 }, (_, i) => i + 1))
    if (s.minItems) edges.push([])
    if (s.enum)
      edges.push(...s.enum.map((v) => (typeof v === 'string' ? v.toUpperCase() : String(v))), 'other')
    if (s.format) edges.push('2024-02-30', 'T', '', '2024-01-01T00:00:00', 'a'.repeat(40))
    if (s.pattern) edges.push(' ', '-', '\u0000'.repeat(43), 'ا'.repeat(43))
  }
  edges.push(null, {}, [], '', 0, true)
  return fc.oneof(
    fc.constantFrom(...edges),
    validValue(schema, pools, name).map((v) =>
      Array.isArray(v) || typeof v === 'object' ? JSON.stringify(v) : [v],
    ),
  )
}

/** Characters that have broken databases, searches and encoders: inserted into otherwise fitting text. */
const TAINTS = ['\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '%00', "'", '\\', '%', '_', '\u0085']

/**
 * Text that fits a string schema but for one hostile character somewhere in it, so it gets past validation to
 * the handler and the database; null for a schema that takes no text.
 */
function taintedValue(schema: JsonSchema, pools: FuzzPools, name: string): fc.Arbitrary<string> | null {
  const strings = [schema, ...(schema.anyOf ?? [])].filter((s) => typesOf(s).includes('string') && !s.enum)
  if (!strings.length) return null
  return fc
    .tuple(fc.oneof(...strings.map((s) => validString(s, pools, name))), fc.constantFrom(...TAINTS), fc.nat())
    .map(([text, taint, at]) => {
      const i = at % (text.length + 1)
      return `${text.slice(0, i)}${taint}${text.slice(i)}`
    })
}

/** A value for a schema: fitting, at an edge, or hostile; objects and arrays fuzzed inside as well. */
function fuzzValue(schema: JsonSchema, pools: FuzzPools, name = '', depth = 0): fc.Arbitrary<unknown> {
  const types = typesOf(schema)
  const inner: fc.Arbitrary<unknown>[] = []
  if (depth < 3 && types.includes('object') && schema.properties)
    inner.push(fuzzObject(schema, pools, depth + 1))
  if (depth < 3 && types.includes('array') && schema.items) {
    inner.push(fc.array(fuzzValue(schema.items, pools, name, depth + 1), { maxLength: 4 }))
  }
  const tainted = taintedValue(schema, pools, name)
  if (tainted) inner.push(tainted)
  // Mostly fitting, so that a request with one bad field among many still reaches past validation.
  return fc.oneof(
    { weight: 8, arbitrary: validValue(schema, pools, name, depth) },
    { weight: 1, arbitrary: edgeValue(schema, pools, name) },
    { weight: 1, arbitrary: nastyValue },
    ...inner.map((arbitrary) => ({ weight: 2, arbitrary })),
  )
}

/** Keys a body must not be able to smuggle anything through. */
const NASTY_KEYS = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'person_id',
    'toString',
    '',
    'مفتاح',
    'a\u0000b',
    'x'.repeat(300),
  ),
  fc.string({ maxLength: 12 }),
)

/** An object for an object schema: each property fitting, off, hostile or missing, and sometimes extras. */
function fuzzObject(schema: JsonSchema, pools: FuzzPools, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const fields = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fuzzValue(s, pools, key, depth)])),
    { requiredKeys: [] },
  )
  // Required fields are there more often than not; fc.record leaves each optional one out half the time.
  const required = schema.required ?? []
  const present = fc.record(
    Object.fromEntries(
      required.filter((k) => k in properties).map((k) => [k, fuzzValue(properties[k]!, pools, k, depth)]),
    ),
  )
  const extras = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(NASTY_KEYS, nastyValue, { maxKeys: 2 }) },
  )
  return fc
    .tuple(
      fc.oneof(
        fields,
        fc.tuple(fields, present).map(([f, p]) => ({ ...f, ...p })),
      ),
      extras,
      fc.boolean(),
    )
    .map(([f, e, extrasFirst]) => {
      // defineProperty, not spread: a generated `__proto__` key must reach the server as a key.
      const out: Record<string, unknown> = {}
      for (const [k, v] of extrasFirst
        ? [...Object.entries(e), ...Object.entries(f)]
        : [...Object.entries(f), ...Object.entries(e)]) {
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
      }
      return out
    })
}

// ------------------------------------------------------------------------------------------- addresses

/** Percent-encodes every byte but the unreserved ones; a lone surrogate goes as U+FFFD, as a browser sends it. */
function encode(value: string): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** Address text sent as it is: broken percent-encoding, invalid UTF-8, encoded separators. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  ';',
  '%20',
  '+',
  '%252F',
  '1%00',
  '1;x=1',
]

/** A path parameter's text, already in address form. */
function pathValue(p: Parameter, pools: FuzzPools): fc.Arbitrary<string> {
  const valid = validValue(p.schema, pools, p.name).map((v) => encode(String(v)))
  const tainted = taintedValue(p.schema, pools, p.name)
  return fc.oneof(
    { weight: 12, arbitrary: valid },
    ...(tainted ? [{ weight: 3, arbitrary: tainted.map(encode) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: nastyString.map((s) => encode(s.slice(0, 400))) },
    { weight: 1, arbitrary: fc.constantFrom('9'.repeat(101), 'a'.repeat(150), encode('م'.repeat(60))) },
    { weight: 1, arbitrary: edgeValue(p.schema, pools, p.name).map((v) => encode(String(v))) },
  )
}

/** One query parameter's `key=value` pairs (none, one, repeated, or odd), already in address form. */
function queryPairs(p: Parameter, pools: FuzzPools): fc.Arbitrary<readonly string[]> {
  const key = encode(p.name)
  const scalar = (v: unknown) =>
    `${key}=${encode(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`
  const valid = validValue(p.schema, pools, p.name).map((v) =>
    Array.isArray(v) ? v.map(scalar) : [scalar(v)],
  )
  const tainted = taintedValue(p.schema, pools, p.name)
  return fc.oneof(
    { weight: p.required ? 1 : 12, arbitrary: fc.constant<string[]>([]) },
    { weight: 10, arbitrary: valid },
    ...(tainted ? [{ weight: 4, arbitrary: tainted.map((v) => [scalar(v)]) }] : []),
    { weight: 1, arbitrary: nastyString.map((s) => [scalar(s.slice(0, 6000))]) },
    { weight: 1, arbitrary: edgeValue(p.schema, pools, p.name).map((v) => [scalar(v)]) },
    {
      weight: 1,
      arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 60 }).map((vs) => vs.map(scalar)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [key],
        [`${key}=`],
        [`${key}[]=1`],
        [`${key}[a]=1`],
        [`${key}=%`],
        [`${key}=%FF`],
        [`${key}=%ED%A0%80`],
        [`${key}=1&${key}=2`],
        [`${key}=Infinity`],
        [`${key}=%20nan%20`],
        [`${key}=1e309`],
        [`${key}=-1e309`],
        [`${key}=${'9'.repeat(400)}`],
      ),
    },
  )
}

/** Query keys no operation declares. */
const EXTRA_QUERY = fc.constantFrom(
  '__proto__=1',
  'constructor[prototype][x]=1',
  'x=1',
  '%=%',
  '&&',
  '=',
  'a=%00',
  'page[$gt]=1',
)

/** The address: the document's path with its parameters filled in, and a query. */
function urlArbitrary(op: Operation, pools: FuzzPools): fc.Arbitrary<string> {
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => pathValue(p, pools))),
      fc.tuple(...queryParams.map((p) => queryPairs(p, pools))),
      fc.option(fc.array(EXTRA_QUERY, { minLength: 1, maxLength: 2 }), { freq: 12 }),
    )
    .map(([values, pairs, extra]) => {
      let path = op.path
      for (const [i, p] of pathParams.entries()) path = path.replace(`{${p.name}}`, values[i]!)
      const query = [...pairs.flat(), ...(extra ?? [])].join('&')
      return `/api${path}${query ? `?${query}` : ''}`
    })
}

// ------------------------------------------------------------------------------------------- bodies

/** Malformed JSON texts, and well-formed ones JSON.parse turns into something odd. */
const BROKEN_JSON = [
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":NaN}',
  '\ufeff{}',
  '{}garbage',
  '""',
  '"\\ud800"',
  '{"a":"\\x"}',
  '{"a":"\\u00"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '1e309',
  'null',
  '0',
  '-',
  '[]',
  '{"a":1,"a":2}',
  '['.repeat(100_000),
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  // Past the 1 MiB body limit.
  `{"a":"${'x'.repeat(1_100_000)}"}`,
]

/** JSON text with one property's value written raw: numbers JSON.parse reads as infinite, zero or lossy. */
function rawFieldJson(schema: JsonSchema, pinned: readonly string[]): fc.Arbitrary<string> {
  const names = Object.keys(schema.properties ?? {}).filter((name) => !pinned.includes(name))
  if (!names.length) return fc.constantFrom(...BROKEN_JSON)
  return fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom(
        '1e309',
        '-1e309',
        '1e-400',
        '-0',
        '12345678901234567890123',
        '1.0',
        '"\\u0000"',
        '"\\udc00"',
        '"\\ud83d"',
        `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
        `${'{"a":'.repeat(30_000)}null${'}'.repeat(30_000)}`,
      ),
    )
    .map(([name, raw]) => `{${JSON.stringify(name)}:${raw}}`)
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
]
/** A JSON content type, mostly the plain one. */
const jsonType = fc.oneof(
  { weight: 8, arbitrary: fc.constant(JSON_TYPES[0]!) },
  fc.constantFrom(...JSON_TYPES),
)

const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
  'application/octet-stream',
  '*/*',
  ';',
  'application/json; charset=utf-16',
]

interface Body {
  contentType: string | null
  payload: string | Buffer | null
}

/** A body for an operation that takes JSON, or none. */
function jsonBodyArbitrary(
  op: Operation,
  pools: FuzzPools,
  pinned: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Body> {
  const schema = op.body ?? { type: 'object', properties: {} }
  const pin = (value: unknown) =>
    fc.tuple(...Object.values(pinned)).map((pins) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value
      const out = { ...(value as Record<string, unknown>) }
      for (const [i, key] of Object.keys(pinned).entries()) {
        if (pins[i] === undefined) delete out[key]
        else out[key] = pins[i]
      }
      return out
    })
  const object = fc.oneof(
    { weight: 5, arbitrary: fuzzObject(schema, pools) },
    { weight: 3, arbitrary: validValue(schema, pools) },
    { weight: 1, arbitrary: nastyValue },
  )
  const json = fc.tuple(object.chain(pin), jsonType).map(([value, contentType]) => ({
    contentType,
    payload: JSON.stringify(value) ?? 'null',
  }))
  const raw = fc.tuple(
    fc.oneof(fc.constantFrom(...BROKEN_JSON), rawFieldJson(schema, Object.keys(pinned))),
    jsonType,
  )
  return fc.oneof(
    { weight: 8, arbitrary: json },
    { weight: 2, arbitrary: raw.map(([payload, contentType]) => ({ contentType, payload })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.option(fc.constantFrom(...OTHER_TYPES)), fc.oneof(fc.constant('{}'), nastyString))
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.option(jsonType).map((contentType) => ({ contentType, payload: null })) },
  )
}

/** A multipart part: field name, file name, declared type and bytes, each sometimes wrong. */
const partArbitrary = fc.record({
  field: fc.constantFrom('file', 'files[]', 'files', 'other', 'ملف', ''),
  filename: fc.option(
    fc.constantFrom(
      'a.wav',
      'a.pdf',
      'صورة.png',
      '',
      'a\u0000b.pdf',
      `${'x'.repeat(300)}.pdf`,
      '../../../etc/passwd',
      'a"b.pdf',
      'a\r\nb',
    ),
    { nil: undefined },
  ),
  contentType: fc.option(fc.constantFrom('audio/wav', 'application/pdf', 'image/png', 'text/plain', 'x'), {
    nil: undefined,
  }),
  data: fc.oneof(
    fc.constantFrom(
      wavFile(1),
      pdfFile(),
      pngFile(),
      Buffer.alloc(0),
      Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt '),
    ),
    fc
      .tuple(fc.constantFrom(wavFile(1), pdfFile(), pngFile()), fc.nat())
      .map(([b, n]) => b.subarray(0, n % b.length)),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  ),
})

/** How the multipart body is framed: right, or wrong in one of the ways a form parser meets. */
const FRAMINGS = [
  'ok',
  'ok',
  'ok',
  'no-boundary',
  'other-boundary',
  'cut',
  'no-end',
  'lf-only',
  'empty',
] as const

/** A multipart body of some parts, framed as `framing` says (`cut` is where a cut one ends). */
function multipartPayload(
  parts: { field: string; filename?: string; contentType?: string; data: Buffer }[],
  framing: (typeof FRAMINGS)[number],
  cut: number,
): Body {
  const boundary = 'fuzzboundary'
  const eol = framing === 'lf-only' ? '\n' : '\r\n'
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = partDisposition(p)
    const head = `--${boundary}${eol}Content-Disposition: ${disposition}${eol}${p.contentType ? `Content-Type: ${p.contentType}${eol}` : ''}${eol}`
    chunks.push(Buffer.from(head, 'utf8'), p.data, Buffer.from(eol))
  }
  if (framing !== 'no-end') chunks.push(Buffer.from(`--${boundary}--${eol}`))
  let payload = framing === 'empty' ? Buffer.alloc(0) : Buffer.concat(chunks)
  if (framing === 'cut' && payload.length) payload = payload.subarray(0, cut % payload.length)
  const contentType =
    framing === 'no-boundary'
      ? 'multipart/form-data'
      : framing === 'other-boundary'
        ? 'multipart/form-data; boundary=another'
        : `multipart/form-data; boundary=${boundary}`
  return { contentType, payload }
}

/** A multipart body for an upload operation, often wrong in its parts or framing. */
function multipartArbitrary(): fc.Arbitrary<Body> {
  return fc
    .tuple(fc.array(partArbitrary, { maxLength: 3 }), fc.constantFrom(...FRAMINGS), fc.nat())
    .map(([parts, framing, cut]) => multipartPayload(parts, framing, cut))
}

/** Bodies for an operation: its JSON, or for an upload mostly multipart. */
function bodyArbitrary(
  op: Operation,
  pools: FuzzPools,
  pinned: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Body> {
  if (op.multipart)
    return fc.oneof(
      { weight: 5, arbitrary: multipartArbitrary() },
      { weight: 1, arbitrary: jsonBodyArbitrary(op, pools, pinned) },
    )
  if (op.body) return jsonBodyArbitrary(op, pools, pinned)
  // No body expected: mostly none, sometimes one anyway.
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<Body>({ contentType: null, payload: null }) },
    { weight: 1, arbitrary: jsonBodyArbitrary(op, pools, pinned) },
  )
}

// ------------------------------------------------------------------------------------------- requests

const LANGUAGES = [null, 'ar', 'en', 'en-US,en;q=0.9', 'ar-SA', 'fr', '*', 'EN', '']

/** Requests that fit the operation's schemas throughout, from a signed-in caller: they reach the handlers. */
function cleanRequest(
  op: Operation,
  pools: FuzzPools,
  pinned: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Omit<FuzzRequest, 'expectedLanguage'>> {
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  const url = fc
    .tuple(
      fc.tuple(...pathParams.map((p) => validValue(p.schema, pools, p.name))),
      fc.tuple(
        ...queryParams.map((p) =>
          p.required
            ? validValue(p.schema, pools, p.name)
            : fc.option(validValue(p.schema, pools, p.name), { nil: undefined }),
        ),
      ),
    )
    .map(([values, queries]) => {
      let path = op.path
      for (const [i, p] of pathParams.entries()) path = path.replace(`{${p.name}}`, encode(String(values[i])))
      const query = queryParams
        .flatMap((p, i) => {
          const v = queries[i]
          if (v === undefined) return []
          return (Array.isArray(v) ? v : [v]).map((item) => `${encode(p.name)}=${encode(String(item))}`)
        })
        .join('&')
      return `/api${path}${query ? `?${query}` : ''}`
    })
  // A pinned field is left to its default here.
  const unpin = (value: unknown) => {
    const out = { ...(value as Record<string, unknown>) }
    for (const key of Object.keys(pinned)) delete out[key]
    return out
  }
  const body: fc.Arbitrary<Body> = op.multipart
    ? fc
        .array(
          fc.constantFrom<[string, Buffer]>(
            ['a.pdf', pdfFile()],
            ['صورة.png', pngFile()],
            ['note.wav', wavFile(1)],
          ),
          {
            minLength: 1,
            maxLength: op.path.includes('voice') ? 1 : 3,
          },
        )
        .map((files) =>
          multipartPayload(
            files.map(([filename, data]) => ({
              field: op.path.includes('voice') ? 'file' : 'files[]',
              filename,
              data,
            })),
            'ok',
            0,
          ),
        )
    : op.body
      ? validValue(op.body, pools)
          .map(unpin)
          .map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) }))
      : fc.constant({ contentType: null, payload: null })
  return fc
    .record({
      method: fc.constant(op.method),
      url,
      persona: fittingPersona(op),
      apiKey: fc.constant('dev' as const),
      language: fc.constantFrom('ar', 'en', null),
      origin: fc.constant(null),
      body,
    })
    .map(({ body, ...rest }) => ({ ...rest, contentType: body.contentType, payload: body.payload }))
}

/** Requests with something off: in the address, the body, the caller, the key or the headers. */
function fuzzedRequest(
  op: Operation,
  pools: FuzzPools,
  pinned: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Omit<FuzzRequest, 'expectedLanguage'>> {
  return fc
    .record({
      url: urlArbitrary(op, pools),
      body: bodyArbitrary(op, pools, pinned),
      persona: fc.oneof(
        {
          weight: 12,
          arbitrary: fc.constantFrom<Persona>(
            'visitor',
            'owner',
            'owner',
            'contributor',
            'contributor',
            'advisor',
            'admin',
            'analyst',
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom<Persona>('forged-token', 'not-bearer') },
      ),
      apiKey: fc.oneof(
        { weight: 20, arbitrary: fc.constant('dev' as const) },
        fc.constantFrom('none' as const, 'wrong' as const),
      ),
      language: fc.constantFrom(...LANGUAGES),
      origin: fc.oneof(
        { weight: 20, arbitrary: fc.constant(null) },
        fc.constantFrom('https://evil.example', 'http://localhost:5173', 'null'),
      ),
    })
    .map(({ body, ...rest }) => ({
      method: op.method,
      ...rest,
      contentType: body.contentType,
      payload: body.payload,
    }))
}

/**
 * Generated requests for one operation: a quarter fit its schemas throughout (so the handlers run, with odd but
 * valid values), the rest have something off. `pinned` fixes body fields that must not take some values.
 */
export function requestArbitrary(
  op: Operation,
  pools: FuzzPools,
  pinned: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<FuzzRequest> {
  return fc
    .oneof(
      { weight: 1, arbitrary: cleanRequest(op, pools, pinned) },
      { weight: 3, arbitrary: fuzzedRequest(op, pools, pinned) },
    )
    .map((generated) => {
      const request: FuzzRequest = {
        ...generated,
        expectedLanguage: normalizeLanguage(generated.language ?? 'ar'),
      }
      // fast-check prints a failing request with this: bodies can be megabytes of nesting.
      Object.defineProperty(request, fc.toStringMethod, {
        value: () => describeRequest(request),
        enumerable: false,
      })
      return request
    })
}

/** A failing request, short enough to read and complete enough to repeat by hand. */
export function describeRequest(r: FuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s)
  const payload =
    r.payload === null
      ? 'no body'
      : Buffer.isBuffer(r.payload)
        ? `${r.payload.length} bytes: ${JSON.stringify(cut(r.payload.toString('latin1')))}`
        : JSON.stringify(cut(r.payload))
  return `${r.method} ${cut(r.url)} as ${r.persona}, key ${r.apiKey}, Accept-Language ${JSON.stringify(r.language)}, origin ${r.origin}, Content-Type ${JSON.stringify(r.contentType)}, ${payload}`
}

// ------------------------------------------------------------------------------------------- answers

/** An answer, as far as the check needs it. */
export interface Answer {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

const ARABIC_LETTER = /\p{Script=Arabic}/u

/**
 * What is wrong with an answer, or null: never a 5xx; an error (4xx) is exactly the envelope
 * `{ error: { code, message, fields? } }` as JSON, with a message in the requested language; a success is
 * of a documented content type, and JSON when documented so.
 */
export function answerProblem(op: Operation, request: FuzzRequest, res: Answer): string | null {
  const type = String(res.headers['content-type'] ?? '')
  const excerpt = res.body.length > 500 ? `${res.body.slice(0, 500)}…` : res.body
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${excerpt}`
  if (res.statusCode >= 400) {
    if (!type.startsWith('application/json'))
      return `error ${res.statusCode} is ${type || 'untyped'}, not JSON: ${excerpt}`
    let body: unknown
    try {
      body = JSON.parse(res.body)
    } catch {
      return `error ${res.statusCode} is not JSON: ${excerpt}`
    }
    const outer = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : null
    if (outer?.length !== 1 || outer[0] !== 'error')
      return `error ${res.statusCode} is not the envelope: ${excerpt}`
    const error = (body as { error: unknown }).error
    if (!error || typeof error !== 'object' || Array.isArray(error))
      return `error ${res.statusCode} is not the envelope: ${excerpt}`
    const { code, message, fields, ...rest } = error as Record<string, unknown>
    if (Object.keys(rest).length) return `error ${res.statusCode} has keys outside the envelope: ${excerpt}`
    if (typeof code !== 'string' || !code) return `error ${res.statusCode} has no code: ${excerpt}`
    if (typeof message !== 'string' || !message.trim())
      return `error ${res.statusCode} has no message: ${excerpt}`
    if (
      fields !== undefined &&
      (!fields ||
        typeof fields !== 'object' ||
        Array.isArray(fields) ||
        Object.values(fields).some((v) => typeof v !== 'string'))
    )
      return `error ${res.statusCode} has fields that are not an object of messages: ${excerpt}`
    const arabic = ARABIC_LETTER.test(message)
    if (request.expectedLanguage === 'ar' && !arabic)
      return `error ${res.statusCode} is not in Arabic: ${excerpt}`
    if (request.expectedLanguage === 'en' && arabic)
      return `error ${res.statusCode} is not in English: ${excerpt}`
    return null
  }
  if (res.statusCode >= 200 && res.statusCode < 300) {
    const documented = op.responses[String(res.statusCode)] ?? []
    if (documented.length && !documented.some((t) => type.startsWith(t)))
      return `success ${res.statusCode} is ${type || 'untyped'}, documented as ${documented.join(' or ')}`
    if (type.startsWith('application/json')) {
      try {
        JSON.parse(res.body)
      } catch {
        return `success ${res.statusCode} claims JSON but is not: ${excerpt}`
      }
    }
  }
  return null
}

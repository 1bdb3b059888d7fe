/**
 * The back office's content forms (issue 33): each thing it edits (a question, a subject, a center, an office,
 * a cancel reason) is a list of fields described once; one form draws them, checks them before sending (the
 * server checks again) and sends a new item whole or only the fields an edit changed.
 */
import type { AdminMessageKey } from './i18n.ts'

/** How a field is typed. */
export type FieldKind = 'text' | 'textarea' | 'select' | 'check' | 'url' | 'email' | 'phone'

/** One field of a content form. */
export interface FieldSpec {
  /** The body's field name. */
  name: string
  label: AdminMessageKey
  hint?: AdminMessageKey
  kind: FieldKind
  /** Required: not empty (after trimming). */
  required?: boolean
  /** The longest text. */
  max?: number
  /** The language the text is written in (its `lang` and direction). */
  lang?: 'ar' | 'en'
  /** A select's choices (values as text). */
  options?: readonly { value: string; label: string }[]
  /** Whether the value is a number (a select of ids or types). */
  numeric?: boolean
  /** Whether an empty text is sent as null rather than "". */
  emptyIsNull?: boolean
  /** Only when editing (a retired flag). */
  editOnly?: boolean
}

/** A form's values: text for text fields and selects, booleans for check boxes. */
export type FormValues = Record<string, string | boolean>

/** A field's problem: a message key and its values. */
export interface Problem {
  key: AdminMessageKey
  values?: Record<string, number>
}

/** The empty form of `fields`, or the form of an item being edited. */
export function formValues(fields: readonly FieldSpec[], item?: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const value = item?.[field.name]
    if (field.kind === 'check') values[field.name] = value === true
    else if (value === null || value === undefined) values[field.name] = field.options?.[0]?.value ?? ''
    else values[field.name] = String(value)
  }
  return values
}

/** An https address with no spaces, as the server takes (`^https://\S+$`). */
const HTTPS = /^https:\/\/\S+$/
/** A plausible e-mail address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** A phone number in international form: + and 6 to 15 digits. */
const PHONE = /^\+[0-9]{6,15}$/

/** Checks a form: required fields filled, texts not too long, links, addresses and phones well formed. */
export function validateForm(fields: readonly FieldSpec[], values: FormValues): Record<string, Problem> {
  const problems: Record<string, Problem> = {}
  for (const field of fields) {
    const raw = values[field.name]
    if (typeof raw !== 'string') continue
    const text = raw.trim()
    if (!text) {
      if (field.required) problems[field.name] = { key: 'admin.form.required' }
      continue
    }
    if (field.max !== undefined && text.length > field.max)
      problems[field.name] = { key: 'admin.form.tooLong', values: { max: field.max } }
    else if (field.kind === 'url' && !HTTPS.test(text)) problems[field.name] = { key: 'admin.form.https' }
    else if (field.kind === 'email' && !EMAIL.test(text)) problems[field.name] = { key: 'admin.form.email' }
    else if (field.kind === 'phone' && !PHONE.test(text)) problems[field.name] = { key: 'admin.form.phone' }
  }
  return problems
}

/** A field's value as the body sends it. */
function sent(field: FieldSpec, value: string | boolean | undefined): unknown {
  if (field.kind === 'check') return value === true
  const text = typeof value === 'string' ? value.trim() : ''
  if (field.numeric) return Number(text)
  if (!text && field.emptyIsNull) return null
  return text
}

/** The body that creates an item: every field but those only an edit has; empty optional texts left out. */
export function createBody(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.editOnly) continue
    const value = sent(field, values[field.name])
    if ((value === '' || value === null) && !field.required) continue
    body[field.name] = value
  }
  return body
}

/** The body of an edit: only the fields whose value differs from the item's; null when nothing changed. */
export function changedBody(
  fields: readonly FieldSpec[],
  values: FormValues,
  item: Record<string, unknown>,
): Record<string, unknown> | null {
  const before = formValues(fields, item)
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    const next = sent(field, values[field.name])
    if (next !== sent(field, before[field.name])) body[field.name] = next
  }
  return Object.keys(body).length > 0 ? body : null
}

/** Moves the item at `index` one place up (-1) or down (+1); the list as it was at either end. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(target, 0, item as T)
  return next
}

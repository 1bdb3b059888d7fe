/**
 * The widgets' `custom-elements.json`, read at build time: every reference table on the site is generated
 * from it (and the event detail types from `widgets/src/events.ts`), never written by hand.
 */
import manifest from '@mashura/widgets/custom-elements.json'

/** A type as the manifest writes it. */
interface ManifestType {
  text: string
}

/** An attribute of a custom element. */
export interface ManifestAttribute {
  name: string
  description?: string
  type?: ManifestType
  fieldName?: string
  default?: string
}

/** A class member (the reference lists the public fields as properties). */
export interface ManifestMember {
  kind: string
  name: string
  description?: string
  type?: ManifestType
  attribute?: string
  privacy?: string
  static?: boolean
}

/** An event the element fires. */
export interface ManifestEvent {
  name: string
  description?: string
  type?: ManifestType
}

/** A CSS custom property or a CSS part. */
export interface ManifestCssEntry {
  name: string
  description?: string
  default?: string
}

/** One custom element's declaration. */
export interface ManifestElement {
  name: string
  tagName: string
  description?: string
  attributes?: ManifestAttribute[]
  members?: ManifestMember[]
  events?: ManifestEvent[]
  cssProperties?: ManifestCssEntry[]
  cssParts?: ManifestCssEntry[]
  slots?: ManifestCssEntry[]
}

interface ManifestModule {
  path: string
  declarations?: Array<Partial<ManifestElement> & { kind: string; customElement?: boolean }>
}

/** The four public widgets, in the order the docs present them. */
export const WIDGETS = ['expert-search', 'booking-calendar', 'session-room', 'rate-form'] as const
export type WidgetTag = (typeof WIDGETS)[number]

/** Every custom element the manifest declares, with the module it comes from. */
export function allElements(): Array<ManifestElement & { module: string }> {
  const modules = (manifest as { modules: ManifestModule[] }).modules
  return modules.flatMap((module) =>
    (module.declarations ?? [])
      .filter((d) => d.customElement && d.tagName)
      .map((d) => ({ ...(d as ManifestElement), module: module.path })),
  )
}

/** One element by its tag name; a build error when the manifest lacks it. */
export function element(tag: string): ManifestElement & { module: string } {
  const found = allElements().find((e) => e.tagName === tag)
  if (!found) throw new Error(`custom-elements.json has no <${tag}>`)
  return found
}

/** The public properties: fields that are neither private, protected nor static. */
export function properties(el: ManifestElement): ManifestMember[] {
  return (el.members ?? []).filter(
    (m) => m.kind === 'field' && !m.static && (m.privacy === undefined || m.privacy === 'public'),
  )
}

/** The event names of an element (the demos log these). */
export function eventNames(tag: string): string[] {
  return (element(tag).events ?? []).map((e) => e.name)
}

/** The detail type's name inside `CustomEvent<…>`, or null. */
export function detailTypeName(event: ManifestEvent): string | null {
  return event.type?.text.match(/^CustomEvent<\s*([A-Za-z0-9_]+)\s*>$/)?.[1] ?? null
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c)
}

/** The manifest's small Markdown (only `code` spans, kept left to right) as safe HTML. */
export function inlineMarkdown(text: string | undefined): string {
  return escapeHtml(text ?? '').replace(/`([^`]+)`/g, '<code dir="ltr">$1</code>')
}

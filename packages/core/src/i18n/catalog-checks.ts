/**
 * What the catalog tests read in an ICU message: its arguments with the kind of value each takes, and sample
 * values to format it with. Core's shared catalogs and the site's own are checked the same way; test-only
 * (exported through `@mashura/core/testing`).
 */
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import type { MessageValues } from './index.ts'

/** The kind of value an ICU argument takes. */
export type ArgumentKind = 'string' | 'number' | 'date' | 'select' | 'tag'

/** Collects every ICU argument of a parsed message with the kind of value it takes. */
function collectArguments(elements: MessageFormatElement[], into = new Map<string, ArgumentKind>()) {
  const add = (name: string, kind: ArgumentKind) => {
    // A name used both plainly and as a number needs a number.
    if (into.get(name) !== 'number') into.set(name, kind)
  }
  for (const element of elements) {
    if (isArgumentElement(element)) add(element.value, 'string')
    else if (isNumberElement(element)) add(element.value, 'number')
    else if (isDateElement(element) || isTimeElement(element)) add(element.value, 'date')
    else if (isPluralElement(element) || isSelectElement(element)) {
      add(element.value, isPluralElement(element) ? 'number' : 'select')
      for (const option of Object.values(element.options)) collectArguments(option.value, into)
    } else if (isTagElement(element)) {
      add(element.value, 'tag')
      collectArguments(element.children, into)
    }
  }
  return into
}

/** A message's arguments, sorted by name, with the kind of value each takes. */
export function argumentsOf(message: string): Record<string, ArgumentKind> {
  return Object.fromEntries([...collectArguments(parse(message))].sort(([a], [b]) => a.localeCompare(b)))
}

/** A sample value for each of a message's arguments, of the kind it takes. */
export function sampleValues(message: string): MessageValues {
  const samples = {
    string: 'نص',
    number: 3,
    date: new Date('2026-11-21T22:30:00Z'),
    select: 'other',
    tag: '',
  }
  return Object.fromEntries(Object.entries(argumentsOf(message)).map(([name, kind]) => [name, samples[kind]]))
}

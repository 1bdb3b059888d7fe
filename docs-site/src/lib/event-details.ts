/**
 * The fields of each event's `detail` type, read at build time from the widgets' one typed event map
 * (`widgets/src/events.ts`): the manifest names the type (`CustomEvent<BookingCreatedDetail>`), this file
 * says what is inside it. It uses the manifest generator's own TypeScript-aware reader (`parseEventMap`), so
 * the manifest and the docs read the map one way; a type it cannot find is shown by name only.
 */
import source from '@mashura/widgets/events?raw'
import { parseEventMap } from '../../../scripts/custom-elements.mjs'

/** One field of a detail type. */
export interface DetailField {
  name: string
  type: string
  description: string
}

const { interfaces } = parseEventMap(source)

/** The fields of a detail type, inherited ones first; null when the type is not in events.ts. */
export function detailFields(typeName: string): DetailField[] | null {
  const entry = interfaces.get(typeName)
  if (!entry) return null
  const inherited = entry.extends.flatMap((parent) => detailFields(parent) ?? [])
  return [...inherited, ...entry.fields]
}

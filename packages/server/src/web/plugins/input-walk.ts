/**
 * What the input guards share (`no-nul.ts`, `finite-numbers.ts`): a walk over a request's values that names
 * the fields holding something refused, and the 400 that names them.
 */
import { badRequest } from '../http/errors.ts'

/** At most this many fields are named: one is enough to refuse. */
const MAX_FOUND = 5

/**
 * The dotted paths of the values under `value` that `bad` picks, and of the objects with a key that
 * `badKey` picks, in document order. The walk keeps its own stack: a body nested tens of thousands deep,
 * which JSON.parse reads without complaint, overflowed the call stack of a recursive walk and answered 500
 * (issue 17).
 */
export function badPaths(
  value: unknown,
  bad: (item: unknown) => boolean,
  badKey: (key: string) => boolean = () => false,
): string[] {
  const found: string[] = []
  const stack: [unknown, string][] = [[value, '']]
  while (stack.length && found.length < MAX_FOUND) {
    const [item, at] = stack.pop()!
    if (bad(item)) {
      found.push(at || '_')
    } else if (item && typeof item === 'object') {
      const entries = Array.isArray(item) ? [...item.entries()] : Object.entries(item)
      // Pushed in reverse so that fields are named in document order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!
        stack.push([child, at ? `${at}.${key}` : String(key)])
      }
      if (!Array.isArray(item) && Object.keys(item).some(badKey)) found.push(at || '_')
    }
  }
  return found
}

/** Refuses a request whose `fields` hold something refused: 400 `validation_failed`, naming them. */
export function refuseFields(fields: readonly string[]): void {
  if (fields.length)
    throw badRequest(
      'validation_failed',
      'errors.validationFailed',
      Object.fromEntries(fields.map((field) => [field, 'errors.invalidValue'])),
    )
}

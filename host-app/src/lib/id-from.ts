/** A positive integer from the address, or null. */
export function idFrom(value: string | undefined): number | null {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

import type { Translator } from '@mashura/core'

/** The props of {@link CharacterCount}. */
export interface CharacterCountProps {
  /** The text typed so far. */
  value: string
  /** The most characters the field takes. */
  max: number
  /** The id the textarea's `aria-describedby` points at. */
  id: string
  /** The translator of the form's language. */
  t: Translator
}

/** How many characters a text answer holds of how many it may, in the language's digits («١٢ من ٢٬٠٠٠»). */
export function CharacterCount({ value, max, id, t }: CharacterCountProps) {
  return (
    <p part="character-count" className="count" id={id}>
      {t.t('rating.characters', { count: value.length, max })}
    </p>
  )
}

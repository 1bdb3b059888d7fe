import type { MessageValues, Translator } from '@mashura/core'
import { Fragment, type ReactNode } from 'react'

/** The props of {@link IsolatedMessage}. */
export interface IsolatedMessageProps<K extends string> {
  /** The translator of the widget's language. */
  t: Translator<K>
  /** The catalog key of the sentence. */
  id: K
  /** Values written by the platform in the page's language (dates, numbers): set as they are. */
  values?: MessageValues
  /** Values written by people (names, titles): each goes in its own `<bdi>`. */
  isolated: Readonly<Record<string, string>>
}

// Private-use characters: no catalog message and no name holds them.
const OPEN = '\ue000'
const CLOSE = '\ue001'
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`)

/**
 * A catalog sentence with people's words bidi-isolated: each `isolated` value is set in a `<bdi>`, so an
 * English name in an Arabic sentence (or an Arabic one in English) keeps the sentence's order and its
 * punctuation where it belongs. The message is formatted once, with markers in place of those values.
 */
export function IsolatedMessage<K extends string>({ t, id, values, isolated }: IsolatedMessageProps<K>) {
  const names = Object.keys(isolated)
  const markers = Object.fromEntries(names.map((name, index) => [name, `${OPEN}${index}${CLOSE}`]))
  const pieces = t.t(id, { ...values, ...markers }).split(MARKER)
  // `split` with a capture group puts each marker's number at the odd places. The pieces of one message
  // never reorder, so their places are their keys.
  const nodes: ReactNode[] = pieces.map((piece, index) => {
    const key = `piece-${index}`
    return index % 2 === 1 ? (
      <bdi key={key}>{isolated[names[Number(piece)]!]}</bdi>
    ) : (
      <Fragment key={key}>{piece}</Fragment>
    )
  })
  return <>{nodes}</>
}

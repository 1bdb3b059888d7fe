import type { expertSearchMessages, Translator } from '@mashura/core'

/** The keys of the widget's own messages. */
export type ExpertSearchKey =
  typeof expertSearchMessages extends Readonly<Record<string, Readonly<Record<infer K, string>>>>
    ? K & string
    : never

/** The translator of `<expert-search>`: the shared catalogs plus the widget's own messages. */
export type ExpertSearchTranslator = Translator<ExpertSearchKey>

import { formatDateWithHijri, type RatingSession, type Translator } from '@mashura/core'
import { IsolatedMessage } from '../shared/isolated-message.tsx'

/** The props of {@link RatingSummary}. */
export interface RatingSummaryProps {
  /** The rated session, as the rating link's validation names it. */
  session: RatingSession
  /** The translator of the form's language. */
  t: Translator
  /** The id the form's `aria-describedby` points at. */
  id: string
}

/**
 * What is rated, at the top of the form: the expert, the session's date (Gregorian, with the Hijri date in
 * Arabic, on the Riyadh calendar) and the subject. The names are people's words, so each is bidi-isolated.
 */
export function RatingSummary({ session, t, id }: RatingSummaryProps) {
  const date = formatDateWithHijri(session.start, t.lang)
  const expert = session.contributor.full_name
  return (
    <p part="summary" className="summary" id={id}>
      {session.subject ? (
        <IsolatedMessage
          t={t}
          id="rating.about"
          values={{ date }}
          isolated={{ expert, subject: session.subject.name }}
        />
      ) : (
        <IsolatedMessage t={t} id="rating.aboutNoSubject" values={{ date }} isolated={{ expert }} />
      )}
    </p>
  )
}

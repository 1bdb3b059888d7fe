import { type Question, type QuestionAnswer, RATING_TEXT_MAX, type Translator } from '@mashura/core'
import { useId } from 'react'
import { CharacterCount } from './character-count.tsx'

/** The props of {@link QuestionField}. */
export interface QuestionFieldProps {
  /** The question to ask. */
  question: Question
  /** The current answer, if any. */
  value: QuestionAnswer['value'] | undefined
  /** Whether a required answer is missing after a submit attempt. */
  missing: boolean
  /** The translator of the form's language. */
  t: Translator
  /** Called with the new answer. */
  onChange: (value: QuestionAnswer['value']) => void
}

const STARS = [1, 2, 3, 4, 5] as const

/** A five-pointed star; its fill and outline come from the sheet, so every state keeps 3:1 (WCAG 1.4.11). */
function StarIcon() {
  return (
    <svg part="star" className="star" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.6l2.9 5.9 6.5.95-4.7 4.6 1.1 6.5L12 17.5l-5.8 3.05 1.1-6.5-4.7-4.6 6.5-.95z" />
    </svg>
  )
}

/**
 * One rating question, by type: stars 1–5 or yes/no as a native radio group in a fieldset (arrow keys move
 * between options), or text as a labelled textarea. The required marker and error are tied by `aria-*`.
 * Counters (the stars chosen, a text's characters) are numbers of the language, through the translator.
 */
export function QuestionField({ question, value, missing, t, onChange }: QuestionFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const countId = `${id}-count`
  // Each question says which it is: beside a free comment marked optional, an unmarked text box read as one
  // more of the same (issue 31).
  const required = (
    <span className="required"> ({t.t(question.required ? 'common.required' : 'common.optional')})</span>
  )
  const error = missing ? (
    <p id={errorId} part="error" className="error">
      {t.t('errors.fieldRequired')}
    </p>
  ) : null

  if (question.type === 'text') {
    return (
      <div className="field">
        <label htmlFor={id} className="label">
          {question.text}
          {required}
        </label>
        <textarea
          id={id}
          part="textarea"
          className="textarea"
          rows={4}
          data-question={question.id}
          maxLength={RATING_TEXT_MAX}
          aria-required={question.required}
          aria-invalid={missing}
          aria-describedby={missing ? `${errorId} ${countId}` : countId}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
        <CharacterCount
          value={typeof value === 'string' ? value : ''}
          max={RATING_TEXT_MAX}
          id={countId}
          t={t}
        />
        {error}
      </div>
    )
  }

  const stars = question.type === 'stars'
  const options: { value: number | boolean; label: string }[] = stars
    ? STARS.map((count) => ({ value: count, label: t.t('rating.stars', { count }) }))
    : [
        { value: true, label: t.t('common.yes') },
        { value: false, label: t.t('common.no') },
      ]

  return (
    <fieldset
      className={`field group group-${stars ? 'stars' : 'yes-no'}`}
      part={stars ? 'stars' : 'choices'}
      aria-invalid={missing}
      aria-describedby={missing ? errorId : undefined}
    >
      <legend className="label">
        {question.text}
        {required}
      </legend>
      <div className="options">
        {options.map((option, index) => {
          const checked = value === option.value
          // A star is "on" when the chosen count reaches it, so the row reads as a 1–5 scale.
          const lit = typeof value === 'number' && typeof option.value === 'number' && option.value <= value
          return (
            <label key={String(option.value)} className="option" data-lit={lit || checked}>
              <input
                type="radio"
                className="radio"
                name={id}
                checked={checked}
                required={question.required}
                data-question={index === 0 ? question.id : undefined}
                onChange={() => onChange(option.value)}
              />
              {stars ? (
                <>
                  <StarIcon />
                  <span className="visually-hidden">{option.label}</span>
                </>
              ) : (
                <span className="option-text">{option.label}</span>
              )}
            </label>
          )
        })}
        {/* The radios' names say the same ("3 stars"); this is the row's reading at a glance. */}
        {stars && typeof value === 'number' && (
          <span part="star-count" className="count star-count" aria-hidden="true">
            {t.t('rating.starsChosen', { value, max: STARS.length })}
          </span>
        )}
      </div>
      {error}
    </fieldset>
  )
}

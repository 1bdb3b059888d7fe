import type { Question, QuestionAnswer, Translator } from '@mashura/core'
import { useId } from 'react'

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

/**
 * One rating question, by type: stars 1–5 or yes/no as a native radio group in a fieldset (arrow keys move
 * between options), or text as a labelled textarea. The required marker and error are tied by `aria-*`.
 */
export function QuestionField({ question, value, missing, t, onChange }: QuestionFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const required = question.required ? <span className="required"> ({t.t('common.required')})</span> : null
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
          aria-required={question.required}
          aria-invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
        {error}
      </div>
    )
  }

  const options: { value: number | boolean; label: string; icon?: string }[] =
    question.type === 'stars'
      ? STARS.map((count) => ({ value: count, label: t.t('rating.stars', { count }), icon: '★' }))
      : [
          { value: true, label: t.t('common.yes') },
          { value: false, label: t.t('common.no') },
        ]

  return (
    <fieldset
      className={`field group group-${question.type === 'stars' ? 'stars' : 'yes-no'}`}
      part={question.type === 'stars' ? 'stars' : 'choices'}
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
              {option.icon ? (
                <>
                  <span className="star" aria-hidden="true">
                    {option.icon}
                  </span>
                  <span className="visually-hidden">{option.label}</span>
                </>
              ) : (
                <span className="option-text">{option.label}</span>
              )}
            </label>
          )
        })}
      </div>
      {error}
    </fieldset>
  )
}

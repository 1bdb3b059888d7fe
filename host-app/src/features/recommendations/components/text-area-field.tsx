import '../../../lib/more-messages.ts'
import { useId } from 'react'
import { useT } from '../../../lib/i18n.ts'
import { TEXT_MAX } from '../draft.ts'
import { FieldError } from './field-error.tsx'

/** The props of {@link TextAreaField}. */
export interface TextAreaFieldProps {
  /** The server's name of the field (also `data-field`). */
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
  required?: boolean
  rows?: number
  placeholder?: string
}

/** A labelled text area with a character counter and its error beside it. */
export function TextAreaField({
  name,
  label,
  value,
  onChange,
  error,
  required = false,
  rows = 4,
  placeholder,
}: TextAreaFieldProps) {
  const t = useT()
  const id = useId()
  const counter = `${id}-count`
  const errorId = `${id}-error`
  return (
    <div className="recs-field" id={`recs-field-${name}`} data-field={name}>
      <label htmlFor={id} className="recs-label">
        {label}
        {required ? (
          <span className="recs-required"> ({t.t('recs.form.required')})</span>
        ) : (
          <span className="muted"> ({t.t('common.optional')})</span>
        )}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={TEXT_MAX}
        className="recs-input"
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counter}` : counter}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={counter} className="recs-counter muted">
        {t.t('recs.form.counter', { count: value.length, max: TEXT_MAX })}
      </p>
      <FieldError id={errorId} field={name} message={error} />
    </div>
  )
}

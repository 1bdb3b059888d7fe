import '../../../lib/more-messages.ts'
import { useId } from 'react'
import { useT } from '../../../lib/i18n.ts'
import { FieldError } from './field-error.tsx'

/** The props of {@link RadioField}. */
export interface RadioFieldProps<T extends string | boolean> {
  /** The server's name of the field (also `data-field` and the radios' name). */
  name: string
  legend: string
  /** The choices in the order shown, each with its label. */
  options: readonly { value: T; label: string }[]
  value: T | null
  onChange: (value: T) => void
  error: string | undefined
  /** A class for the group of options and one for each option, beside the shared ones. */
  variant?: { options: string; option: string }
}

/** A required choice as a radio group, with its error beside it. */
export function RadioField<T extends string | boolean>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  variant,
}: RadioFieldProps<T>) {
  const t = useT()
  const errorId = `${useId()}-error`
  return (
    <fieldset
      className="recs-field recs-choice"
      id={`recs-field-${name}`}
      data-field={name}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="recs-label">
        {legend}
        <span className="recs-required"> ({t.t('recs.form.required')})</span>
      </legend>
      <div className={variant ? `recs-options ${variant.options}` : 'recs-options'}>
        {options.map((option) => (
          <label
            key={String(option.value)}
            className={variant ? `recs-radio ${variant.option}` : 'recs-radio'}
          >
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} field={name} message={error} />
    </fieldset>
  )
}

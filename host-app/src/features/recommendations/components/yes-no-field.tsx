import { useId } from 'react'
import { useT } from '../../../lib/i18n.ts'
import { FieldError } from './field-error.tsx'

/** A required yes/no question as a radio group, with its error beside it. */
export function YesNoField({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string
  legend: string
  value: boolean | null
  onChange: (value: boolean) => void
  error: string | undefined
}) {
  const t = useT()
  const errorId = `${useId()}-error`
  return (
    <fieldset
      className="recs-field recs-choice"
      data-field={name}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="recs-label">
        {legend}
        <span className="recs-required"> ({t.t('recs.form.required')})</span>
      </legend>
      <div className="recs-options">
        {[true, false].map((option) => (
          <label key={String(option)} className="recs-radio">
            <input
              type="radio"
              name={name}
              value={String(option)}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {t.t(option ? 'common.yes' : 'common.no')}
          </label>
        ))}
      </div>
      <FieldError id={errorId} field={name} message={error} />
    </fieldset>
  )
}

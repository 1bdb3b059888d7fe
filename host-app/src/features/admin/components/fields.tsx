import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'

/** What every field shows around its control: a visible label, an optional hint and its error. */
interface FieldFrame {
  label: string
  hint?: string | undefined
  error?: string | undefined
}

/** The ids and attributes that tie a control to its hint and error. */
function useDescribed(hint: string | undefined, error: string | undefined) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return {
    id,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    },
  }
}

/** A field's label, hint and error around `children`. */
function Frame({ id, label, hint, error, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A one-line text field under its label. */
export function TextField({
  label,
  hint,
  error,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { id, control } = useDescribed(hint, error)
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <input {...input} {...control} className="admin-input" />
    </Frame>
  )
}

/** A text area under its label. */
export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { id, control } = useDescribed(hint, error)
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea {...textarea} {...control} className="admin-input" />
    </Frame>
  )
}

/** A choice among options under its label. */
export function SelectField({
  label,
  hint,
  error,
  options,
  ...select
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly { value: string; label: string }[]
  }) {
  const { id, control } = useDescribed(hint, error)
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select {...select} {...control} className="admin-input">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  )
}

/** A check box with its label beside it. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
  name,
}: {
  label: string
  hint?: string | undefined
  checked: boolean
  onChange: (checked: boolean) => void
  name?: string
}) {
  const id = useId()
  return (
    <div className="admin-check">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

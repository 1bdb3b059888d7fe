import { type TextareaHTMLAttributes, useId } from 'react'

/** A text area under its visible label (`.field-label`), the two tied by a generated id. */
export function LabelledTextArea({
  label,
  ...textarea
}: { label: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea {...textarea} id={id} />
    </>
  )
}

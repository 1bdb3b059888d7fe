/** A field's error message, said when it appears; `id` is what the control's `aria-describedby` names. */
export function FieldError({
  id,
  field,
  message,
}: {
  id: string
  field: string
  message: string | undefined
}) {
  return message ? (
    <p id={id} className="field-error" data-error-for={field}>
      {message}
    </p>
  ) : null
}

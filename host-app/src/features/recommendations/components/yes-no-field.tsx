import { useT } from '../../../lib/i18n.ts'
import { RadioField } from './radio-field.tsx'

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
  return (
    <RadioField
      name={name}
      legend={legend}
      options={[
        { value: true, label: t.t('common.yes') },
        { value: false, label: t.t('common.no') },
      ]}
      value={value}
      onChange={onChange}
      error={error}
    />
  )
}

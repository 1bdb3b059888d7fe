import type { ReactNode } from 'react'

/** The props of {@link RadioOption}; `data-*` attributes go on the label. */
export interface RadioOptionProps {
  /** The radio group's name. */
  name: string
  /** The option's value. */
  value: string | number
  /** Whether it is the chosen option. */
  checked: boolean
  /** Called when the option is chosen. */
  onChoose(): void
  /** The label's class, which draws the option. */
  className: string
  /** Whether the group must be answered. */
  required?: boolean | undefined
  /** What the option shows. */
  children: ReactNode
  [data: `data-${string}`]: string | number | boolean | undefined
}

/**
 * One option of a radio group drawn as its label: the native radio, visually hidden, keeps the group's
 * keyboard (arrow keys) and what screen readers say; the label is what is seen and pressed.
 */
export function RadioOption({
  name,
  value,
  checked,
  onChoose,
  className,
  required,
  children,
  ...data
}: RadioOptionProps) {
  return (
    <label className={className} {...data}>
      <input
        type="radio"
        className="visually-hidden"
        name={name}
        value={value}
        required={required}
        checked={checked}
        onChange={onChoose}
      />
      {children}
    </label>
  )
}

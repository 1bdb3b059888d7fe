import type { ButtonHTMLAttributes } from 'react'

/** The props of {@link ActionButton}: a button's own, but its type and class, which it sets. */
export interface ActionButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  /** Its `data-action`, which tests and analytics read. */
  action?: string | undefined
  /** Filled in the primary colour, red for what destroys; outlined without. */
  tone?: 'primary' | 'danger' | undefined
  /** A form's submit button instead of a plain one (the form's `onSubmit` acts). */
  submit?: boolean | undefined
  /** Shown as `aria-busy` while the action runs. */
  busy?: boolean | undefined
}

/** A button in the site's style (styles/base.css `.button`) that does one named thing. */
export function ActionButton({ action, tone, submit, busy, ...button }: ActionButtonProps) {
  return (
    <button
      {...button}
      type={submit ? 'submit' : 'button'}
      className={tone ? `button button-${tone}` : 'button'}
      data-action={action}
      aria-busy={busy}
    />
  )
}

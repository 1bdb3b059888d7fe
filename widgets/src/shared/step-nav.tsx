import type { ReactNode } from 'react'

/** One of {@link StepNav}'s two buttons. */
export interface StepButton {
  /** Its part. */
  part: string
  /** What it shows. */
  content: ReactNode
  /** Whether there is nowhere to step this way. */
  stop?: boolean | undefined
}

/** The props of {@link StepNav}. */
export interface StepNavProps {
  /** The navigation's accessible name. */
  label: string
  /** Its part, also its class. */
  part: string
  /** The class the buttons add to the quiet button's. */
  buttonClass: string
  /**
   * How a button with nowhere to go says so: `disabled`, or `aria-disabled`, which keeps it focusable, so that
   * focus never drops to the page when the end is reached (the parent then ignores the step).
   */
  stopWith: 'disabled' | 'aria-disabled'
  previous: StepButton
  next: StepButton
  /** Called with -1 for the previous button and 1 for the next. */
  onStep(step: -1 | 1): void
  /** What stands between the buttons (where the reader is). */
  children: ReactNode
}

/** Previous and next around where the reader is: the week bar, the results pager. */
export function StepNav({
  label,
  part,
  buttonClass,
  stopWith,
  previous,
  next,
  onStep,
  children,
}: StepNavProps) {
  const button = ({ part, content, stop = false }: StepButton, step: -1 | 1) => (
    <button
      type="button"
      part={part}
      className={`m-button m-button-quiet ${buttonClass}`}
      disabled={stopWith === 'disabled' ? stop : undefined}
      aria-disabled={stopWith === 'aria-disabled' ? stop : undefined}
      onClick={() => onStep(step)}
    >
      {content}
    </button>
  )
  return (
    <nav part={part} className={part} aria-label={label}>
      {button(previous, -1)}
      {children}
      {button(next, 1)}
    </nav>
  )
}

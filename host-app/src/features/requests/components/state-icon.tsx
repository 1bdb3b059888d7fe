import type { RequestState } from '@mashura/core'
import { requestStateIcon } from '../request-state.ts'

/** The paths of the four status icons (spec 9): accepted, pending, rejected and expired. */
const ICONS = {
  accepted: 'M5 12.5l4.5 4.5L19 7.5',
  pending: 'M12 7v5l3 2',
  rejected: 'M7 7l10 10M17 7L7 17',
  expired: 'M8 4h8M8 20h8M9 4c0 5 6 5 6 8s-6 3-6 8M15 4c0 5-6 5-6 8s6 3 6 8',
} as const

/** A request state's icon; decorative, since the label beside it says the state. */
export function StateIcon({ state }: { state: RequestState }) {
  const icon = requestStateIcon(state)
  return (
    <svg
      className="state-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      data-icon={icon}
    >
      {icon === 'pending' ? (
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      ) : null}
      <path d={ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

import type { CompanyPhase } from '@mashura/core'
import { COMPANY_PHASES, PHASE_KEYS } from '../../../lib/company-phases.ts'
import { useT } from '../../../lib/i18n.ts'
import { RadioField } from './radio-field.tsx'

/** The company phase as a radio group (idea owner, launched project, facing a challenge, growing). */
export function PhaseField({
  value,
  onChange,
  error,
}: {
  value: CompanyPhase | null
  onChange: (value: CompanyPhase) => void
  error: string | undefined
}) {
  const t = useT()
  return (
    <RadioField
      name="company_phase"
      legend={t.t('recommendations.companyPhase')}
      options={COMPANY_PHASES.map((phase) => ({ value: phase, label: t.t(PHASE_KEYS[phase]) }))}
      value={value}
      onChange={onChange}
      error={error}
      variant={{ options: 'recs-phases', option: 'recs-phase' }}
    />
  )
}

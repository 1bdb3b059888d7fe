import type { CompanyPhase } from '@mashura/core'
import { useId } from 'react'
import { COMPANY_PHASES, PHASE_KEYS } from '../../../lib/company-phases.ts'
import { useT } from '../../../lib/i18n.ts'
import { FieldError } from './field-error.tsx'

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
  const errorId = `${useId()}-error`
  return (
    <fieldset
      className="recs-field recs-choice"
      data-field="company_phase"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="recs-label">
        {t.t('recommendations.companyPhase')}
        <span className="recs-required"> ({t.t('recs.form.required')})</span>
      </legend>
      <div className="recs-options recs-phases">
        {COMPANY_PHASES.map((phase) => (
          <label key={phase} className="recs-radio recs-phase">
            <input
              type="radio"
              name="company_phase"
              value={phase}
              checked={value === phase}
              onChange={() => onChange(phase)}
            />
            {t.t(PHASE_KEYS[phase])}
          </label>
        ))}
      </div>
      <FieldError id={errorId} field="company_phase" message={error} />
    </fieldset>
  )
}

import '../../../lib/more-messages.ts'
import type { CompanyPhase, SmeCompany } from '@mashura/core'
import { useT } from '../../../lib/i18n.ts'

/** The catalog key of each company phase. */
const PHASE_KEYS = {
  idea_owner: 'recommendations.phase.ideaOwner',
  launched_project: 'recommendations.phase.launchedProject',
  facing_challenge: 'recommendations.phase.facingChallenge',
  growing: 'recommendations.phase.growing',
} as const satisfies Record<CompanyPhase, string>

/** The business owner's companies: name, commercial registration, city and phase. */
export function CompanyList({ companies }: { companies: SmeCompany[] }) {
  const t = useT()
  if (companies.length === 0) return <p className="muted">{t.t('myProfile.noCompanies')}</p>
  return (
    <ul className="company-list">
      {companies.map((company) => (
        <li key={company.id} className="card company">
          <h3>{company.name}</h3>
          <dl>
            {company.commercial_registration ? (
              <div>
                <dt>{t.t('myProfile.commercialRegistration')}</dt>
                <dd>
                  <span dir="ltr">{company.commercial_registration}</span>
                </dd>
              </div>
            ) : null}
            {company.city ? (
              <div>
                <dt>{t.t('myProfile.city')}</dt>
                <dd>{company.city}</dd>
              </div>
            ) : null}
            {company.phase ? (
              <div>
                <dt>{t.t('recommendations.companyPhase')}</dt>
                <dd>{t.t(PHASE_KEYS[company.phase])}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  )
}

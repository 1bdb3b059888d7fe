import '../../../lib/more-messages.ts'
import { getSmeProfile } from '@mashura/core'
import { api } from '../../../lib/api.ts'
import { PHASE_KEYS } from '../../../lib/company-phases.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'

/**
 * The business owner's profile header (`GET /profile/v2/sme/show/{id}`): photo, name, sessions held and
 * companies with sector, city and phase. A failed load shows nothing (spec section 8: logged only).
 */
export function SmeProfileHeader({ smeId }: { smeId: number }) {
  const t = useT()
  const { data } = useApi((signal) => getSmeProfile(api, { id: smeId }, { signal }), [smeId, t.lang])
  const sme = data?.data
  if (!sme) return null
  return (
    <section className="card recs-sme" data-region="sme-profile" aria-labelledby="recs-sme-name">
      <div className="recs-sme-top">
        {sme.file ? (
          <img src={sme.file.full_path} alt="" width={64} height={64} className="recs-avatar" />
        ) : (
          <span className="recs-avatar recs-avatar-empty" aria-hidden="true">
            {sme.full_name.trim().charAt(0)}
          </span>
        )}
        <div>
          <h2 id="recs-sme-name" className="recs-sme-name">
            <bdi>{sme.full_name}</bdi>
          </h2>
          <p className="muted">{t.t('recs.sme.sessions', { count: sme.sessions_count })}</p>
        </div>
      </div>
      {sme.companies.length > 0 ? (
        <ul className="recs-companies">
          {sme.companies.map((company) => (
            <li key={company.id} className="recs-company">
              <span className="recs-option-title">{company.name}</span>
              <span className="muted recs-parts">
                {[company.sector, company.city, company.phase ? t.t(PHASE_KEYS[company.phase]) : null]
                  .filter((part): part is string => Boolean(part))
                  .map((part, index) => (
                    <bdi key={part}>
                      {index > 0 ? ' ' : null}
                      {part}
                    </bdi>
                  ))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

import '../../../lib/more-messages.ts'
import { $auth, getStorage, STORAGE_KEYS } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { Link } from 'react-router'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { loadOwnProfile, storedLogin } from '../hooks/use-own-profile.ts'
import { CompanyList } from './company-list.tsx'
import { ExpertOwnProfile } from './expert-own-profile.tsx'
import '../account.css'

/** The business owner's own profile: picture, name, contact details, completed sessions and companies. */
function BusinessOwnerProfile() {
  const t = useT()
  const login = storedLogin()
  const own = useApi((signal) => loadOwnProfile(signal), [t.lang])
  const profile = own.data?.profile
  const name = profile?.full_name ?? login?.user.full_name ?? getStorage().getItem(STORAGE_KEYS.smeFullName)
  const email = profile?.email ?? login?.user.email ?? getStorage().getItem(STORAGE_KEYS.smeEmail)
  const photo = profile?.file?.full_path ?? login?.user.sme?.file?.full_path
  return (
    <>
      <div className="card own-profile">
        {photo ? <img src={photo} alt="" width={96} height={96} className="avatar" /> : null}
        <div className="own-profile-body">
          <p className="own-profile-name" data-field="full-name">
            {name}
          </p>
          <dl className="own-profile-facts">
            {email ? (
              <div>
                <dt>{t.t('contact.email')}</dt>
                <dd>
                  <span dir="ltr">{email}</span>
                </dd>
              </div>
            ) : null}
            {profile?.mobile ? (
              <div>
                <dt>{t.t('contact.mobile')}</dt>
                <dd>
                  <span dir="ltr">{profile.mobile}</span>
                </dd>
              </div>
            ) : null}
          </dl>
          {profile ? (
            <p className="muted">{t.t('myProfile.completedSessions', { count: profile.sessions_count })}</p>
          ) : null}
          <div className="own-profile-links">
            <Link className="button button-primary" to={paths.sessions.to('history')}>
              {t.t('myProfile.history')}
            </Link>
            <Link className="button" to={paths.sessions.to('upcoming')}>
              {t.t('sessions.upcoming')}
            </Link>
          </div>
        </div>
      </div>
      <h2>{t.t('myProfile.companies')}</h2>
      <Loaded state={own}>{(loaded) => <CompanyList companies={loaded.companies} />}</Loaded>
    </>
  )
}

/**
 * `/my-profile`: the signed-in person's own profile. A business owner sees theirs here; an expert (acting as
 * contributor) is pointed to their public profile, which is what business owners see.
 */
export function MyProfilePage() {
  const t = useT()
  const role = useStore($auth).userRole
  return (
    <section className="sme-page account-page" data-page="my-profile">
      <h1>{t.t('myProfile.title')}</h1>
      {role === 'contributor' ? <ExpertOwnProfile /> : <BusinessOwnerProfile />}
    </section>
  )
}

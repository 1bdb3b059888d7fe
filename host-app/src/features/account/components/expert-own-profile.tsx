import '../../../lib/more-messages.ts'
import { type ContributorProfile, getContributorProfile } from '@mashura/core'
import { Link } from 'react-router'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'

/** An expert's own profile page: who they are, and the way to their public profile and dashboard. */
export function ExpertOwnProfile() {
  const t = useT()
  const profile = useApi((signal) => getContributorProfile(api, { signal }), [t.lang])
  return <Loaded state={profile}>{(data) => <OwnProfileCard expert={data.data} />}</Loaded>
}

/** The expert's card: photo, name, kind, and the links to their public profile and dashboard. */
function OwnProfileCard({ expert }: { expert: ContributorProfile }) {
  const t = useT()
  const subject = expert.subjects[0]?.id ?? 0
  return (
    <div className="card own-profile">
      {expert.file ? (
        <img src={expert.file.full_path} alt="" width={96} height={96} className="avatar" />
      ) : null}
      <div className="own-profile-body">
        <p className="own-profile-name" data-field="full-name">
          <bdi>{expert.sso_user.full_name}</bdi>
        </p>
        <p className="muted">{t.t(`contributors.kind.${expert.role}`, { gender: expert.gender ?? null })}</p>
        <p>{t.t('myProfile.expertHint')}</p>
        <div className="own-profile-links">
          <Link className="button button-primary" to={paths.profile.to(expert.role, subject, expert.id)}>
            {t.t('myProfile.publicProfile')}
          </Link>
          <Link className="button" to={paths.dashboard.to()}>
            {t.t('myProfile.dashboard')}
          </Link>
        </div>
      </div>
    </div>
  )
}

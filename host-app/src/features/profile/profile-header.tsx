import { type ContributorProfile, initialsOf, type MessageKey } from '@mashura/core'
import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n.ts'

/**
 * The expert's public card: photo (or initials), name as the page's heading, kind, center, counts, bio
 * and subjects; the route's "available now — join now" card (`joinNow`) when the expert takes instant
 * sessions now. The photo's alt is empty because the name stands beside it.
 */
export function ProfileHeader({
  contributor,
  slotsAnchor,
  joinNow,
}: {
  contributor: ContributorProfile
  /** The id of the booking calendar's section: a phone gets a link straight to it, past the bio. */
  slotsAnchor?: string | undefined
  /** The instant-session card, from the route: the profile feature does not import the instant feature. */
  joinNow?: ((contributorId: number) => ReactNode) | undefined
}) {
  const t = useT()
  const name = contributor.sso_user.full_name
  const initials = initialsOf(name)
  return (
    <section className="profile-card card" aria-labelledby="profile-name">
      <div className="profile-identity">
        {contributor.file ? (
          <img className="profile-photo" src={contributor.file.full_path} alt="" width={112} height={112} />
        ) : (
          <span className="profile-photo profile-initials" aria-hidden="true">
            {initials}
          </span>
        )}
        <div>
          <h1 id="profile-name">
            <bdi>{name}</bdi>
          </h1>
          <p className="profile-kind">
            {t.t(`contributors.kind.${contributor.role}` as MessageKey, {
              gender: contributor.gender ?? null,
            })}
          </p>
          {contributor.center ? <p className="muted">{contributor.center.name}</p> : null}
          <p className="profile-stats muted">
            <span>{t.t('profilePage.sessionsCount', { count: contributor.sessions_count })}</span>
            {contributor.rating !== null ? (
              <span>{t.t('profilePage.rating', { rating: contributor.rating })}</span>
            ) : null}
          </p>
        </div>
      </div>
      {slotsAnchor ? (
        <a
          className="button button-primary profile-jump"
          href={`#${slotsAnchor}`}
          data-action="jump-to-slots"
        >
          {t.t('profilePage.jumpToSlots')}
        </a>
      ) : null}
      {contributor.available_now ? joinNow?.(contributor.id) : null}
      {contributor.bio ? <p className="profile-bio">{contributor.bio}</p> : null}
      {contributor.subjects.length > 0 ? (
        <>
          <h2 className="profile-subtitle">{t.t('profilePage.subjects')}</h2>
          <ul className="chip-list profile-subjects">
            {contributor.subjects.map((subject) => (
              <li key={subject.id}>{subject.name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

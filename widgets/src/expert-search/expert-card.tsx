import {
  type ContributorProfile,
  formatDateWithHijri,
  formatTime,
  initialsOf,
  timeZoneLabel,
} from '@mashura/core'
import { useId, useState } from 'react'
import type { ExpertSearchTranslator } from './expert-search-types.ts'

/** The props of {@link ExpertCard}. */
export interface ExpertCardProps {
  /** The expert shown. */
  expert: ContributorProfile
  /** Called when the visitor chooses the expert. */
  onChoose: (expert: ContributorProfile) => void
  /** The widget's translator. */
  t: ExpertSearchTranslator
}

/**
 * One result: photo (or initials), name, kind, an "available now" badge when the expert takes instant
 * sessions now, subjects, next free slot in Riyadh time, and the button that chooses the expert. The photo's alt is empty because the name stands right beside it.
 */
export function ExpertCard({ expert, onChoose, t }: ExpertCardProps) {
  const nameId = useId()
  const [photoFailed, setPhotoFailed] = useState(false)
  const name = expert.sso_user.full_name
  const photo = expert.file?.full_path
  const next = expert.next_free_slot

  return (
    <li className="result" part="result" data-contributor={expert.id}>
      <article className="card" aria-labelledby={nameId}>
        {photo && !photoFailed ? (
          <img
            className="photo"
            part="photo"
            src={photo}
            alt=""
            width="64"
            height="64"
            loading="lazy"
            onError={() => setPhotoFailed(true)}
          />
        ) : (
          <span className="photo initials" part="photo" aria-hidden="true">
            {initialsOf(name)}
          </span>
        )}
        <div className="card-body">
          <h3 className="name" part="name" id={nameId}>
            <bdi>{name}</bdi>
          </h3>
          <p className="kind" part="kind">
            {t.t(`contributors.kind.${expert.role}`, { gender: expert.gender ?? null })}
          </p>
          {expert.available_now && (
            <p className="available-now" part="available-now">
              {t.t('expertSearch.availableNow')}
            </p>
          )}
          {expert.subjects.length > 0 && (
            <ul className="subjects" part="subjects" aria-label={t.t('expertSearch.subjectsLabel')}>
              {expert.subjects.map((subject) => (
                <li key={subject.id} className="subject">
                  {subject.name}
                </li>
              ))}
            </ul>
          )}
          <p className="next-slot" part="next-slot">
            {next
              ? t.t('expertSearch.nextSlot', {
                  date: formatDateWithHijri(next, t.lang),
                  time: formatTime(next, t.lang),
                  zone: timeZoneLabel(t.lang),
                })
              : t.t('expertSearch.noSlot')}
          </p>
        </div>
        <button type="button" className="m-button choose" part="choose" onClick={() => onChoose(expert)}>
          {t.t('expertSearch.choose')}
          <span className="visually-hidden">{` ${name}`}</span>
        </button>
      </article>
    </li>
  )
}

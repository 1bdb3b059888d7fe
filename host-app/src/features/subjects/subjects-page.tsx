import { type ContributorKind, getSubjects, type MessageKey, type SubjectType } from '@mashura/core'
import { Link } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import './subjects.css'

/** Each subject type's heading and the kind of expert who advises on it (spec section 9). */
const TYPES: Record<SubjectType, { title: MessageKey; kind: ContributorKind }> = {
  1: { title: 'subjects.consulting', kind: 'consultant' },
  2: { title: 'subjects.guidance', kind: 'advisor' },
  4: { title: 'subjects.partnerships', kind: 'partner' },
}

/**
 * A subject type's page (`/subjects/{type}`): its subjects, each linking to the list of experts of the
 * matching kind filtered by that subject. A failed load says so and offers a retry.
 */
export function SubjectsPage({ type }: { type: SubjectType }) {
  const t = useT()
  const { title, kind } = TYPES[type]
  const subjects = useApi((signal) => getSubjects(api, { type }, { signal }), [type, t.lang])
  const list = subjects.data?.data ?? []
  return (
    <div data-page="subjects" className="subjects-page">
      <h1>{t.t(title)}</h1>
      <p className="muted">{t.t('subjectsPage.lead')}</p>
      <div aria-live="polite">
        {subjects.loading && !subjects.data ? (
          <PageLoading />
        ) : subjects.error ? (
          <div className="empty-state">
            <p>{t.t('subjectsPage.loadFailed')}</p>
            <button type="button" className="button" onClick={subjects.reload}>
              {t.t('common.retry')}
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className="empty-state">{t.t('subjectsPage.empty')}</p>
        ) : (
          <ul className="subject-list">
            {list.map((subject) => (
              <li key={subject.id} className="link-card subject-card" data-subject-id={subject.id}>
                <Link to={paths.contributorsBySubject.to(kind, subject.id)}>{subject.name}</Link>
                {subject.description ? <p className="muted">{subject.description}</p> : null}
                <span className="subject-more" aria-hidden="true">
                  {t.t('subjectsPage.browseExperts')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

import { type ContributorKind, getSubjects } from '@mashura/core'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import { ExpertList } from './expert-list.tsx'
import './contributors.css'

/** The heading of each kind's list. */
const LIST_TITLES: Record<ContributorKind, HostAppMessageKey> = {
  bsa: 'contributors.list.bsa',
  advisor: 'contributors.list.advisors',
  consultant: 'contributors.list.consultants',
  partner: 'contributors.list.partners',
}

/** The name of a subject, once the subjects are loaded; nothing when it is unknown or did not load. */
function useSubjectName(subject: number | undefined): string | null {
  const t = useT()
  const subjects = useApi(
    (signal) => (subject === undefined ? Promise.resolve(null) : getSubjects(api, {}, { signal })),
    [subject, t.lang],
  )
  return subjects.data?.data.find((s) => s.id === subject)?.name ?? null
}

/**
 * An expert list (`/contributers/{role}` and `/contributers/{role}/{subject}`): the kind as heading, the
 * subject under it, and the expert search filtered by both.
 */
export function ContributorsPage({ kind, subject }: { kind: ContributorKind; subject?: number | undefined }) {
  const t = useT()
  const subjectName = useSubjectName(subject)
  return (
    <div data-page="contributors" className="contributors-page">
      <header className="contributors-head">
        <h1>{t.t(LIST_TITLES[kind])}</h1>
        {subjectName ? (
          <p className="muted">{t.t('contributorsPage.inSubject', { subject: subjectName })}</p>
        ) : null}
      </header>
      <h2 className="visually-hidden">{t.t('contributorsPage.results')}</h2>
      <ExpertList role={kind} subject={subject} />
    </div>
  )
}

/** The search results page (`/contributers/search/{text}`): a blank text (a single space) lists everyone. */
export function SearchPage({ text }: { text: string }) {
  const t = useT()
  const query = text.trim()
  return (
    <div data-page="search" className="contributors-page">
      <header className="contributors-head">
        <h1>
          {query ? t.t('contributorsPage.searchTitle', { text: query }) : t.t('contributorsPage.searchAll')}
        </h1>
      </header>
      <h2 className="visually-hidden">{t.t('contributorsPage.results')}</h2>
      <ExpertList query={query} />
    </div>
  )
}

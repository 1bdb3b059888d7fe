import type { MessageKey } from '@mashura/core'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { useT } from '../../lib/i18n.ts'

/** One entry card: a heading link over a short description. */
interface Entry {
  id: string
  to: string
  title: MessageKey | HostAppMessageKey
  text: HostAppMessageKey
}

/** The subject types of spec section 9, in the order shown. */
const SUBJECT_ENTRIES: Entry[] = [
  {
    id: 'consulting',
    to: paths.subjects.to(1),
    title: 'subjects.consulting',
    text: 'home.subjects.consultingText',
  },
  {
    id: 'guidance',
    to: paths.subjects.to(2),
    title: 'subjects.guidance',
    text: 'home.subjects.guidanceText',
  },
  {
    id: 'partnerships',
    to: paths.subjects.to(4),
    title: 'subjects.partnerships',
    text: 'home.subjects.partnershipsText',
  },
]

/** The contributor kinds, each to its list. */
const KIND_ENTRIES: Entry[] = [
  {
    id: 'consultant',
    to: paths.contributors.to('consultant'),
    title: 'contributors.list.consultants',
    text: 'home.kinds.consultantText',
  },
  {
    id: 'advisor',
    to: paths.contributors.to('advisor'),
    title: 'contributors.list.advisors',
    text: 'home.kinds.advisorText',
  },
  {
    id: 'partner',
    to: paths.contributors.to('partner'),
    title: 'contributors.list.partners',
    text: 'home.kinds.partnerText',
  },
  { id: 'bsa', to: paths.contributors.to('bsa'), title: 'contributors.list.bsa', text: 'home.kinds.bsaText' },
]

/** A titled grid of entry cards; the whole card is the link's target through its heading link. */
function EntryGrid({
  title,
  entries,
  region,
}: {
  title: HostAppMessageKey
  entries: Entry[]
  region: string
}) {
  const t = useT()
  const headingId = `home-${region}`
  return (
    <section className="home-section" aria-labelledby={headingId} data-region={region}>
      <h2 id={headingId}>{t.t(title)}</h2>
      <ul className="entry-grid">
        {entries.map((entry) => (
          <li key={entry.id} className="link-card entry-card" data-entry={entry.id}>
            <h3>
              <Link to={entry.to}>{t.t(entry.title)}</Link>
            </h3>
            <p className="muted">{t.t(entry.text)}</p>
            <span className="entry-arrow" aria-hidden="true" />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The entries to the subject types (consulting, guidance, partnerships). */
export function SubjectEntries() {
  return <EntryGrid title="home.subjects.title" entries={SUBJECT_ENTRIES} region="subject-entries" />
}

/** The entries to the contributor lists by kind. */
export function KindEntries() {
  return <EntryGrid title="home.kinds.title" entries={KIND_ENTRIES} region="kind-entries" />
}

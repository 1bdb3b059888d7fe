import { useNavigate } from 'react-router'
import { ExpertSearchWidget } from '../../components/widgets/expert-search-widget.tsx'
import { paths } from '../../config/paths.ts'
import { useSearchResume } from './use-search-resume.ts'

/** What the list shows: a kind and subject, or a search text. */
export interface ExpertListProps {
  /** The kind of expert, or every kind when absent. */
  role?: string | undefined
  /** The subject to filter by. */
  subject?: number | undefined
  /** The search text. */
  query?: string | undefined
}

/**
 * The expert-search widget in a list page: choosing an expert opens their profile (with the subject the
 * visitor filtered by, or 0 when none, so that the booking calendar offers the expert's own subjects).
 */
export function ExpertList({ role, subject, query }: ExpertListProps) {
  const navigate = useNavigate()
  const { resume, onStateChange } = useSearchResume(`${role ?? ''}|${subject ?? ''}|${query ?? ''}`)
  return (
    <ExpertSearchWidget
      role={role}
      subject={subject}
      query={query}
      resume={resume}
      onStateChange={onStateChange}
      onSelected={({ contributorId, role: kind, subjectId }) =>
        void navigate(paths.profile.to(kind, subjectId ?? 0, contributorId))
      }
    />
  )
}

import type { ExpertSearchProps, ExpertSelectedDetail } from '@mashura/widgets/react'
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
 * The expert search's props on a list page: what it shows, its state kept for the back button, and choosing
 * an expert opens their profile (with the subject the visitor filtered by, or 0 when none, so that the
 * booking calendar offers the expert's own subjects) through `open`: the router in the app, a page load
 * where the list runs without it (`islands/expert-search.tsx`).
 */
export function useListSearch(
  { role, subject, query }: ExpertListProps,
  open: (path: string) => void,
): Pick<ExpertSearchProps, 'role' | 'subject' | 'query' | 'resume' | 'onStateChange' | 'onSelected'> {
  const { resume, onStateChange } = useSearchResume(`${role ?? ''}|${subject ?? ''}|${query ?? ''}`)
  return {
    role,
    subject,
    query,
    resume,
    onStateChange,
    onSelected: ({ contributorId, role: kind, subjectId }: ExpertSelectedDetail) =>
      open(paths.profile.to(kind, subjectId ?? 0, contributorId)),
  }
}

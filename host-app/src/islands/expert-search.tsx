import { ExpertSearch, expertSearchSheet, hydrateDrawnWidget } from '@mashura/widgets/react'
import { paths } from '../config/paths.ts'
import { useSearchResume } from '../features/contributors/use-search-resume.ts'
import { drawnSeed, type HydrateWidget, siteConfig } from './drawn-widget.ts'

/** The props an expert list drew its search with (`components/widgets/expert-search-widget.tsx`). */
interface ListProps {
  role?: string | undefined
  subject?: number | undefined
  query?: string | undefined
}

/**
 * The expert search of a list page as the app's `ExpertList` gives it (`features/contributors/expert-list.tsx`),
 * where choosing an expert opens their profile as a new page.
 */
function List({ role, subject, query }: ListProps) {
  const { resume, onStateChange } = useSearchResume(`${role ?? ''}|${subject ?? ''}|${query ?? ''}`)
  return (
    <ExpertSearch
      {...siteConfig()}
      seed={drawnSeed()}
      role={role}
      subject={subject}
      query={query}
      resume={resume}
      onStateChange={onStateChange}
      onSelected={({ contributorId, role: kind, subjectId }) =>
        window.location.assign(paths.profile.to(kind, subjectId ?? 0, contributorId))
      }
    />
  )
}

/** Hydrates an expert list's drawn search without the app (issue 37). */
export const hydrate: HydrateWidget<ListProps> = (host, props) =>
  hydrateDrawnWidget(host, 'expert-search', expertSearchSheet, <List {...props} />)

import { $language } from '@mashura/core'
import { ExpertSearch, expertSearchSheet, hydrateDrawnWidget } from '@mashura/widgets/react'
import { siteConfig } from '../components/widgets/site-config.ts'
import { type ExpertListProps, useListSearch } from '../features/contributors/use-list-search.ts'
import { drawnSeed, type HydrateWidget } from './drawn-widget.ts'

/**
 * The expert search of a list page as the app's `ExpertList` gives it (`features/contributors/expert-list.tsx`),
 * where choosing an expert opens their profile as a new page.
 */
function List(props: ExpertListProps) {
  const search = useListSearch(props, (path) => window.location.assign(path))
  return <ExpertSearch {...siteConfig($language.get())} seed={drawnSeed()} {...search} />
}

/** Hydrates an expert list's drawn search without the app (issue 37). */
export const hydrate: HydrateWidget<ExpertListProps> = (host, props) =>
  hydrateDrawnWidget(host, 'expert-search', expertSearchSheet, <List {...props} />)

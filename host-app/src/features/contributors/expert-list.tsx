import { useNavigate } from 'react-router'
import { ExpertSearchWidget } from '../../components/widgets/expert-search-widget.tsx'
import { type ExpertListProps, useListSearch } from './use-list-search.ts'

/** The expert-search widget in a list page. */
export function ExpertList(props: ExpertListProps) {
  const navigate = useNavigate()
  return <ExpertSearchWidget {...useListSearch(props, (path) => void navigate(path))} />
}

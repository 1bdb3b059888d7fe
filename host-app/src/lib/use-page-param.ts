import { useSearchParams } from 'react-router'

/** The 1-based page number of a paged list, read from the address's `?page=` (1 when absent or invalid). */
export function usePageParam(): number {
  const [params] = useSearchParams()
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 0 ? page : 1
}

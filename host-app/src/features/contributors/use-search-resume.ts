import { getSessionStorage } from '@mashura/core'
import type { ExpertSearchProps } from '@mashura/widgets/react'
import { useCallback, useMemo } from 'react'

/** The expert search's filters and page, as the widget hands them out. */
type SearchState = NonNullable<ExpertSearchProps['resume']>

/** Where a list page keeps its search for the tab's session. */
const PREFIX = 'mashura.expertSearch.'

/**
 * Keeps an expert list's filters and page per address in session storage, so that coming back from a
 * profile (the back button) shows the same results instead of starting over. A damaged entry is ignored.
 */
export function useSearchResume(key: string): {
  resume: SearchState | undefined
  onStateChange: (state: SearchState) => void
} {
  const resume = useMemo(() => {
    try {
      const stored = getSessionStorage().getItem(PREFIX + key)
      return stored ? (JSON.parse(stored) as SearchState) : undefined
    } catch {
      return undefined
    }
  }, [key])
  const onStateChange = useCallback(
    (state: SearchState) => getSessionStorage().setItem(PREFIX + key, JSON.stringify(state)),
    [key],
  )
  return { resume, onStateChange }
}

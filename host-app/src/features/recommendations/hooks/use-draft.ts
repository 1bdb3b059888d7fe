import { useCallback, useEffect, useState } from 'react'
import { EMPTY_DRAFT, type RecommendationDraft } from '../draft.ts'

const keyOf = (sessionId: number) => `mashura.recsDraft.${sessionId}`

function read(sessionId: number): RecommendationDraft {
  try {
    const raw = window.sessionStorage.getItem(keyOf(sessionId))
    if (!raw) return EMPTY_DRAFT
    const parsed = JSON.parse(raw) as Partial<RecommendationDraft>
    return { ...EMPTY_DRAFT, ...parsed }
  } catch {
    // A draft that cannot be read (storage off, or an older shape) starts the form empty.
    return EMPTY_DRAFT
  }
}

/**
 * The form's draft for one session, written to sessionStorage on every change so a reload (or a failed
 * submit) loses nothing; `discard` removes it once the server has saved the recommendations.
 */
export function useDraft(sessionId: number) {
  const [draft, setDraft] = useState<RecommendationDraft>(() => read(sessionId))
  useEffect(() => {
    try {
      window.sessionStorage.setItem(keyOf(sessionId), JSON.stringify(draft))
    } catch {
      // Storage full or disabled: the form still works, only a reload would lose it.
    }
  }, [sessionId, draft])
  const update = useCallback(
    (patch: Partial<RecommendationDraft>) => setDraft((current) => ({ ...current, ...patch })),
    [],
  )
  const discard = useCallback(() => {
    try {
      window.sessionStorage.removeItem(keyOf(sessionId))
    } catch {
      // Nothing to remove.
    }
  }, [sessionId])
  return { draft, update, discard }
}

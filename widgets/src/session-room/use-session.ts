import {
  type ApiClient,
  getSessionDetails,
  isApiError,
  type Session,
  sessionDetailsRedirectsHome,
} from '@mashura/core'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createWidgetClient } from '../shared/api.ts'
import type { WidgetConfig } from '../shared/config.ts'

/** What the room shows: the session, or why it cannot. */
export type SessionView =
  | { kind: 'loading' }
  | { kind: 'ready'; session: Session }
  | { kind: 'not-found' }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string }

/** The session as {@link useSession} holds it, and what changes it. */
export interface SessionHandle {
  /** What to show. */
  view: SessionView
  /** The API client with the viewer's token. */
  client: ApiClient
  /** Reads the details again; the current ones stay on screen meanwhile. */
  reload(): Promise<void>
  /** Shows the skeleton and reads the details again, after a failed load. */
  retry(): void
  /** Replaces the session with one a call answered with. */
  replace(session: Session): void
  /**
   * Turns a failed call into what the viewer sees: 401 signs the room out and tells the host to forget the
   * token (spec section 8) and returns null; anything else returns the message to show (the server's, else `fallback`).
   */
  failure(error: unknown, fallback: string): string | null
}

/**
 * Loads a session's details with the viewer's token (spec section 7, `GET /schedule/sessions/{id}/details`)
 * and keeps them. 403 and 404 become the not-found state (the host app redirects, spec section 8); 401
 * calls `onUnauthorized` so the token is forgotten. Without a token or a session id there is nothing to ask the server.
 */
export function useSession(
  config: WidgetConfig,
  token: string | undefined,
  sessionId: number | undefined,
  genericError: string,
  onUnauthorized: () => void,
): SessionHandle {
  const [view, setView] = useState<SessionView>({ kind: 'loading' })
  const { apiBase, apiKey, lang, fetch } = config
  const tokenRef = useRef(token)
  tokenRef.current = token
  // A ref, so that a new callback from each render does not reload the session.
  const unauthorizedRef = useRef(onUnauthorized)
  unauthorizedRef.current = onUnauthorized
  const client = useMemo(
    () => createWidgetClient({ apiBase, apiKey, lang, fetch }, () => tokenRef.current),
    [apiBase, apiKey, lang, fetch],
  )

  const failure = useCallback((error: unknown, fallback: string): string | null => {
    if (isApiError(error) && error.status === 401) {
      setView({ kind: 'signed-out' })
      unauthorizedRef.current()
      return null
    }
    return isApiError(error) && error.message ? error.message : fallback
  }, [])

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!token) return setView({ kind: 'signed-out' })
      if (!sessionId || !Number.isInteger(sessionId) || sessionId < 1) return setView({ kind: 'not-found' })
      try {
        const { data } = await getSessionDetails(client, { id: sessionId }, signal ? { signal } : {})
        if (!signal?.aborted) setView({ kind: 'ready', session: data })
      } catch (error) {
        if (signal?.aborted) return
        if (isApiError(error) && sessionDetailsRedirectsHome(error.status))
          return setView({ kind: 'not-found' })
        const message = failure(error, genericError)
        if (message !== null) setView({ kind: 'error', message })
      }
    },
    [client, token, sessionId, failure, genericError],
  )

  useEffect(() => {
    const controller = new AbortController()
    setView({ kind: 'loading' })
    load(controller.signal)
    return () => controller.abort()
  }, [load])

  const reload = useCallback(() => load(), [load])
  const retry = useCallback(() => {
    setView({ kind: 'loading' })
    load()
  }, [load])
  const replace = useCallback((session: Session) => setView({ kind: 'ready', session }), [])
  return { view, client, reload, retry, replace, failure }
}

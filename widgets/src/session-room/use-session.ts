import { type ApiClient, getSessionDetails, isApiError, type Session } from '@mashura/core'
import { useCallback, useEffect, useRef } from 'react'
import { useLoad } from '../shared/use-load.ts'
import type { SignedWidgetContext } from '../shared/widget-context.ts'
import { sessionDetailsRedirectsHome } from './session-rules.ts'

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
 * Loads a session's details with the room's client, which sends the viewer's token (spec section 7,
 * `GET /schedule/sessions/{id}/details`), and keeps them. 403 and 404 become the not-found state (the host
 * app redirects, spec section 8); 401 forgets the context's token (the host hears of it). Without a token or
 * a session id there is nothing to ask the server.
 */
export function useSession(
  context: SignedWidgetContext,
  sessionId: number | undefined,
  genericError: string,
): SessionHandle {
  const { client, token, setToken } = context
  // The refused token is forgotten: the room stays signed out until a new one comes, and asks nothing more
  // (a revision or a reload would only be refused again).
  const signOut = useCallback(() => setToken(null), [setToken])
  const validId = sessionId !== undefined && Number.isInteger(sessionId) && sessionId > 0
  const signedIn = Boolean(token)
  const enabled = signedIn && validId
  const loaded = useLoad(
    (signal) =>
      getSessionDetails(client, { id: sessionId! }, { signal }).then(
        ({ data }) => data,
        (error: unknown) => {
          if (!signal.aborted && isApiError(error) && error.status === 401) signOut()
          throw error
        },
      ),
    [client, token, sessionId],
    { clearOnChange: true, enabled },
  )

  const failure = useCallback(
    (error: unknown, fallback: string): string | null => {
      if (isApiError(error) && error.status === 401) {
        signOut()
        return null
      }
      return isApiError(error) && error.message ? error.message : fallback
    },
    [signOut],
  )

  const { data, error, loading, set } = loaded
  // The actions wait for their reload (the outcome follows the new details): it settles once the answer is drawn.
  const waiting = useRef<(() => void)[]>([])
  useEffect(() => {
    if (!loading) for (const resolve of waiting.current.splice(0)) resolve()
  }, [loading])
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        // Without a token or an id nothing loads, and nothing is waited for.
        if (!enabled) return resolve()
        waiting.current.push(resolve)
        loaded.reload()
      }),
    [enabled, loaded.reload],
  )
  let view: SessionView
  if (!signedIn) view = { kind: 'signed-out' }
  else if (!validId) view = { kind: 'not-found' }
  else if (data) view = { kind: 'ready', session: data }
  else if (loading || error === undefined) view = { kind: 'loading' }
  else if (isApiError(error) && sessionDetailsRedirectsHome(error.status)) view = { kind: 'not-found' }
  else view = { kind: 'error', message: isApiError(error) && error.message ? error.message : genericError }
  return { view, client, reload, retry: reload, replace: set, failure }
}

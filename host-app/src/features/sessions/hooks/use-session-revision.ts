import { $auth } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { realtime } from '../../../lib/api.ts'

/**
 * A number that grows each time the realtime store says this session changed (the other side started,
 * ended or cancelled it), for the session room's `revision`: the room then reloads in place, so the
 * business owner's "join" appears when the expert starts without her reloading the page.
 */
export function useSessionRevision(sessionId: number | null): number {
  const live = useStore($auth).isFireStoreSignedIn
  const [revision, setRevision] = useState(0)
  useEffect(() => {
    if (!live || sessionId === null) return
    return realtime.watchSessions(
      (change) => {
        if (change.id === sessionId) setRevision((r) => r + 1)
      },
      (error) => console.warn('session changes stopped', error),
    )
  }, [live, sessionId])
  return revision
}

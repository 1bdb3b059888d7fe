import { $auth, type ChatChange } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { realtime } from '../../../lib/api.ts'

/**
 * Calls `onEvent` whenever one of the signed-in person's conversations changes, from the realtime `chat`
 * topic (both parties hear it). Listens again once the realtime store has signed in.
 */
export function useChatEvents(onEvent: (event: ChatChange) => void): void {
  const live = useStore($auth).isFireStoreSignedIn
  const handler = useRef(onEvent)
  handler.current = onEvent
  useEffect(() => {
    if (!live) return
    return realtime.watchChat(
      (event) => handler.current(event),
      (error) => console.warn('chat events stopped', error),
    )
  }, [live])
}

import { startInstantSession } from '@mashura/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { showApiError } from '../../lib/notices.ts'

/** The join-now action: whether its call runs, and the call. */
export interface JoinInstant {
  /** Whether the session is being created. */
  busy: boolean
  /** Creates the instant session with the expert and opens it, or shows the server's refusal. */
  join(): Promise<void>
}

/**
 * Starts an instant session with an expert who is available now (`POST /schedule/instant/contributor/{id}`)
 * and goes to its page, where the business owner joins the call. A refusal (the expert became busy or
 * unavailable meanwhile) shows the server's message in the shared error notice (spec section 8).
 */
export function useJoinInstant(contributorId: number): JoinInstant {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  return {
    busy,
    async join() {
      if (busy) return
      setBusy(true)
      try {
        const { data } = await startInstantSession(api, contributorId)
        void navigate(paths.session.to(data.id))
      } catch (error) {
        showApiError(error)
        setBusy(false)
      }
    },
  }
}

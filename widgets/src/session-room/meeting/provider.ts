/**
 * The one interface behind which meetings run in `<session-room>`. A provider is a React component that
 * the room lazy-loads only when a session's meeting data names it: the built-in 1:1 WebRTC call
 * (`webrtc-call.tsx`, signalled through core's realtime socket) or Zoom (`zoom-frame.tsx`, which runs
 * the Zoom Meeting SDK on its own page of the platform's origin in an iframe, never in this bundle).
 */
import type { ApiClient, MeetingData, MeetingSignature } from '@mashura/core'
import type { ComponentType } from 'react'
import type { WidgetConfig } from '../../shared/config.ts'

/** What the room hands a meeting provider. */
export interface MeetingProps {
  /** The widget's configuration (API base and key, language). */
  config: WidgetConfig
  /** The room's one API client, which sends the signed-in person's token. */
  client: ApiClient
  /** The signed-in person's API token. */
  token: string
  /** The session the meeting belongs to. */
  sessionId: number
  /** The session's meeting data (provider, number, password). */
  meeting: MeetingData
  /** The signature fetched before joining (Zoom needs it; WebRTC gets one too, and may ignore it). */
  signature: MeetingSignature | null
  /** Whether the signed-in person hosts (the expert) or attends (the business owner). */
  host: boolean
  /** The person's display name in the meeting. */
  displayName: string
  /** Called when the person leaves the meeting (the leave button, or the provider ended it). */
  onLeave(): void
  /** Called with a message the person should see when the meeting cannot go on. */
  onError(message: string): void
  /**
   * Called when the provider learned by itself that the session is over (the built-in call hears it on
   * its realtime socket) and has already stopped its media; the room then reads the session again.
   */
  onSessionEnded?: (() => void) | undefined
}

/** A meeting provider: the component that runs one kind of meeting. */
export type MeetingProvider = ComponentType<MeetingProps>

/** Loads the provider for a kind of meeting, so each ships in its own chunk. */
export const meetingProviders: Record<MeetingData['provider'], () => Promise<{ default: MeetingProvider }>> =
  {
    webrtc: () => import('./webrtc-call.tsx'),
    zoom: () => import('./zoom-frame.tsx'),
  }

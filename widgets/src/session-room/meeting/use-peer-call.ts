import { getChatToken, getIceServers } from '@mashura/core'
import { useEffect, useRef, useState } from 'react'
import type { WidgetContext } from '../../shared/api.ts'
import type { WidgetConfig } from '../../shared/config.ts'
import { type CallFailure, type CallState, PeerCall } from './peer-call.ts'

/** A widget configuration that may name STUN/TURN servers for the built-in calls (else the platform's). */
export type CallConfig = WidgetConfig & { iceServers?: RTCIceServer[] | undefined }

/** What {@link usePeerCall} needs. */
export interface PeerCallInput {
  /** The room's configuration (which may name STUN/TURN servers, see {@link CallConfig}) and its one client. */
  context: WidgetContext
  /** The signed-in person's token: a new one starts the call again (its client reads the token itself). */
  token: string
  sessionId: number
  /** The business owner gives way when offers collide. */
  polite: boolean
  onFailure(failure: CallFailure): void
  /** Called once when the call ended because the session is over. */
  onSessionEnded?: (() => void) | undefined
}

/** What {@link usePeerCall} gives the component. */
export interface PeerCallView {
  state: CallState
  local: MediaStream | null
  remote: MediaStream | null
  /** The running call, for the controls. */
  call: PeerCall | null
  /** Whether the call ended because the session is over (then `state` is `ended` for good). */
  sessionEnded: boolean
}

/** The realtime socket's address for an API base, which may be relative to the page. */
export function realtimeUrlFor(apiBase: string, page = globalThis.location?.href): string {
  const base = new URL(apiBase, page)
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/realtime`
  return base.toString()
}

/**
 * Runs one {@link PeerCall} for as long as the component is mounted (or until the session, the token or
 * the API changes), and mirrors its state and streams into React. Once a session is over its call is
 * not started again, whatever else changes.
 */
export function usePeerCall({
  context,
  token,
  sessionId,
  polite,
  onFailure,
  onSessionEnded,
}: PeerCallInput): PeerCallView {
  const [state, setState] = useState<CallState>('starting')
  const [local, setLocal] = useState<MediaStream | null>(null)
  const [remote, setRemote] = useState<MediaStream | null>(null)
  const [call, setCall] = useState<PeerCall | null>(null)
  // The session whose call ended with it, if any.
  const [overFor, setOverFor] = useState<number | null>(null)
  const over = useRef<number | null>(null)
  // The latest callbacks, so a new function from the parent does not restart the call.
  const failure = useRef(onFailure)
  failure.current = onFailure
  const ended = useRef(onSessionEnded)
  ended.current = onSessionEnded
  const { client } = context
  const { apiBase, apiKey, iceServers } = context.config as CallConfig
  const ice = JSON.stringify(iceServers ?? [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token starts the call again (the client reads it)
  useEffect(() => {
    // A new token or API after the session ended must not turn the camera on again.
    if (over.current === sessionId) return
    const made = new PeerCall({
      realtimeUrl: realtimeUrlFor(apiBase),
      apiKey,
      realtimeToken: async () => (await getChatToken(client)).data.payload,
      sessionId,
      polite,
      iceServers: JSON.parse(ice) as RTCIceServer[],
      iceConfig: async () => {
        const { data } = await getIceServers(client, { id: sessionId })
        return { iceServers: data.ice_servers, iceTransportPolicy: data.ice_transport_policy }
      },
      onState: setState,
      onLocalStream: setLocal,
      onRemoteStream: setRemote,
      onFailure: (why) => failure.current(why),
      onSessionEnded: () => {
        over.current = sessionId
        setOverFor(sessionId)
        ended.current?.()
      },
    })
    setCall(made)
    setState('starting')
    void made.start()
    return () => made.leave()
  }, [client, apiBase, apiKey, token, sessionId, polite, ice])

  return { state, local, remote, call, sessionEnded: overFor === sessionId }
}

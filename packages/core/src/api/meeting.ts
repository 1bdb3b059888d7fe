import type {
  CancelSessionParams,
  EndSessionParams,
  IdParams,
  MeetingSignatureParams,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/**
 * Checks that the contributor may start the session now and starts it, with `start_from` 0:
 * `POST /schedule/v2/{id}/validate/contributor`. The session carries its meeting data.
 */
export function validateContributorMeeting(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'validateContributorMeeting'>> {
  return callApi(client, 'validateContributorMeeting', { params, body: { start_from: 0 } }, options)
}

/** Reads the signature to join a meeting with: `GET /schedule/zoom/jwt/{meetingNumber}/{role}`. */
export function getMeetingSignature(
  client: ApiClient,
  params: MeetingSignatureParams,
  options?: CallOptions,
): Promise<CallAnswer<'getMeetingSignature'>> {
  const path = { meetingNumber: params.meeting_number, role: params.role }
  return callApi(client, 'getMeetingSignature', { params: path }, options)
}

/**
 * Reads the STUN and TURN servers of a session's built-in WebRTC call, with TURN credentials made for the
 * caller: `GET /schedule/webrtc/ice-servers/{id}` (a reference-server extension).
 */
export function getIceServers(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getIceServers'>> {
  return callApi(client, 'getIceServers', { params }, options)
}

/** Marks the business owner absent from a session: `POST /schedule/sme-absence/{id}`. */
export function markSmeAbsent(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'markSmeAbsent'>> {
  return callApi(client, 'markSmeAbsent', { params }, options)
}

/**
 * Ends a session, optionally before its end time with a reason, with `end_from` 1:
 * `POST /schedule/sessions/{id}/end/contributor`.
 */
export function endSession(
  client: ApiClient,
  params: EndSessionParams,
  options?: CallOptions,
): Promise<CallAnswer<'endSession'>> {
  const body = { force_end: params.force_end ?? false, end_reason: params.end_reason ?? null, end_from: 1 }
  return callApi(client, 'endSession', { params: { id: params.id }, body }, options)
}

/** Extends a running session: `GET /schedule/sessions/{id}/extend`. */
export function extendSession(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'extendSession'>> {
  return callApi(client, 'extendSession', { params }, options)
}

/** Ends an instant session: `POST /schedule/{id}/end-instant`. */
export function endInstantSession(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'endInstantSession'>> {
  return callApi(client, 'endInstantSession', { params }, options)
}

/** Reads the profile of a session's business owner: `GET /schedule/sessions/{id}/sme`. */
export function getSessionSme(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getSessionSme'>> {
  return callApi(client, 'getSessionSme', { params }, options)
}

/** Lists the reasons a contributor may give for cancelling: `GET /schedule/cancel/reasons`. */
export function getCancelReasons(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getCancelReasons'>> {
  return callApi(client, 'getCancelReasons', {}, options)
}

/** Cancels a session with a reason: `POST /schedule/cancel/session/{id}/contributor`. */
export function cancelSession(
  client: ApiClient,
  params: CancelSessionParams,
  options?: CallOptions,
): Promise<CallAnswer<'cancelSession'>> {
  const { id, ...body } = params
  return callApi(client, 'cancelSession', { params: { id }, body }, options)
}

import type {
  ApiResponse,
  CancelReason,
  CancelSessionParams,
  EndSessionParams,
  IceServers,
  IdParams,
  MeetingSignature,
  MeetingSignatureParams,
  Session,
  SmeProfile,
} from '../contract/index.ts'
import type { ApiClient, CallOptions } from './client.ts'
import { apiPaths } from './paths.ts'

/**
 * Checks that the contributor may start the session now and starts it, with `start_from` 0:
 * `POST /schedule/v2/{id}/validate/contributor`. The session carries its meeting data.
 */
export function validateContributorMeeting(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<Session>> {
  return client.request(apiPaths.meeting.validate(params.id), {
    ...options,
    method: 'POST',
    body: { start_from: 0 },
  })
}

/** Reads the signature to join a meeting with: `GET /schedule/zoom/jwt/{meetingNumber}/{role}`. */
export function getMeetingSignature(
  client: ApiClient,
  params: MeetingSignatureParams,
  options?: CallOptions,
): Promise<ApiResponse<MeetingSignature>> {
  return client.request(apiPaths.meeting.signature(params.meeting_number, params.role), options)
}

/**
 * Reads the STUN and TURN servers of a session's built-in WebRTC call, with TURN credentials made for the
 * caller: `GET /schedule/webrtc/ice-servers/{id}` (a reference-server extension).
 */
export function getIceServers(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<IceServers>> {
  return client.request(apiPaths.meeting.iceServers(params.id), options)
}

/** Marks the business owner absent from a session: `POST /schedule/sme-absence/{id}`. */
export function markSmeAbsent(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<Session>> {
  return client.request(apiPaths.meeting.smeAbsence(params.id), { ...options, method: 'POST' })
}

/**
 * Ends a session, optionally before its end time with a reason, with `end_from` 1:
 * `POST /schedule/sessions/{id}/end/contributor`.
 */
export function endSession(
  client: ApiClient,
  params: EndSessionParams,
  options?: CallOptions,
): Promise<ApiResponse<Session>> {
  const body = { force_end: params.force_end ?? false, end_reason: params.end_reason ?? null, end_from: 1 }
  return client.request(apiPaths.meeting.end(params.id), { ...options, method: 'POST', body })
}

/** Extends a running session: `GET /schedule/sessions/{id}/extend`. */
export function extendSession(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<Session>> {
  return client.request(apiPaths.meeting.extend(params.id), options)
}

/** Ends an instant session: `POST /schedule/{id}/end-instant`. */
export function endInstantSession(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<Session>> {
  return client.request(apiPaths.meeting.endInstant(params.id), { ...options, method: 'POST' })
}

/** Reads the profile of a session's business owner: `GET /schedule/sessions/{id}/sme`. */
export function getSessionSme(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<SmeProfile>> {
  return client.request(apiPaths.meeting.sme(params.id), options)
}

/** Lists the reasons a contributor may give for cancelling: `GET /schedule/cancel/reasons`. */
export function getCancelReasons(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<CancelReason[]>> {
  return client.request(apiPaths.meeting.cancelReasons, options)
}

/** Cancels a session with a reason: `POST /schedule/cancel/session/{id}/contributor`. */
export function cancelSession(
  client: ApiClient,
  params: CancelSessionParams,
  options?: CallOptions,
): Promise<ApiResponse<Session>> {
  const { id, ...body } = params
  return client.request(apiPaths.meeting.cancel(id), { ...options, method: 'POST', body })
}

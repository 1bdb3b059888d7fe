import type {
  ApiResponse,
  BookedSessionsParams,
  ContributorRangeParams,
  CreateSlotsInput,
  IdParams,
  PagedResponse,
  Session,
  Slot,
  WorkingHours,
} from '../contract/index.ts'
import { type ApiClient, type CallOptions, requestPage } from './client.ts'
import { apiPaths } from './paths.ts'

/** Lists the signed-in contributor's booked sessions by period or range: `GET /schedule/booked-sessions`. */
export function getBookedSessions(
  client: ApiClient,
  params: BookedSessionsParams = {},
  options?: CallOptions,
): Promise<PagedResponse<Session>> {
  return requestPage(client, apiPaths.schedule.bookedSessions, { ...options, query: params })
}

/** Reads the working hours within which slots may be published: `GET /schedule/working-hours`. */
export function getWorkingHours(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<WorkingHours>> {
  return client.request(apiPaths.schedule.workingHours, options)
}

/** Publishes slots for the signed-in contributor: `POST /schedule/v5/schedules`. */
export function createSlots(
  client: ApiClient,
  params: CreateSlotsInput,
  options?: CallOptions,
): Promise<ApiResponse<Slot[]>> {
  return client.request(apiPaths.schedule.createSlots, { ...options, method: 'POST', body: params })
}

/** Deletes one of the signed-in contributor's free slots: `DELETE /schedule/contributor/{id}`. */
export function deleteSlot(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  return client.request(apiPaths.schedule.slot(params.id), { ...options, method: 'DELETE' })
}

/**
 * Lists the signed-in contributor's slots, free and booked, in a range given in Unix seconds:
 * `GET /schedule/v2/contributor`.
 */
export function getContributorSlots(
  client: ApiClient,
  params: ContributorRangeParams,
  options?: CallOptions,
): Promise<ApiResponse<Slot[]>> {
  return client.request(apiPaths.schedule.range, { ...options, query: params })
}

import type {
  BookedSessionsParams,
  ContributorRangeParams,
  CreateSlotsInput,
  IdParams,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Lists the signed-in contributor's booked sessions by period or range: `GET /schedule/booked-sessions`. */
export function getBookedSessions(
  client: ApiClient,
  params: BookedSessionsParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getBookedSessions'>> {
  return callApi(client, 'getBookedSessions', { query: params }, options)
}

/** Reads the working hours within which slots may be published: `GET /schedule/working-hours`. */
export function getWorkingHours(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getWorkingHours'>> {
  return callApi(client, 'getWorkingHours', {}, options)
}

/** Publishes slots for the signed-in contributor: `POST /schedule/v5/schedules`. */
export function createSlots(
  client: ApiClient,
  params: CreateSlotsInput,
  options?: CallOptions,
): Promise<CallAnswer<'createSlots'>> {
  return callApi(client, 'createSlots', { body: params }, options)
}

/** Deletes one of the signed-in contributor's free slots: `DELETE /schedule/contributor/{id}`. */
export function deleteSlot(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'deleteSlot'>> {
  return callApi(client, 'deleteSlot', { params }, options)
}

/**
 * Lists the signed-in contributor's slots, free and booked, in a range given in Unix seconds:
 * `GET /schedule/v2/contributor`.
 */
export function getContributorSlots(
  client: ApiClient,
  params: ContributorRangeParams,
  options?: CallOptions,
): Promise<CallAnswer<'getContributorSlots'>> {
  return callApi(client, 'getContributorSlots', { query: params }, options)
}

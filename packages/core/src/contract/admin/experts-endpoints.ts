/**
 * The method and path of the back office's experts calls (issue 33), by name, below `/api/admin`. TypeBox-free, like
 * `../endpoints.ts`: the back office's client carries this table; the schemas are in `./experts.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const adminExpertEndpoints = {
  adminListExperts: 'GET /admin/experts',
  adminGetExpert: 'GET /admin/experts/:id',
  adminUpdateExpert: 'PUT /admin/experts/:id',
  adminDeactivateExpert: 'POST /admin/experts/:id/deactivate',
  adminReactivateExpert: 'POST /admin/experts/:id/reactivate',
  adminPromotePerson: 'POST /admin/experts/promotions',
  adminInviteExpert: 'POST /admin/expert-invitations',
  adminListInvitations: 'GET /admin/expert-invitations',
  adminRevokeInvitation: 'POST /admin/expert-invitations/:id/revoke',
} as const satisfies Record<string, `${CallMethod} /admin/${string}`>

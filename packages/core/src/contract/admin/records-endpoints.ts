/**
 * The method and path of the back office's records calls (issue 33), by name, below `/api/admin`. TypeBox-free, like
 * `../endpoints.ts`: the back office's client carries this table; the schemas are in `./records.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const adminRecordsEndpoints = {
  adminListDeletionRequests: 'GET /admin/deletion-requests',
  adminDecideDeletionRequest: 'POST /admin/deletion-requests/:id/decision',
  adminSessionsReport: 'GET /admin/reports/sessions',
  adminSessionsReportCsv: 'GET /admin/reports/sessions.csv',
  adminSessionListCsv: 'GET /admin/reports/session-list.csv',
  adminRequestsReport: 'GET /admin/reports/requests',
  adminRequestsReportCsv: 'GET /admin/reports/requests.csv',
  adminRatingsReport: 'GET /admin/reports/ratings',
  adminRatingsReportCsv: 'GET /admin/reports/ratings.csv',
  adminAuditLog: 'GET /admin/audit-log',
  adminAuditLogCsv: 'GET /admin/audit-log.csv',
} as const satisfies Record<string, `${CallMethod} /admin/${string}`>

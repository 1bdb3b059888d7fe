/**
 * The method and path of the back office's content calls (issue 33), by name, below `/api/admin`. TypeBox-free, like
 * `../endpoints.ts`: the back office's client carries this table; the schemas are in `./content.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const adminContentEndpoints = {
  adminGetSettings: 'GET /admin/settings',
  adminUpdateSettings: 'PUT /admin/settings',
  adminPublishTerms: 'POST /admin/settings/terms/:audience/publish',
  adminListFaqs: 'GET /admin/faqs',
  adminCreateFaq: 'POST /admin/faqs',
  adminReorderFaqs: 'PUT /admin/faqs/order',
  adminUpdateFaq: 'PUT /admin/faqs/:id',
  adminDeleteFaq: 'DELETE /admin/faqs/:id',
  adminListSubjects: 'GET /admin/subjects',
  adminCreateSubject: 'POST /admin/subjects',
  adminUpdateSubject: 'PUT /admin/subjects/:id',
  adminDeleteSubject: 'DELETE /admin/subjects/:id',
  adminListCenters: 'GET /admin/centers',
  adminCreateCenter: 'POST /admin/centers',
  adminUpdateCenter: 'PUT /admin/centers/:id',
  adminDeleteCenter: 'DELETE /admin/centers/:id',
  adminListOffices: 'GET /admin/offices',
  adminCreateOffice: 'POST /admin/offices',
  adminUpdateOffice: 'PUT /admin/offices/:id',
  adminDeleteOffice: 'DELETE /admin/offices/:id',
  adminListCancelReasons: 'GET /admin/cancel-reasons',
  adminCreateCancelReason: 'POST /admin/cancel-reasons',
  adminUpdateCancelReason: 'PUT /admin/cancel-reasons/:id',
  adminDeleteCancelReason: 'DELETE /admin/cancel-reasons/:id',
} as const satisfies Record<string, `${CallMethod} /admin/${string}`>

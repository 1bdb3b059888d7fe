/**
 * The method and path of the self-service my-data calls (issue 34), by name. TypeBox-free, like `../endpoints.ts`;
 * the schemas are in `./my-data.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const myDataEndpoints = {
  requestMyDataExport: 'POST /self/my-data/exports',
  getMyDataExport: 'GET /self/my-data/export',
  downloadMyDataExport: 'GET /self/my-data/exports/:id/file',
  getMyDataAccesses: 'GET /self/my-data/accesses',
} as const satisfies Record<string, `${CallMethod} /${string}`>

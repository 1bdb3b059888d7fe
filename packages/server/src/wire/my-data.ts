/**
 * A person's own data on the wire (issue 34): their export's state and the list of who used their data, in the
 * contract's shapes (`contract/self/my-data.ts`).
 */
import type { calls } from '@mashura/core/contract'
import type { Static } from 'typebox'
import type { dataAccessesPage } from '../db/queries/my-data.ts'
import type { Row } from '../db/tables.ts'

type ExportStateOut = Static<typeof calls.getMyDataExport.response>['data']
type DataAccessOut = Static<typeof calls.getMyDataAccesses.response>['data'][number]
type AccessRow = Awaited<ReturnType<typeof dataAccessesPage>>['rows'][number]

/** The API address of an export's ZIP (which wants the API key and the bearer token, as every call). */
export function exportDownloadUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/api/self/my-data/exports/${id}/file`
}

/** The state of a person's exports on the wire. */
export function exportStateOut(
  state: { latest: Row<'data_exports'> | null; nextRequestAt: Date | null },
  publicUrl: string,
): ExportStateOut {
  const row = state.latest
  return {
    latest: row
      ? {
          id: row.id,
          state: row.state,
          requested_at: row.requested_at,
          finished_at: row.finished_at,
          expires_at: row.state === 'ready' ? row.expires_at : null,
          size: row.state === 'ready' ? row.size : null,
          download_url: row.state === 'ready' ? exportDownloadUrl(publicUrl, row.id) : null,
        }
      : null,
    next_request_at: state.nextRequestAt ? state.nextRequestAt.toISOString() : null,
  }
}

const FIELDS = new Set(['email', 'mobile', 'companies'])

/** What an audit action is, for the person. */
function kindOf(action: string): DataAccessOut['kind'] {
  if (action === 'my_data.export_request') return 'export_requested'
  if (action === 'my_data.export_download') return 'export_downloaded'
  if (action.startsWith('consent.')) return 'consent'
  return 'other'
}

/** An entry of "who used my data", as the person `personId` sees it. */
export function dataAccessOut(row: AccessRow, personId: number): DataAccessOut {
  if (row.source === 'read')
    return {
      id: `read-${row.id}`,
      occurred_at: row.occurred_at,
      kind: 'contact_read',
      // An erased reader's name is gone (empty): the role alone says who.
      actor: { role: row.role === 'admin' ? 'admin' : 'expert', name: row.actor_label || null },
      fields: row.fields.split(',').filter((f) => FIELDS.has(f)) as DataAccessOut['fields'],
      via: row.via,
      session_id: row.session_id === null ? null : Number(row.session_id),
    }
  const self = row.actor_person_id === personId
  return {
    id: `audit-${row.id}`,
    occurred_at: row.occurred_at,
    kind: kindOf(row.via),
    actor: self
      ? { role: 'self', name: null }
      : row.actor_person_id === null
        ? { role: 'system', name: null }
        : { role: 'admin', name: row.actor_label },
    fields: [],
    via: row.via,
    session_id: null,
  }
}

/**
 * The self-service my-data calls' schemas (issue 34), by name; their methods and paths are in `./my-data-endpoints.ts`.
 * A signed-in person asks for everything the platform holds about them (a ZIP of JSON files and their uploads,
 * prepared in the background, announced by a notice and a mail, downloadable for a few days), and sees who read
 * their contact details and what was done with their data.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import {
  DateTimeSchema,
  Envelope,
  IdParamsSchema,
  Nullable,
  OneOf,
  Paged,
  PageQuerySchema,
} from '../common.ts'

/** The states of an export: being prepared, ready to download, failed (ask again at once), or deleted after its days. */
export const DATA_EXPORT_STATES = ['preparing', 'ready', 'failed', 'expired'] as const

/** What an entry of "who used my data" is. */
export const DATA_ACCESS_KINDS = [
  /** Someone else (an expert, the back office) read the person's contact details. */
  'contact_read',
  /** The person asked for an export of their data. */
  'export_requested',
  /** The export was downloaded. */
  'export_downloaded',
  /** The person accepted the terms (consent). */
  'consent',
  /** Any other recorded action about the person (a back-office change of their account…). */
  'other',
] as const

/** The contact details a read can cover. */
export const CONTACT_FIELDS = ['email', 'mobile', 'companies'] as const

/** A person's data export. */
export const DataExportSchema = Type.Object({
  id: Type.Integer(),
  state: OneOf(DATA_EXPORT_STATES),
  requested_at: DateTimeSchema,
  /** When it was ready (or failed); null while preparing. */
  finished_at: Nullable(DateTimeSchema),
  /** When the ZIP is deleted; null unless ready. */
  expires_at: Nullable(DateTimeSchema),
  /** The ZIP's size in bytes, once ready. */
  size: Nullable(Type.Integer({ minimum: 0 })),
  /**
   * Where to download it, once ready: `downloadMyDataExport`'s address, which wants the same API key and bearer
   * token as every call (a link alone grants nothing).
   */
  download_url: Nullable(Type.String()),
})

/** The state of a person's exports: the latest, and when a new one may be asked for. */
export const MyDataExportStateSchema = Type.Object({
  latest: Nullable(DataExportSchema),
  /** When the next request is allowed; null: now. */
  next_request_at: Nullable(DateTimeSchema),
})

/** One entry of "who used my data", newest first. */
export const DataAccessSchema = Type.Object({
  /** Unique in the list: `read-<n>` or `audit-<n>`. */
  id: Type.String(),
  occurred_at: DateTimeSchema,
  kind: OneOf(DATA_ACCESS_KINDS),
  /** Who: the person themself, an expert, the back office, or the platform (`system`). */
  actor: Type.Object({
    role: OneOf(['self', 'expert', 'admin', 'system'] as const),
    /** Their name as it was then; null for the person themself and the platform. */
    name: Nullable(Type.String()),
  }),
  /** The contact details read (`contact_read` only; else empty). */
  fields: Type.Array(OneOf(CONTACT_FIELDS)),
  /** The call it happened through (its operationId), or the audit trail's action. */
  via: Type.String(),
  /** The session it was read for, when there was one. */
  session_id: Nullable(Type.Integer()),
})

export const myDataSchemas = {
  requestMyDataExport: {
    status: 201,
    response: Envelope(MyDataExportStateSchema),
  },
  getMyDataExport: {
    response: Envelope(MyDataExportStateSchema),
  },
  downloadMyDataExport: {
    params: IdParamsSchema,
    media: 'application/zip',
    response: Type.String(),
  },
  getMyDataAccesses: {
    querystring: PageQuerySchema,
    response: Paged(DataAccessSchema),
  },
} as const satisfies Record<string, CallSchemas>

/** A person's data export, on the wire. */
export type DataExport = Static<typeof DataExportSchema>
/** The state of a person's exports. */
export type MyDataExportState = Static<typeof MyDataExportStateSchema>
/** One entry of "who used my data". */
export type DataAccess = Static<typeof DataAccessSchema>

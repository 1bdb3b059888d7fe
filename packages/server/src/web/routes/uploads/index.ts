/**
 * Voice notes and attachments (spec section 7: two calls), and serving them back. Each file is written to a
 * temporary file under DATA_DIR as it arrives (adapters/files/spool.ts), counted against the size limit and the
 * uploader's quota and refused by its first bytes while it arrives; the whole files are then checked on an
 * upload check thread (adapters/files/check-pool.ts), never on the event loop, within the upload's PDF budget and a
 * deadline, and moved into storage only when every one is accepted. A refused or abandoned upload leaves nothing behind; stored names
 * are made here (uuid + detected extension). Uploads are rate-limited per person, and what one person stores
 * is capped (`UPLOAD_QUOTA_MB`); files attached to nothing are collected by the scheduler (adapters/files/orphans.ts).
 */

import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import multipart, { type MultipartFile } from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CheckPoolBusy, FileCheckPool } from '../../../adapters/files/check-pool.ts'
import { SPOOL_FOLDER, type SpooledFile, SpoolRefused, spoolToDisk } from '../../../adapters/files/spool.ts'
import {
  type AllowedType,
  displayName,
  MAX_ATTACHMENTS,
  MAX_UPLOAD_BYTES,
  mayBeAllowedType,
  UPLOAD_PDF_BUDGET,
  type UploadKind,
} from '../../../adapters/files/validate.ts'
import {
  fileRow,
  fileSentInChatTo,
  insertFilesWithinQuota,
  storedBytes,
} from '../../../db/queries/uploads.ts'
import type { Row } from '../../../db/tables.ts'
import { storedFileOut } from '../../../wire/recommendations.ts'
import { ApiHttpError, badRequest, notFound, unprocessable } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoute, callRoutes, SIGNED_IN } from '../call-route.ts'
import { canReadSessionRecords } from '../contributors/sme.ts'

const fileTooLarge = () =>
  new ApiHttpError(413, 'file_too_large', 'errors.fileTooLarge', {
    values: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 },
  })
const tooManyFiles = () =>
  new ApiHttpError(413, 'too_many_files', 'errors.tooManyFiles', { values: { max: MAX_ATTACHMENTS } })
const unsupportedType = () => new ApiHttpError(415, 'unsupported_media_type', 'errors.unsupportedMediaType')
/** 413 upload_quota_exceeded: the uploader's stored files, with this upload, would pass `UPLOAD_QUOTA_MB`. */
const quotaExceeded = (quotaMb: number) =>
  new ApiHttpError(413, 'upload_quota_exceeded', 'errors.uploadQuotaExceeded', { values: { quotaMb } })
/** 503: more uploads wait for a check thread than may; the client tries again shortly. */
const checksBusy = () =>
  new ApiHttpError(503, 'uploads_busy', 'errors.serviceUnavailable', { headers: { 'retry-after': '5' } })
/** The message of each refusal after the type was recognised, also given as the field's error, and its code. */
const REFUSALS = {
  damaged: ['invalid_file', 'errors.fileDamaged'],
  mixed: ['invalid_file', 'errors.fileMixed'],
  empty: ['invalid_file', 'errors.recordingEmpty'],
  costly: ['file_too_complex', 'errors.fileTooComplex'],
  timeout: ['file_check_timeout', 'errors.fileCheckTimeout'],
} as const
/**
 * 422: the bytes are of an accepted type but do not hold as one (`invalid_file`), would cost more to check than
 * an upload may (`file_too_complex`), or took longer to check than it may (`file_check_timeout`), naming the
 * upload's field.
 */
const refused = (reason: keyof typeof REFUSALS, field: string) => {
  const [code, key] = REFUSALS[reason]
  return unprocessable(code, key, { [field]: key })
}

/** An upload's files as they arrived: each one's temporary file and the name the uploader gave it. */
type Received = (SpooledFile & { filename: string })[]

/** A file checked and ready to store. */
interface CheckedFile {
  temporary: SpooledFile
  type: AllowedType
  name: string
  duration: number | null
  /** Its size as stored: an image's without its metadata. */
  size: number
}

const route = callRoutes({ tags: ['uploads'], access: 'signedIn' })

export async function uploadsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { uploads } = app.config
  const quotaBytes = uploads.quotaMb * 1024 * 1024
  const spoolDir = join(app.config.dataDir, SPOOL_FOLDER)
  // Encapsulated: only this plugin's routes parse multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES + 1,
      files: MAX_ATTACHMENTS,
      fields: 10,
      parts: MAX_ATTACHMENTS + 10,
    },
    throwFileSizeLimit: true,
  })
  const checks = new FileCheckPool()
  app.addHook('onClose', () => checks.close())
  /**
   * One count for both upload calls, per person, through the rate-limit plugin (in Redis with REDIS_URL, so it
   * holds across instances); it runs after the sign-in check and before any byte of the body is read.
   */
  const limitUploads = app.rateLimit({
    max: uploads.perWindow,
    timeWindow: app.config.rateLimit.windowMs,
    keyGenerator: (request) => `uploads:person:${request.auth?.personId ?? request.ip}`,
  })

  /**
   * Writes the multipart files of one field to temporary files as they arrive, into `received` (which the
   * caller deletes), refusing while they arrive: 413 past the size limit or the uploader's `room`, 415 for a
   * type not accepted; the parser's limit errors are mapped to ours.
   */
  async function receive(
    request: FastifyRequest,
    field: readonly string[],
    maxFiles: number,
    kind: UploadKind,
    room: number,
    received: Received,
  ): Promise<void> {
    if (!request.isMultipart()) throw unsupportedType()
    let total = 0
    try {
      const parts = request.parts({
        limits: {
          fileSize: MAX_UPLOAD_BYTES + 1,
          files: maxFiles,
          fields: 10,
          fieldSize: 1024,
          parts: maxFiles + 10,
        },
      })
      for await (const part of parts) {
        if (part.type !== 'file') continue
        const file = part as MultipartFile
        if (!field.includes(file.fieldname)) {
          // Drain what we will not keep, then refuse.
          file.file.resume()
          throw badRequest('unknown_field', 'errors.validationFailed', {
            [file.fieldname]: 'errors.unknownField',
          })
        }
        const spooled = await spoolToDisk(file.file, {
          dir: spoolDir,
          maxBytes: MAX_UPLOAD_BYTES,
          room: room - total,
          accepts: (head) => mayBeAllowedType(head, kind),
        })
        received.push({ ...spooled, filename: file.filename })
        total += spooled.size
      }
    } catch (error) {
      if (error instanceof SpoolRefused) {
        if (error.reason === 'too_large') throw fileTooLarge()
        if (error.reason === 'over_quota') throw quotaExceeded(uploads.quotaMb)
        throw unsupportedType()
      }
      const code = (error as { code?: unknown }).code
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge()
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooManyFiles()
      throw error
    }
  }

  /**
   * Checks every file's type and structure (and a voice note's duration) on a check thread, within the
   * upload's PDF budget and deadline; throws on the first refusal: 415 for a type not accepted, 422 for
   * one that does not hold as its type, costs too much to check, or took too long.
   */
  async function check(received: Received, kind: UploadKind): Promise<CheckedFile[]> {
    let result: Awaited<ReturnType<FileCheckPool['check']>>
    try {
      result = await checks.check(
        { kind, paths: received.map((f) => f.path), pdfBudget: UPLOAD_PDF_BUDGET },
        uploads.checkMs,
      )
    } catch (error) {
      if (error instanceof CheckPoolBusy) throw checksBusy()
      throw error
    }
    if (!result.ok) {
      if (result.reason === 'unsupported') throw unsupportedType()
      throw refused(result.reason, kind === 'voice_note' ? 'file' : 'files[]')
    }
    return result.files.map(({ type, duration, size }, index) => {
      const fallback =
        kind === 'voice_note' ? `voice-note.${type.ext}` : `attachment-${index + 1}.${type.ext}`
      const temporary = received[index]!
      return { temporary, type, name: displayName(temporary.filename, fallback), duration, size }
    })
  }

  /**
   * Moves checked files into storage and records them, after checking again, under a lock on the uploader, that
   * they fit the quota (another upload of theirs may have been stored meanwhile); on any failure removes what
   * it moved.
   */
  async function store(personId: number, kind: UploadKind, files: CheckedFile[]): Promise<Row<'files'>[]> {
    const now = new Date().toISOString()
    const rows: Row<'files'>[] = files.map((f) => {
      const id = randomUUID()
      return {
        id,
        owner_person_id: personId,
        session_id: null,
        kind,
        original_name: f.name,
        stored_name: `${id}.${f.type.ext}`,
        mime_type: f.type.mime,
        size: f.size,
        duration_seconds: f.duration,
        created_at: now,
      }
    })
    const moved: string[] = []
    try {
      for (const [i, row] of rows.entries()) {
        await app.files.putFile(row.stored_name, files[i]!.temporary.path)
        moved.push(row.stored_name)
      }
      if (!(await insertFilesWithinQuota(db, app.store.dialect, personId, rows, quotaBytes)))
        throw quotaExceeded(uploads.quotaMb)
    } catch (error) {
      await Promise.all(moved.map((name) => app.files.delete(name).catch(() => undefined)))
      throw error
    }
    return rows
  }

  /**
   * Receives, checks and stores one upload: 413 at once when the uploader's quota is already full; every
   * temporary file is deleted at the end, whether the upload was stored, refused or abandoned.
   */
  async function upload(
    request: FastifyRequest,
    kind: UploadKind,
    field: readonly string[],
    maxFiles: number,
  ): Promise<Row<'files'>[]> {
    const { personId } = requireAuth(request)
    const room = quotaBytes - (await storedBytes(db, personId))
    if (room <= 0) throw quotaExceeded(uploads.quotaMb)
    const received: Received = []
    try {
      await receive(request, field, maxFiles, kind, room, received)
      if (received.length === 0)
        throw badRequest('file_required', 'errors.validationFailed', {
          [kind === 'voice_note' ? 'file' : 'files[]']: 'errors.fieldRequired',
        })
      return await store(personId, kind, await check(received, kind))
    } finally {
      await Promise.all(received.map((f) => rm(f.path, { force: true })))
    }
  }

  const uploadErrors = { 413: ErrorBody, 415: ErrorBody, 422: ErrorBody, 503: ErrorBody }
  const multipartBody = { consumes: ['multipart/form-data'] }
  /** What both upload calls document about their bounds. */
  const bounds =
    " Each file is refused while it arrives when it passes 10 MB (413 file_too_large), or the uploader's " +
    'stored files with it would pass their quota (`UPLOAD_QUOTA_MB`, 413 upload_quota_exceeded), or its first ' +
    'bytes are of no accepted type (415). The files are then checked off the request thread: a PDF whose object ' +
    "streams inflate past 8 MB, or the upload's PDFs past 16 MB together, or that holds over 100,000 objects is " +
    '422 file_too_complex; checking that takes longer than `UPLOAD_CHECK_MS` is 422 file_check_timeout; 503 ' +
    'uploads_busy while too many uploads wait for a check. One person may upload `RATE_LIMIT_UPLOAD` times a ' +
    'window, both calls counted together (429 rate_limited). A file attached to nothing for ' +
    '`UPLOAD_ORPHAN_HOURS` is deleted.'

  app.route({
    ...route(calls.uploadVoiceNote, {
      summary: 'Uploads a voice note (multipart field `file`): WebM, Ogg, MP3, M4A or WAV, at most 10 MB.',
      description:
        'The type is read from the bytes, never the name, and the whole file must hold as that container ' +
        '(WebM blocks, Ogg pages, MP4 boxes, MP3 frames, WAV chunks, reaching exactly to its end) with a ' +
        'duration above zero, counted from its blocks or samples (a MediaRecorder WebM states none). ' +
        "Answers the stored file (send its `path` as a recommendation's `voice_note`) and the duration in " +
        'whole seconds, rounded up. 413 file_too_large, 415 unsupported_media_type, 422 invalid_file (damaged, ' +
        'mixed with markup or another file type, or without sound); nothing is stored for a refused upload.' +
        bounds,
      ...multipartBody,
      errors: uploadErrors,
    }),
    preHandler: limitUploads,
    handler: async (request, reply) => {
      const [row] = await upload(request, 'voice_note', ['file'], 1)
      reply.code(201)
      return {
        data: { file: storedFileOut(row!, app.config.publicUrl), duration: row!.duration_seconds ?? 0 },
      }
    },
  })

  app.route({
    ...route(calls.uploadAttachments, {
      summary:
        'Uploads attachments (multipart fields `files[]`): PDF, DOCX, XLSX, PPTX, PNG, JPEG, WebP or GIF; at most 10 files of 10 MB.',
      description:
        'Types are read from the bytes, never the names, and each file must hold as its type from first ' +
        'byte to last: a PDF must parse (pdf-lib) with a page and end at its last `%%EOF`; an image must ' +
        'decode its dimensions and end at its end marker (PNG IEND with valid CRCs, JPEG EOI, GIF trailer, ' +
        'WebP RIFF size); an Office file must be one ZIP archive. Markup a browser could sniff in the first ' +
        '4 KB, or a ZIP hidden at the end, refuses a file. Answers the stored files in the order sent; send ' +
        "their `path`s as a recommendation's `attachments`. 413 file_too_large or too_many_files, 415 " +
        'unsupported_media_type, 422 invalid_file; one refused file refuses the whole upload and nothing ' +
        'is stored.' +
        bounds,
      ...multipartBody,
      errors: uploadErrors,
    }),
    preHandler: limitUploads,
    handler: async (request, reply) => {
      const rows = await upload(request, 'attachment', ['files[]', 'files'], MAX_ATTACHMENTS)
      reply.code(201)
      return { data: { files: rows.map((r) => storedFileOut(r, app.config.publicUrl)) } }
    },
  })

  app.route({
    ...callRoute(calls.getUploadedFile, {
      tags: ['uploads'],
      summary:
        "An uploaded file, as a download: to the session's business owner and contributor, or to its uploader before it is attached to a session.",
      description:
        'A file sent in a chat message is also served to the two people of that conversation. Anyone ' +
        'else, and unknown ids, get 404.',
      security: SIGNED_IN,
    }),
    preValidation: async (request) => void requireAuth(request),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const row = await fileRow(db, request.params.id)
      if (!row) throw notFound()
      let allowed = row.owner_person_id === auth.personId && row.session_id === null
      if (row.session_id !== null) allowed = await canReadSessionRecords(db, auth, row.session_id)
      // A file sent in chat goes to the two people of the conversation it was sent in.
      if (!allowed) {
        allowed = await fileSentInChatTo(db, row.id, auth.personId)
      }
      if (!allowed) throw notFound()
      const stream = await app.files.get(row.stored_name)
      if (!stream) throw notFound()
      return reply
        .headers({
          'content-type': row.mime_type,
          'content-length': String(row.size),
          'content-disposition': `attachment; filename="${row.stored_name}"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(stream as never)
    },
  })
}

/**
 * Voice notes and attachments (spec section 7: two calls), and serving them back. Every file is
 * read into memory and checked (type by magic bytes, size, count) before anything is written, so a
 * refused upload leaves nothing on disk; stored names are made here (uuid + detected extension).
 */
import { randomUUID } from 'node:crypto'
import multipart, { type MultipartFile } from '@fastify/multipart'
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Row } from '../../db/tables.ts'
import {
  type AllowedType,
  displayName,
  inspectUpload,
  MAX_ATTACHMENTS,
  MAX_UPLOAD_BYTES,
  type UploadKind,
} from '../../files/validate.ts'
import { ApiHttpError, badRequest, notFound, unprocessable } from '../../http/errors.ts'
import { commonErrors, ErrorBody } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoutes, SIGNED_IN } from '../call-route.ts'
import { canReadSessionRecords } from '../contributors/sme.ts'
import { storedFileOut } from '../serialize/recommendations.ts'

const fileTooLarge = () =>
  new ApiHttpError(413, 'file_too_large', 'errors.fileTooLarge', {
    values: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 },
  })
const tooManyFiles = () =>
  new ApiHttpError(413, 'too_many_files', 'errors.tooManyFiles', { values: { max: MAX_ATTACHMENTS } })
const unsupportedType = () => new ApiHttpError(415, 'unsupported_media_type', 'errors.unsupportedMediaType')
/** The message of each structural refusal, also given as the field's error. */
const REFUSALS = {
  damaged: 'errors.fileDamaged',
  mixed: 'errors.fileMixed',
  empty: 'errors.recordingEmpty',
} as const
/** 422 invalid_file: the bytes are of an accepted type but do not hold as one, naming the upload's field. */
const invalidFile = (reason: keyof typeof REFUSALS, field: string) =>
  unprocessable('invalid_file', REFUSALS[reason], { [field]: REFUSALS[reason] })

/** An upload checked in memory, not yet stored. */
interface CheckedFile {
  data: Buffer
  type: AllowedType
  name: string
  duration: number | null
}

/** Reads the multipart files of one field into memory, mapping the parser's limit errors to ours. */
async function readFiles(
  request: FastifyRequest,
  field: readonly string[],
  maxFiles: number,
): Promise<{ data: Buffer; filename: string }[]> {
  if (!request.isMultipart()) throw unsupportedType()
  const out: { data: Buffer; filename: string }[] = []
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
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
      out.push({ data: await file.toBuffer(), filename: file.filename })
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge()
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooManyFiles()
    throw error
  }
  return out
}

/**
 * Checks every file's type and structure (and a voice note's duration); throws on the first refusal:
 * 415 for a type not accepted, 422 invalid_file for one that does not hold as its type.
 */
async function check(files: { data: Buffer; filename: string }[], kind: UploadKind): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = []
  for (const [index, f] of files.entries()) {
    if (f.data.length > MAX_UPLOAD_BYTES) throw fileTooLarge()
    const inspection = await inspectUpload(f.data, kind)
    if (!inspection.ok) {
      if (inspection.reason === 'unsupported') throw unsupportedType()
      throw invalidFile(inspection.reason, kind === 'voice_note' ? 'file' : 'files[]')
    }
    const { type, duration } = inspection
    const fallback = kind === 'voice_note' ? `voice-note.${type.ext}` : `attachment-${index + 1}.${type.ext}`
    checked.push({ data: f.data, type, name: displayName(f.filename, fallback), duration })
  }
  return checked
}

const route = callRoutes({ tags: ['uploads'], access: 'signedIn' })

export async function uploadsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  // Encapsulated: only this plugin's routes parse multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_ATTACHMENTS, fields: 10, parts: MAX_ATTACHMENTS + 10 },
    throwFileSizeLimit: true,
  })

  /** Stores checked files and their rows; on any failure removes what it wrote. */
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
        size: f.data.length,
        duration_seconds: f.duration,
        created_at: now,
      }
    })
    const written: string[] = []
    try {
      for (const [i, row] of rows.entries()) {
        await app.files.put(row.stored_name, files[i]!.data)
        written.push(row.stored_name)
      }
      await db.insertInto('files').values(rows).execute()
    } catch (error) {
      await Promise.all(written.map((name) => app.files.delete(name).catch(() => undefined)))
      throw error
    }
    return rows
  }

  const uploadErrors = { 413: ErrorBody, 415: ErrorBody, 422: ErrorBody }
  const multipartBody = { consumes: ['multipart/form-data'] }

  app.route({
    ...route(calls.uploadVoiceNote, {
      summary: 'Uploads a voice note (multipart field `file`): WebM, Ogg, MP3, M4A or WAV, at most 10 MB.',
      description:
        'The type is read from the bytes, never the name, and the whole file must hold as that container ' +
        '(WebM blocks, Ogg pages, MP4 boxes, MP3 frames, WAV chunks, reaching exactly to its end) with a ' +
        'duration above zero, counted from its blocks or samples (a MediaRecorder WebM states none). ' +
        "Answers the stored file (send its `path` as a recommendation's `voice_note`) and the duration in " +
        'whole seconds, rounded up. 413 file_too_large, 415 unsupported_media_type, 422 invalid_file (damaged, ' +
        'mixed with markup or another file type, or without sound); nothing is stored for a refused upload.',
      ...multipartBody,
      errors: uploadErrors,
    }),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const files = await readFiles(request, ['file'], 1)
      if (files.length === 0)
        throw badRequest('file_required', 'errors.validationFailed', { file: 'errors.fieldRequired' })
      const [checked] = await check(files, 'voice_note')
      const [row] = await store(auth.personId, 'voice_note', [checked!])
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
        'is stored.',
      ...multipartBody,
      errors: uploadErrors,
    }),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const files = await readFiles(request, ['files[]', 'files'], MAX_ATTACHMENTS)
      if (files.length === 0)
        throw badRequest('file_required', 'errors.validationFailed', { 'files[]': 'errors.fieldRequired' })
      const checked = await check(files, 'attachment')
      const rows = await store(auth.personId, 'attachment', checked)
      reply.code(201)
      return { data: { files: rows.map((r) => storedFileOut(r, app.config.publicUrl)) } }
    },
  })

  app.get(
    '/uploader/files/:id',
    {
      preValidation: async (request) => void requireAuth(request),
      schema: {
        tags: ['uploads'],
        summary:
          "An uploaded file, as a download: to the session's business owner and contributor, or to its uploader before it is attached to a session.",
        description:
          'A file sent in a chat message is also served to the two people of that conversation. Anyone ' +
          'else, and unknown ids, get 404.',
        security: SIGNED_IN,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: {
          200: { content: { 'application/octet-stream': { schema: Type.String() } } },
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      const row = await db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst()
      if (!row) throw notFound()
      let allowed = row.owner_person_id === auth.personId && row.session_id === null
      if (row.session_id !== null) allowed = await canReadSessionRecords(db, auth, row.session_id)
      // A file sent in chat goes to the two people of the conversation it was sent in.
      if (!allowed) {
        const sentTo = await db
          .selectFrom('chat_messages')
          .innerJoin('conversations', 'conversations.id', 'chat_messages.conversation_id')
          .innerJoin('contributors', 'contributors.id', 'conversations.contributor_id')
          .select('chat_messages.id')
          .where('chat_messages.file_id', '=', row.id)
          .where((eb) =>
            eb.or([
              eb('conversations.sme_id', '=', auth.personId),
              eb('contributors.person_id', '=', auth.personId),
            ]),
          )
          .limit(1)
          .executeTakeFirst()
        allowed = sentTo !== undefined
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
  )
}

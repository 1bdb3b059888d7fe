/**
 * The wire shapes of the upload calls (spec section 7, "Uploads"): what a voice note and an attachments
 * upload answer. The bodies are multipart (`file`, `files[]`), which JSON Schema does not describe. And the
 * paths of the files the server serves: an uploaded file's download and a generated avatar.
 */
import { type Static, Type } from 'typebox'
import { StoredFileSchema } from './recommendations.ts'

/** The result of a voice-note upload: the stored voice note and its length in seconds. */
export const VoiceNoteUploadResultSchema = Type.Object({
  file: StoredFileSchema,
  duration: Type.Integer({ minimum: 0 }),
})

/** The result of an attachments upload: the stored files, in the order sent. */
export const AttachmentsUploadResultSchema = Type.Object({ files: Type.Array(StoredFileSchema) })

/** The path of `GET /uploader/files/{id}`: an uploaded file's id. */
export const StoredFileParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) })

/** The path of `GET /files/avatars/{name}`: `c-{contributorId}.svg` or `p-{personId}.svg`. */
export const AvatarParamsSchema = Type.Object({ name: Type.String() })

/** The result of a voice-note upload; send the file's `path` as a recommendation's `voice_note`. */
export type VoiceNoteUploadResult = Static<typeof VoiceNoteUploadResultSchema>

/** The parameters of a voice-note upload, sent as the multipart field `file`. */
export type VoiceNoteUploadParams = {
  /** The recording. */
  file: Blob
  /** The file name to send; defaults to the File's name, else `voice-note`. */
  filename?: string
}

/** The parameters of an attachments upload, sent as the multipart fields `files[]`. */
export type AttachmentsUploadParams = {
  /** The files to attach. */
  files: Blob[]
}

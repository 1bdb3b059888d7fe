import type {
  ApiResponse,
  AttachmentsUploadParams,
  AttachmentsUploadResult,
  VoiceNoteUploadParams,
  VoiceNoteUploadResult,
} from '../contract/index.ts'
import type { ApiClient, CallOptions } from './client.ts'
import { apiPaths } from './paths.ts'

function fileName(file: Blob, fallback: string): string {
  return typeof File !== 'undefined' && file instanceof File && file.name !== '' ? file.name : fallback
}

/**
 * Uploads a voice note as the multipart field `file`: `POST /uploader/voice_note/upload/dashboard`.
 * It does not count for the global loader unless `options.loader` is true.
 */
export function uploadVoiceNote(
  client: ApiClient,
  params: VoiceNoteUploadParams,
  options?: CallOptions,
): Promise<ApiResponse<VoiceNoteUploadResult>> {
  const body = new FormData()
  body.append('file', params.file, params.filename ?? fileName(params.file, 'voice-note'))
  return client.request(apiPaths.uploads.voiceNote, {
    ...options,
    loader: options?.loader ?? false,
    method: 'POST',
    body,
  })
}

/** Uploads attachments as the multipart fields `files[]`: `POST /uploader/attachments/upload`. */
export function uploadAttachments(
  client: ApiClient,
  params: AttachmentsUploadParams,
  options?: CallOptions,
): Promise<ApiResponse<AttachmentsUploadResult>> {
  const body = new FormData()
  params.files.forEach((file, index) => {
    body.append('files[]', file, fileName(file, `attachment-${index + 1}`))
  })
  return client.request(apiPaths.uploads.attachments, { ...options, method: 'POST', body })
}

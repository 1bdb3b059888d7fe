import type { AttachmentsUploadParams, VoiceNoteUploadParams } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

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
): Promise<CallAnswer<'uploadVoiceNote'>> {
  const body = new FormData()
  body.append('file', params.file, params.filename ?? fileName(params.file, 'voice-note'))
  return callApi(client, 'uploadVoiceNote', { body }, { ...options, loader: options?.loader ?? false })
}

/** Uploads attachments as the multipart fields `files[]`: `POST /uploader/attachments/upload`. */
export function uploadAttachments(
  client: ApiClient,
  params: AttachmentsUploadParams,
  options?: CallOptions,
): Promise<CallAnswer<'uploadAttachments'>> {
  const body = new FormData()
  params.files.forEach((file, index) => {
    body.append('files[]', file, fileName(file, `attachment-${index + 1}`))
  })
  return callApi(client, 'uploadAttachments', { body }, options)
}

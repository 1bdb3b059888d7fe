import { isApiError, uploadVoiceNote as uploadVoiceNoteCall, type VoiceNoteUploadResult } from '@mashura/core'
import { api } from './api.ts'
import { showApiError } from './notices.ts'

/** Returns whether a voice-note upload failure shows its message: only when the status is not 500 (spec 8). */
export function voiceNoteErrorShown(status: number): boolean {
  return status !== 500
}

/** The file extension the server expects for a recording's MIME type (it reads the bytes, the name is cosmetic). */
function extensionOf(type: string): string {
  if (type.includes('ogg')) return 'ogg'
  if (type.includes('mp4') || type.includes('aac')) return 'm4a'
  if (type.includes('mpeg')) return 'mp3'
  if (type.includes('wav')) return 'wav'
  return 'webm'
}

/**
 * Uploads a recorded voice note (`POST /uploader/voice_note/upload/dashboard`) and answers the stored file
 * with its length, or `null` when the upload failed. A failure follows spec section 8's rule: the caller
 * clears the recording ("clear the URL"), and the server's message is shown only if the status is not 500.
 * The server reads the length from the file; when it cannot (a live WebM recording carries none), the
 * recorder's own count of `seconds` stands in.
 */
export async function uploadVoiceNote(blob: Blob, seconds: number): Promise<VoiceNoteUploadResult | null> {
  try {
    const { data } = await uploadVoiceNoteCall(api, {
      file: blob,
      filename: `voice-note.${extensionOf(blob.type)}`,
    })
    return { ...data, duration: data.duration > 0 ? data.duration : Math.round(seconds) }
  } catch (error) {
    // A network failure (status 0) is not a 500 either, so its message shows too.
    const status = isApiError(error) ? error.status : 0
    if (voiceNoteErrorShown(status)) showApiError(error)
    else console.error(error)
    return null
  }
}

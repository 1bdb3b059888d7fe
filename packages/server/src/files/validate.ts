/**
 * Upload checks done in memory, before anything is written: the type by magic bytes (never the
 * name or the Content-Type the browser sent), the size, a voice note's duration from its
 * container, and a display-only original name with path parts stripped.
 */
import { fileTypeFromBuffer } from 'file-type'
import { parseBuffer } from 'music-metadata'

/** The largest upload, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The most attachments one upload may carry. */
export const MAX_ATTACHMENTS = 10

/** What an upload is for. */
export type UploadKind = 'voice_note' | 'attachment'

/** A type an upload may have: the extension the stored name gets and the Content-Type it is served with. */
export interface AllowedType {
  ext: string
  mime: string
}

/**
 * Audio containers a voice note may come in, by the extension file-type detects. Chrome and Firefox
 * record WebM/Ogg, Safari records MP4 audio (detected as `m4a`, or `mp4` for some brands).
 */
const VOICE_TYPES: Record<string, AllowedType> = {
  webm: { ext: 'webm', mime: 'audio/webm' },
  ogg: { ext: 'ogg', mime: 'audio/ogg' },
  oga: { ext: 'ogg', mime: 'audio/ogg' },
  opus: { ext: 'ogg', mime: 'audio/ogg' },
  mp3: { ext: 'mp3', mime: 'audio/mpeg' },
  m4a: { ext: 'm4a', mime: 'audio/mp4' },
  mp4: { ext: 'm4a', mime: 'audio/mp4' },
  wav: { ext: 'wav', mime: 'audio/wav' },
}

/** Documents and images an attachment may be. */
const ATTACHMENT_TYPES: Record<string, AllowedType> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
}

/** The detected type of some bytes when an upload of this kind may have it, else null. */
export async function detectAllowedType(data: Uint8Array, kind: UploadKind): Promise<AllowedType | null> {
  if (data.length === 0) return null
  const detected = await fileTypeFromBuffer(data)
  if (!detected) return null
  const allowed = kind === 'voice_note' ? VOICE_TYPES : ATTACHMENT_TYPES
  return Object.hasOwn(allowed, detected.ext) ? allowed[detected.ext]! : null
}

/**
 * A voice note's length in whole seconds (rounded up), read from its container; null when the
 * container is not readable audio. A recording whose container states no duration (MediaRecorder's
 * WebM) counts 0 seconds.
 */
export async function audioDurationSeconds(data: Uint8Array, mime: string): Promise<number | null> {
  try {
    const meta = await parseBuffer(data, { mimeType: mime, size: data.length }, { duration: true })
    const seconds = meta.format.duration
    if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 0
    return Math.ceil(seconds)
  } catch {
    return null
  }
}

/** The longest original name kept, in characters. */
const MAX_NAME = 200

/**
 * The uploader's file name, for display only: the last path part (either slash), without control or
 * bidi-override characters, trimmed and shortened; `fallback` when nothing is left. Never used as a
 * storage name.
 */
export function displayName(name: string | undefined, fallback: string): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? ''
  const clean = last
    .normalize('NFC')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim()
  const safe = clean === '.' || clean === '..' ? '' : clean
  return [...safe].slice(0, MAX_NAME).join('') || fallback
}

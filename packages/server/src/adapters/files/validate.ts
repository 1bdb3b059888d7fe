/**
 * Upload checks: the type by magic bytes (never the name or the Content-Type the browser sent), the structure
 * of the whole file by its container (`structure.ts`, pdf-lib, image-size, music-metadata), a voice note's
 * duration, and a display-only original name with path parts stripped. The whole-file checks run on the
 * upload check threads (`check-pool.ts`), never on the thread that answers requests; only the look at a file's
 * first bytes while it arrives (`mayBeAllowedType`) runs there.
 */
import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import {
  checkGif,
  checkJpeg,
  checkMp3,
  checkNoMarkup,
  checkNoZipEnd,
  checkOgg,
  checkPdfEnvelope,
  checkPdfStreams,
  checkPng,
  checkWebp,
  checkZip,
  FileRefused,
  mp4Seconds,
  type PdfCost,
  type RefusalReason,
  wavSeconds,
  webmSeconds,
} from './structure.ts'

/** The largest upload, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The most attachments one upload may carry. */
export const MAX_ATTACHMENTS = 10
/**
 * What one upload's PDFs may cost pdf-lib together (each one at most `PDF_INFLATE_LIMIT` and
 * `PDF_MAX_OBJECTS`): what their object and cross-reference streams inflate to, and their objects. Ten files
 * at each file's limit would cost ten times what one may.
 */
export const UPLOAD_PDF_BUDGET: PdfCost = { inflated: 16 * 1024 * 1024, objects: 2_000_000 }

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

/** How many leading bytes `mayBeAllowedType` looks at: what file-type reads to recognise a type. */
export const HEAD_BYTES = 4100

/**
 * Whether a file that starts with `head` (its first `HEAD_BYTES`, or all of it when shorter) may be of a type
 * an upload of this kind accepts: checked while the file arrives, so a file of another type is refused before
 * the rest of it is read. It errs on the side of yes where the start alone cannot tell (a ZIP archive whose
 * Office parts come later, an MP3 behind a long ID3 tag); the whole file is then checked by `inspectUpload`.
 */
export async function mayBeAllowedType(head: Uint8Array, kind: UploadKind): Promise<boolean> {
  if (head.length === 0) return false
  if (await detectAllowedType(head, kind)) return true
  const magic = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 4)).toString('latin1')
  return kind === 'attachment' ? magic === 'PK\x03\x04' : magic.startsWith('ID3')
}

/** The detected type of some bytes when an upload of this kind may have it, else null. */
export async function detectAllowedType(data: Uint8Array, kind: UploadKind): Promise<AllowedType | null> {
  if (data.length === 0) return null
  const detected = await fileTypeFromBuffer(data)
  if (!detected) return null
  const allowed = kind === 'voice_note' ? VOICE_TYPES : ATTACHMENT_TYPES
  return Object.hasOwn(allowed, detected.ext) ? allowed[detected.ext]! : null
}

/** The result of inspecting an upload: its type and (for a voice note) duration, or why it is refused. */
export type Inspection =
  | { ok: true; type: AllowedType; duration: number | null }
  | { ok: false; reason: 'unsupported' | RefusalReason }

/** What one inspection may cost. */
export interface InspectLimits {
  /** What a PDF may cost pdf-lib (what is left of the upload's `UPLOAD_PDF_BUDGET`); each file's limits by default. */
  pdfBudget?: Partial<PdfCost>
}

/**
 * Inspects an upload in full: its type by magic bytes, then its structure by its container from the
 * first byte to the last, refusing markup a browser could sniff, a ZIP hidden at its end, data after
 * an end marker, a voice note without sound, and a PDF that would cost too much to parse. A voice note's
 * duration is in whole seconds, rounded up, and above zero.
 */
export async function inspectUpload(
  data: Uint8Array,
  kind: UploadKind,
  limits: InspectLimits = {},
): Promise<Inspection> {
  const type = await detectAllowedType(data, kind)
  if (!type) return { ok: false, reason: 'unsupported' }
  try {
    checkNoMarkup(data, ZIP_TYPES.has(type.ext))
    if (!ZIP_TYPES.has(type.ext)) checkNoZipEnd(data)
    const duration = kind === 'voice_note' ? await voiceSeconds(data, type) : null
    if (kind === 'attachment') await checkAttachment(data, type, limits)
    return { ok: true, type, duration }
  } catch (error) {
    if (error instanceof FileRefused) return { ok: false, reason: error.reason }
    // A parser's own error means the bytes are not the container they claim to be.
    return { ok: false, reason: 'damaged' }
  }
}

/**
 * What a PDF would cost pdf-lib (`checkPdfStreams`), throwing `FileRefused` when that is past `budget`;
 * nothing for any other file. Uploads call it on all their files first, so that files that together cost
 * too much are refused before any is parsed.
 */
export async function pdfCost(data: Uint8Array, budget: Partial<PdfCost>): Promise<PdfCost> {
  const type = await detectAllowedType(data, 'attachment')
  if (type?.ext !== 'pdf') return { inflated: 0, objects: 0 }
  return checkPdfStreams(data, budget)
}

/** Attachment types that are ZIP archives themselves. */
const ZIP_TYPES = new Set(['docx', 'xlsx', 'pptx'])

/** Checks an attachment's structure, by type; throws when it does not hold. */
async function checkAttachment(data: Uint8Array, type: AllowedType, limits: InspectLimits): Promise<void> {
  switch (type.ext) {
    case 'png':
      checkPng(data)
      break
    case 'jpg':
      checkJpeg(data)
      break
    case 'gif':
      checkGif(data)
      break
    case 'webp':
      checkWebp(data)
      break
    case 'pdf': {
      checkPdfEnvelope(data)
      checkPdfStreams(data, limits.pdfBudget)
      // A full parse of every object (pdf-lib keeps streams undecoded, so 10 MB takes tens of ms). pdf-lib,
      // like music-metadata below, is loaded on the first upload that needs it, not at the server's start.
      const { PDFDocument } = await import('pdf-lib')
      const pdf = await PDFDocument.load(data, {
        throwOnInvalidObject: true,
        updateMetadata: false,
        ignoreEncryption: true,
      })
      if (pdf.getPageCount() < 1) throw new FileRefused('damaged', 'PDF without pages')
      return
    }
    default:
      checkZip(data)
      return
  }
  const size = imageSize(data)
  if (!(size.width > 0 && size.height > 0)) throw new FileRefused('damaged', 'image without dimensions')
}

/**
 * A voice note's duration in whole seconds, rounded up; throws when its container does not hold or it
 * has no sound. WAV, MP4 and WebM durations are counted from their samples or blocks here (what
 * MediaRecorder's headers state is missing or wrong); Ogg and MP3 ones by music-metadata, which reads
 * every page or frame.
 */
async function voiceSeconds(data: Uint8Array, type: AllowedType): Promise<number> {
  let seconds: number | undefined
  if (type.ext === 'wav') seconds = wavSeconds(data)
  else if (type.ext === 'm4a') seconds = mp4Seconds(data)
  else if (type.ext === 'webm') seconds = webmSeconds(data)
  else {
    if (type.ext === 'ogg') checkOgg(data)
    else checkMp3(data)
    const { parseBuffer } = await import('music-metadata')
    const meta = await parseBuffer(data, { mimeType: type.mime, size: data.length }, { duration: true })
    seconds = meta.format.duration
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0)
    throw new FileRefused('empty', 'no duration')
  return Math.ceil(seconds)
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
